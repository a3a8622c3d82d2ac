// The `--static` reference: each measured page frozen to the HTML the site serves, with its
// stylesheets inlined and every script removed, served from its own port. Images, fonts and other
// files are proxied to the site, so the only difference Lighthouse sees is the JavaScript.
import http from 'node:http';
import zlib from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg)/;

/** Gzipped like the site sends it, so the two differ only in what the page carries. */
function send(req, res, status, headers, body) {
  if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && COMPRESSIBLE.test(headers['content-type'] ?? '')) {
    body = zlib.gzipSync(body);
    headers['content-encoding'] = 'gzip';
  }
  res.writeHead(status, headers);
  res.end(body);
}

async function freeze(baseUrl, path) {
  let html = await (await fetch(`${baseUrl}${path}`)).text();
  html = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  html = html.replace(/<link rel="(?:modulepreload|preload)"[^>]*as="(?:script|fetch)"[^>]*>/g, '');
  const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)];
  for (const [tag, href] of sheets) {
    const css = await (await fetch(new URL(href, baseUrl))).text();
    html = html.replace(tag, () => `<style>${css}</style>`);
  }
  return html;
}

/** Starts the mirror of `paths`; resolves with its base URL and a stop function. */
export async function startStaticMirror(baseUrl, paths) {
  const pages = new Map();
  for (const path of paths) pages.set(path, await freeze(baseUrl, path));
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url, 'http://mirror').pathname;
    const page = pages.get(path);
    if (page) {
      return send(req, res, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }, Buffer.from(page));
    }
    const upstream = await fetch(`${baseUrl}${req.url}`);
    const headers = {};
    for (const name of ['content-type', 'cache-control']) {
      const value = upstream.headers.get(name);
      if (value) headers[name] = value;
    }
    send(req, res, upstream.status, headers, Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}
