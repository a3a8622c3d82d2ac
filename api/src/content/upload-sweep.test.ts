import crypto from 'node:crypto';
/**
 * The sweep of uploaded content images, on the real content (seeded from the content files) and a real
 * artifact folder: SQLite, and PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it).
 */
import { describeEachDatabase, twoInstances } from '../../test/databases';
import { editorialStoreOn } from './open-editorial-store';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { UPLOADED_IMAGE_PREFIX } from '@cardlift/contracts';
import { loadConfig } from '../app-config';
import { DirectoryArtifactStore } from '../artifacts/artifact-store';
import { seedContent } from './content-seed';
import { ContentService } from './content-service';
import type { EditorialStore } from './editorial-store';
import { UploadSweep } from './upload-sweep';

const contentDir = loadConfig({}).contentDir;
const HOUR_MS = 60 * 60 * 1000;

const imageName = (digit: string) => `${digit.repeat(32)}.webp`;
const OLD_UNREFERENCED = imageName('a');
const OLD_IN_OLD_REVISION = imageName('b');
const FRESH_UNREFERENCED = imageName('c');

describeEachDatabase('upload sweep', 'upload_sweep_test', (database) => {
  let store: EditorialStore;
  let other: EditorialStore;
  let drop: () => Promise<void>;
  let artifacts: DirectoryArtifactStore;
  let logLines: { msg: string; removed?: number; abandoned?: number }[];
  const clock = () => new Date();
  const service = () => new ContentService({ store: async () => store, imagesDir: path.join(contentDir, 'images'), clock });
  const sweeper = (on: EditorialStore) =>
    new UploadSweep({
      artifacts,
      store: async () => on,
      graceHours: 24,
      logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) }),
    });

  /** Stores an image as the upload route does, then dates it `hoursAgo`. */
  async function uploaded(name: string, hoursAgo: number) {
    await artifacts.putContentImage(name, Buffer.from(`image ${name}`));
    const at = new Date(Date.now() - hoursAgo * HOUR_MS);
    fs.utimesSync(artifacts.locateContentImage(name)!, at, at);
  }

  const stored = (name: string) => artifacts.locateContentImage(name) !== undefined;

  /** Saves the post with `heroImage`, then saves it back: the image is named by an old revision only. */
  async function namedInOldRevisionOnly(name: string) {
    const item = (await store.item('blog', 'merchants-announcement'))!;
    const body = (await store.revision(item.uid, item.latestRevision))!.body as Record<string, unknown>;
    await service().save('blog', 'merchants-announcement', { ...body, heroImage: `${UPLOADED_IMAGE_PREFIX}${name}` }, 'test');
    await service().save('blog', 'merchants-announcement', body, 'test');
  }

  beforeEach(async () => {
    ({
      stores: [store, other],
      drop,
    } = await twoInstances(database, editorialStoreOn));
    artifacts = new DirectoryArtifactStore(fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-sweep-releases-')));
    logLines = [];
    await seedContent(store, contentDir, clock);
  });
  afterEach(async () => {
    await store.close();
    await other.close();
    await drop();
  });

  it('removes an old upload nothing names, keeps one an old revision names and one uploaded recently, and logs the count', async () => {
    await uploaded(OLD_UNREFERENCED, 25);
    await uploaded(OLD_IN_OLD_REVISION, 25);
    await uploaded(FRESH_UNREFERENCED, 23);
    await namedInOldRevisionOnly(OLD_IN_OLD_REVISION);

    expect(await sweeper(store).sweep()).toBe(1);
    expect(stored(OLD_UNREFERENCED)).toBe(false);
    expect(stored(OLD_IN_OLD_REVISION)).toBe(true);
    expect(stored(FRESH_UNREFERENCED)).toBe(true);
    expect(logLines).toContainEqual(expect.objectContaining({ msg: 'unreferenced content uploads removed', removed: 1 }));
  });

  it('removes what an instance stopped mid-write left, older than an hour, and leaves writes in progress and releases', async () => {
    await uploaded(FRESH_UNREFERENCED, 1);
    const imagesDir = path.dirname(artifacts.locateContentImage(FRESH_UNREFERENCED)!);
    /** A file or a folder with a file in it, last changed `minutesAgo`. */
    const left = (at: string, minutesAgo: number, folder = false) => {
      fs.mkdirSync(folder ? at : path.dirname(at), { recursive: true });
      fs.writeFileSync(folder ? path.join(at, 'remoteEntry.js') : at, 'half of it');
      const when = new Date(Date.now() - minutesAgo * 60_000);
      fs.utimesSync(at, when, when);
      return at;
    };
    const remoteDir = path.join(artifacts.dir, 'mf_invest');
    const released = left(path.join(remoteDir, '1.0.0-abc'), 600, true);
    const abandoned = [
      left(path.join(imagesDir, `.${OLD_UNREFERENCED}.${crypto.randomUUID()}`), 61),
      left(path.join(artifacts.dir, '.incoming', crypto.randomUUID()), 61, true),
      left(path.join(remoteDir, `.staging-1.0.1-def-${crypto.randomUUID()}`), 90, true),
      left(path.join(remoteDir, `.removed-0.9.0-aaa-${crypto.randomUUID()}`), 600, true),
    ];
    const inProgress = [
      left(path.join(imagesDir, `.${OLD_IN_OLD_REVISION}.${crypto.randomUUID()}`), 0),
      left(path.join(artifacts.dir, '.incoming', crypto.randomUUID()), 5, true),
      left(path.join(remoteDir, `.staging-1.0.2-fed-${crypto.randomUUID()}`), 0, true),
    ];
    expect(await sweeper(store).sweep()).toBe(0);
    for (const file of abandoned) expect([file, fs.existsSync(file)]).toEqual([file, false]);
    for (const file of [...inProgress, released]) expect([file, fs.existsSync(file)]).toEqual([file, true]);
    expect(stored(FRESH_UNREFERENCED)).toBe(true);
    expect(logLines).toContainEqual(expect.objectContaining({ msg: 'half-written uploads removed', abandoned: 4 }));
  });

  it('keeps an old upload uploaded again since (the editor has not saved yet)', async () => {
    await uploaded(OLD_UNREFERENCED, 48);
    await artifacts.putContentImage(OLD_UNREFERENCED, Buffer.from('the same bytes again'));
    expect(await sweeper(store).sweep()).toBe(0);
    expect(stored(OLD_UNREFERENCED)).toBe(true);
  });

  it('deletes each file once when two instances sweep at the same moment', async () => {
    await uploaded(OLD_UNREFERENCED, 30);
    await uploaded(OLD_IN_OLD_REVISION, 30);
    await namedInOldRevisionOnly(OLD_IN_OLD_REVISION);
    const removed = await Promise.all([sweeper(store).sweep(), sweeper(other).sweep()]);
    expect(removed[0]! + removed[1]!).toBe(1);
    expect(stored(OLD_UNREFERENCED)).toBe(false);
    expect(stored(OLD_IN_OLD_REVISION)).toBe(true);
  });

  it('keeps an upload a save names while the sweep runs', async () => {
    await uploaded(OLD_UNREFERENCED, 30);
    // The save lands right after the sweep read every revision naming an upload.
    let saved = false;
    const racing: EditorialStore = Object.create(store, {
      revisionBodiesContaining: {
        value: async (text: string) => {
          const bodies = await store.revisionBodiesContaining(text);
          if (!saved) {
            saved = true;
            const item = (await store.item('blog', 'merchants-announcement'))!;
            const body = (await store.revision(item.uid, item.latestRevision))!.body as Record<string, unknown>;
            await service().save('blog', item.itemId, { ...body, heroImage: `${UPLOADED_IMAGE_PREFIX}${OLD_UNREFERENCED}` }, 'test');
          }
          return bodies;
        },
      },
    });
    expect(await sweeper(racing).sweep()).toBe(0);
    expect(saved).toBe(true);
    expect(stored(OLD_UNREFERENCED)).toBe(true);
  });

  it('deletes nothing when the content cannot be read', async () => {
    await uploaded(OLD_UNREFERENCED, 30);
    const broken = { revisionBodiesContaining: () => Promise.reject(new Error('database is down')) } as unknown as EditorialStore;
    await expect(sweeper(broken).sweep()).rejects.toThrow('database is down');
    expect(stored(OLD_UNREFERENCED)).toBe(true);
    expect(logLines).toContainEqual(expect.objectContaining({ msg: expect.stringMatching(/not swept/) }));
  });
});
