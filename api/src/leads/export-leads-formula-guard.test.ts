/**
 * The CSV sales open in a spreadsheet: values typed by strangers must stay text. A cell starting with
 * =, +, -, @, a tab or a carriage return would run as a formula; it gets a leading apostrophe. Checked
 * on the CLI's real output, from a real store.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../platform/config';
import { openSqliteStore } from './open-lead-store';
import { csvCell } from './export-leads';

describe('leads:export CSV', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+1+1', `"'+1+1"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\t=1', `"'\t=1"`],
    ['Acme, Inc', '"Acme, Inc"'],
    ['Say "hi"', '"Say ""hi"""'],
    ['Plain Company', 'Plain Company'],
  ])('writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('prints every lead with formulas defused, from the store DATA_DIR names', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-export-'));
    const store = openSqliteStore(dataDir);
    await store.addLead(
      {
        firstName: 'Eve',
        lastName: '=cmd|" /C calc"!A0',
        email: 'eve@example.com',
        jobTitle: '@Head',
        company: '+Evil, Ltd',
        businessHelp: 'other',
        agreeToUpdates: false,
      },
      [],
    );
    await store.close();
    const out = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'leads', 'export-leads.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(out.status).toBe(0);
    const [header, row] = out.stdout.split('\r\n');
    expect(header).toBe(
      'id,createdAt,firstName,lastName,email,jobTitle,company,businessHelp,agreeToUpdates,utmSource,utmMedium,utmCampaign,utmTerm,utmContent,referrer,landingPage',
    );
    expect(row).toContain(`,Eve,"'=cmd|"" /C calc""!A0",eve@example.com,"'@Head","'+Evil, Ltd",other,false`);
  });
});
