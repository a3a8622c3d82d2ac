import { suiteContentDir } from './content';
import { startSite, type Site } from './site';

declare global {
  var __E2E_SITE__: Site | undefined;
}

export default async function globalSetup(): Promise<void> {
  const contentDir = suiteContentDir();
  const site = await startSite({ CONTENT_DIR: contentDir });
  globalThis.__E2E_SITE__ = site;
  process.env.E2E_BASE_URL = site.baseUrl;
  process.env.E2E_DATA_DIR = site.dataDir;
  process.env.E2E_CONTENT_DIR = contentDir;
}
