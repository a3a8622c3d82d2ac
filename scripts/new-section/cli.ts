/**
 * `npm run new-section -- <name> --paths /partners,/partners/*` [--label "Partner Program"] [--menu company]
 * Creates mf-<name>, a working section, and prints what to do next. Exit codes: 0 created, 1 refused
 * (nothing changed), 2 usage.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateSection, type GeneratedSection } from './generate';
import { Refusal } from './refusal';

const USAGE =
  'usage: npm run new-section -- <name> --paths /<name>,/<name>/* [--label "<Label>"] [--menu products|solutions|resources|company]';

function nextSteps({ plan, tokenVariable, changedOutside, notes }: GeneratedSection): string {
  const { row, pagePath } = plan;
  return [
    `Created ${row.packageDir}/ (${row.label}): federation name ${row.name}, dev port ${row.devPort}, CSS prefix ${row.cssPrefix}:, page ${pagePath}.`,
    `Changed outside it: ${changedOutside.join(', ')} (and the link node_modules/@cardlift/${row.packageDir}).`,
    ...notes,
    '',
    'Next steps:',
    `  npm start                              # builds ${row.packageDir} (and the shell: the table changed), serves http://localhost:3000${pagePath}`,
    `  npm run dev -- ${row.packageDir}`.padEnd(41) + '# its dev server beside the built site',
    `  npx jest --selectProjects ${row.packageDir}`,
    '',
    `Releases: a site accepts ${row.packageDir} from the holder of its own token. On the site, set`,
    `  ${tokenVariable}=<SHA-256 of the token, hex>     # printf %s "$TOKEN" | sha256sum`,
    'then send the first release from here (or CI):',
    `  RELEASE_TOKEN=<token> npm run release -w ${row.packageDir} -- --to https://<site>`,
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { paths: { type: 'string' }, label: { type: 'string' }, menu: { type: 'string' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (positionals.length > 1) {
    console.error(`One name only (got ${positionals.join(', ')})\n${USAGE}`);
    return 2;
  }
  const repoRoot = path.resolve(__dirname, '..', '..');
  try {
    const section = await generateSection({ name: positionals[0], ...values }, repoRoot);
    console.log(nextSteps(section));
    return 0;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.error(`Refused: ${error.message}\nNothing was changed.\n${USAGE}`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
