/**
 * Content from the command line, on the server's own database (DATABASE_URL or DATA_DIR), recorded
 * as `cli` in the audit. Every instance picks a change up within a second, as for the API.
 *   npm run content -w @cardlift/api -- list <kind>
 *   npm run content -w @cardlift/api -- save <kind> <id> <file.json>
 *   npm run content -w @cardlift/api -- publish <kind> <id> [--at <ISO time>] [--cancel-schedule]
 *   npm run content -w @cardlift/api -- unpublish <kind> <id> [--cancel-schedule]
 *   npm run content -w @cardlift/api -- revisions <kind> <id>
 *   npm run content -w @cardlift/api -- restore <kind> <id> <revision>
 * <kind> is casestudies, blog, jobs or banners. Exit codes: 0 done, 1 refused (nothing written), 2 usage.
 * Publishing now or unpublishing an item with a pending schedule is refused unless --cancel-schedule.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { contentKindSchema } from '@cardlift/contracts';
import { loadConfig } from '../app-config';
import { seedContent } from './content-seed';
import { ContentRefused, ContentService } from './content-service';
import { ContentConflict } from './editorial-store';
// A script: its store carries the rows the modules add to every change (script-stores.ts).
import { openScriptContent } from '../script-stores';
import { DirectoryArtifactStore } from '../artifacts/artifact-store';

const USAGE =
  'usage: content <list|save|publish|unpublish|revisions|restore> <kind> [<id>] [<file.json>|<revision>] [--at <ISO time>] [--cancel-schedule]';
const ACTOR = 'cli';
const cancelledNote = (item: { cancelledSchedule?: { revision: number; publishAt: string } }) =>
  item.cancelledSchedule
    ? ` (cancelled the schedule of revision ${item.cancelledSchedule.revision} at ${item.cancelledSchedule.publishAt})`
    : '';

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { at: { type: 'string' }, 'cancel-schedule': { type: 'boolean' } },
  });
  const cancelSchedule = values['cancel-schedule'] === true;
  const [command, kindArg, id, extra] = positionals;
  const kind = contentKindSchema.safeParse(kindArg);
  if (!command || !kind.success || (command !== 'list' && !id)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const store = await openScriptContent(config);
  // As a server's start would: a database never seeded gets the content files first.
  await seedContent(store, config.contentDir);
  const service = new ContentService({
    store: async () => store,
    imagesDir: path.join(config.contentDir, 'images'),
    uploaded: (name) => new DirectoryArtifactStore(config.releasesDir).locateContentImage(name) !== undefined,
    clock: () => new Date(),
  });
  try {
    switch (command) {
      case 'list':
        for (const item of await store.items(kind.data))
          console.log(
            `${item.itemId}\t${item.state}\tlatest ${item.latestRevision}\tlive ${item.liveRevision ?? '-'}${item.publishAt ? `\tat ${item.publishAt}` : ''}`,
          );
        return 0;
      case 'save': {
        if (!extra) return usage();
        const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), extra);
        const item = await service.save(kind.data, id!, JSON.parse(fs.readFileSync(file, 'utf8')), ACTOR);
        console.log(`${kind.data}/${item.itemId}: revision ${item.latestRevision} saved as a draft`);
        return 0;
      }
      case 'publish': {
        const item = await service.publish(kind.data, id!, ACTOR, values.at, 'any', { replaceSchedule: cancelSchedule });
        console.log(`${kind.data}/${item.itemId}: ${item.state}${item.publishAt ? ` at ${item.publishAt}` : ''}${cancelledNote(item)}`);
        return 0;
      }
      case 'unpublish': {
        const item = await service.unpublish(kind.data, id!, ACTOR, 'any', { cancelSchedule });
        console.log(`${kind.data}/${id}: unpublished${cancelledNote(item)}`);
        return 0;
      }
      case 'revisions':
        for (const r of await service.revisions(kind.data, id!))
          console.log(`${r.revision}\t${r.itemId}\t${r.createdAt}\t${r.createdBy}${r.restoredFrom ? `\trestores ${r.restoredFrom}` : ''}`);
        return 0;
      case 'restore': {
        const revision = Number(extra);
        if (!Number.isInteger(revision) || revision < 1) return usage();
        const item = await service.restore(kind.data, id!, revision, ACTOR);
        console.log(`${kind.data}/${item.itemId}: revision ${revision} restored as draft ${item.latestRevision}`);
        return 0;
      }
      default:
        return usage();
    }
  } catch (error) {
    if (!(error instanceof ContentRefused) && !(error instanceof ContentConflict)) throw error;
    console.error(error.message);
    for (const issue of (error as ContentRefused).issues ?? []) console.error(`  ${issue.path}: ${issue.message}`);
    return 1;
  } finally {
    await store.close();
  }
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
