/**
 * People accounts of the editor, from the command line on the server's own database (DATABASE_URL
 * or DATA_DIR), recorded as `cli` in the editor's audit:
 *   npm run editors -- add <email> --role editor|publisher   prints a one-time set-password link
 *   npm run editors -- list
 *   npm run editors -- reset <email>                         a new link (the old one stops working)
 *   npm run editors -- remove <email>                        the account and its sessions
 * Exit codes: 0 done, 1 refused (nothing written), 2 usage.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../app-config';
import { AccountRefused, AccountService, checkedRole, SET_PASSWORD_LINK_HOURS } from './editor-accounts';
import { openEditorStore } from './open-editor-store';

const USAGE = 'usage: editors <add <email> --role editor|publisher | list | reset <email> | remove <email>> (--help explains them)';
const HELP = `npm run editors -- <command>   the editor's people accounts, on this server's database (DATABASE_URL or DATA_DIR)
  add <email> --role editor|publisher   add an account; prints a one-time set-password link
  list                                  every account, its role, whether its password is set, a lock
  reset <email>                         a new set-password link (the old one stops working)
  remove <email>                        remove the account and sign it out everywhere
  --help                                this help

Exit codes: 0 done, 1 refused (nothing changed), 2 a mistake in the command.`;

function printLink(link: string, siteUrl: string, port: number): void {
  console.log(`Set-password link (works once, within ${SET_PASSWORD_LINK_HOURS} hours; send it to the person only):`);
  console.log(link);
  // Without SITE_URL the link names the built-in public address, which a machine running the site
  // with `npm start` is not: the same link on this machine's own address works there.
  if (!process.env.SITE_URL) {
    console.log(`SITE_URL is not set. On this machine (npm start), the same link is:`);
    console.log(link.replace(siteUrl, `http://localhost:${port}`));
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { role: { type: 'string' } } });
  } catch (error) {
    // An unknown option, or --role without a value: Node's sentence on one line, then the usage.
    console.error(`editors: ${(error as Error).message.split('\n')[0]!.replace(/\. To specify.*$/, '')}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const [command, email] = positionals;
  if (!command || (command !== 'list' && !email) || positionals.length > (command === 'list' ? 1 : 2)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const store = await openEditorStore(config);
  const { siteUrl } = config.siteAddresses;
  const accounts = new AccountService({ store: async () => store, siteUrl, clock: () => new Date() });
  const print = (link: string) => printLink(link, siteUrl, config.port);
  try {
    switch (command) {
      case 'add': {
        const link = await accounts.add(email!, checkedRole(values.role));
        console.log(`Added ${email!.trim().toLowerCase()} (${values.role}).`);
        print(link);
        return 0;
      }
      case 'list':
        for (const a of await accounts.list())
          console.log(
            `${a.email}\t${a.role}\t${a.passwordHash ? 'password set' : 'no password yet'}${a.lockedUntil && a.lockedUntil > new Date().toISOString() ? `\tlocked until ${a.lockedUntil}` : ''}`,
          );
        return 0;
      case 'reset':
        print(await accounts.reset(email!));
        return 0;
      case 'remove':
        await accounts.remove(email!);
        console.log(`Removed ${email!.trim().toLowerCase()} and signed it out everywhere.`);
        return 0;
      default:
        console.error(USAGE);
        return 2;
    }
  } catch (error) {
    if (error instanceof AccountRefused) {
      console.error(`editors ${command}: ${error.message}; nothing was changed`);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A database that cannot be opened, say: its message, not a stack.
    console.error(`editors failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
