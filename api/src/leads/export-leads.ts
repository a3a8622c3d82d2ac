/**
 * `npm run leads:export [-- --format json]`: every lead on stdout, CSV by default, from the store
 * DATA_DIR / DATABASE_URL name, so sales can take leads out without touching the database.
 */
import { ATTRIBUTION_FIELDS } from '@cardlift/contracts';
import { loadConfig } from '../app-config';
import type { Lead } from './lead-store';
import { openLeadStore } from './open-lead-store';

const COLUMNS = ['id', 'createdAt', 'firstName', 'lastName', 'email', 'jobTitle', 'company', 'businessHelp', 'agreeToUpdates'] as const;

/**
 * One CSV cell (RFC 4180 quoting). A cell a spreadsheet would run as a formula (=, +, -, @) gets a
 * leading apostrophe: the values are typed by strangers on the internet.
 */
export function csvCell(value: string | boolean): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row per lead; the attribution fields are columns of their own (empty where the visit had none). */
export function toCsv(leads: readonly Lead[]): string {
  const header = [...COLUMNS, ...ATTRIBUTION_FIELDS];
  const row = (lead: Lead) => [...COLUMNS.map((c) => lead[c]), ...ATTRIBUTION_FIELDS.map((f) => lead.attribution[f] ?? '')];
  const lines = [header.join(','), ...leads.map((lead) => row(lead).map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

function parseFormat(args: readonly string[]): 'csv' | 'json' {
  const i = args.indexOf('--format');
  const value = args.find((a) => a.startsWith('--format='))?.slice('--format='.length) ?? (i >= 0 ? args[i + 1] : 'csv');
  if (value !== 'csv' && value !== 'json') throw new Error(`--format must be csv or json, got "${value}"`);
  return value;
}

async function main(): Promise<void> {
  const format = parseFormat(process.argv.slice(2));
  const store = await openLeadStore(loadConfig());
  try {
    const leads = await store.listLeads();
    process.stdout.write(format === 'json' ? `${JSON.stringify(leads, null, 2)}\n` : toCsv(leads));
  } finally {
    await store.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`leads:export failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
