/**
 * A content page's throughput with its content read from the database (as the site runs: seeded once,
 * followed by polling) beside the same app given the content files directly (`AppDeps.content`, the
 * way it served before content moved to the database), at the same concurrency, with a bare node:http
 * server sending the same page's bytes as the floor. Content is held in memory either way, so the
 * database should cost a page almost nothing (target: database >= 0.90 of files).
 */
import http from 'node:http';
import { createApp } from '../src/app';
import { loadContent } from '../src/content/content-store';
import type { AppConfig } from '../src/app-config';
import { resultLine, type Load } from './load-result';

type Listen = (server: http.Server) => Promise<string>;

export const PAGE_TARGET_RATIO = 0.9;
const CONNECTIONS = 20;

export interface PageSources {
  page: string;
  filesUrl: string;
  staticUrl: string;
}

/** In the bench's server process: a second app serving the content files, and a static copy of the page. */
export async function servePageSources(config: AppConfig, databaseAppUrl: string, listen: Listen): Promise<PageSources> {
  const files = createApp({ config, content: loadContent(config.contentDir) });
  await files.start();
  await files.warm();
  const filesUrl = await listen(http.createServer(files.koa.callback()));
  const [post] = (await (await fetch(`${databaseAppUrl}/api/blog`)).json()) as { id: string }[];
  const page = `/blog/${post?.id ?? ''}`;
  // Asked once of each: the first request renders the page and keeps it.
  await fetch(`${filesUrl}${page}`);
  const answer = await fetch(`${databaseAppUrl}${page}`);
  const bytes = Buffer.from(await answer.arrayBuffer());
  const type = answer.headers.get('content-type') ?? 'text/html; charset=utf-8';
  const staticUrl = await listen(
    http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': bytes.length });
      res.end(bytes);
    }),
  );
  return { page, filesUrl, staticUrl };
}

export async function benchPageContentSource(load: Load, databaseAppUrl: string, sources: PageSources, seconds: number): Promise<boolean> {
  const run = (base: string) => load({ url: `${base}${sources.page}`, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  console.log(`\nGET ${sources.page} (server-rendered content page), ${CONNECTIONS} connections, ${seconds} s each`);
  // One unmeasured second on each app first: both run in one process, and the first load would
  // otherwise pay for warming the code they share.
  for (const base of [sources.filesUrl, databaseAppUrl])
    await load({ url: `${base}${sources.page}`, connections: CONNECTIONS, duration: 1, pipelining: 1 });
  const files = await run(sources.filesUrl);
  const database = await run(databaseAppUrl);
  const bare = await run(sources.staticUrl);
  console.log(resultLine('content from files', files));
  console.log(resultLine('content from the database', database));
  console.log(resultLine('bare node:http static copy', bare));
  const ratio = database.requests.average / files.requests.average;
  const met = ratio >= PAGE_TARGET_RATIO && database.non2xx === 0 && files.non2xx === 0;
  console.log(`  ratio database/files ${ratio.toFixed(2)} (target >= ${PAGE_TARGET_RATIO.toFixed(2)}: ${met ? 'met' : 'NOT met'})`);
  return met;
}
