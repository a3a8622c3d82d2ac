/**
 * `npm run leads:resend`: puts every lead notification that ran out of attempts (the webhook or the
 * mail server down for longer than the relay retries) back in the queue, on the store DATA_DIR /
 * DATABASE_URL name. A running api sends them within a second; if none runs, the next one to start
 * does. Leads themselves are never affected: they are stored whatever their notifications do.
 */
import { loadConfig } from '../app-config';
import { openLeadStore } from './open-lead-store';

async function main(): Promise<void> {
  const store = await openLeadStore(loadConfig());
  try {
    const requeued = await store.requeueFailed();
    console.log(
      requeued === 0
        ? 'No failed lead notifications: nothing to send again.'
        : `${requeued} failed lead notification${requeued === 1 ? '' : 's'} queued again: a running api sends them now.`,
    );
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(`leads:resend failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
