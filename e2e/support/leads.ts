/** The leads the suite's site has stored, as `npm run leads:export` gives them to sales. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './site';

export function exportLeads(format: 'csv' | 'json'): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  return execFileSync(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(REPO_ROOT, 'api', 'src', 'leads', 'export-leads.ts'), '--format', format],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    },
  );
}

export interface ExportedLead {
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string;
  company: string;
  businessHelp: string;
  agreeToUpdates: boolean;
  attribution: Record<string, string>;
}

export const exportedLeads = (): ExportedLead[] => JSON.parse(exportLeads('json')) as ExportedLead[];
