/**
 * What the code that measures real visits weighs in the shell's start, read from the build: the
 * minified code the source maps attribute to `shell/src/rum/` in every chunk but the reporter's own,
 * and what it adds to each chunk once compressed (brotli of the chunk, minus brotli of the chunk with
 * that code cut out: its true cost in context). The reporter and web-vitals load after the page is
 * interactive, in the `rum-reporter` chunk, whose compressed size is given apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

const RUM_SOURCE = /shell\/src\/rum\//;
const brotli = (text) => zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** [start, end) offsets of the generated code each mapping covers whose source is a measuring module. */
function measuringSpans(code, map) {
  const lineStarts = [0];
  for (let i = 0; i < code.length; i += 1) if (code[i] === '\n') lineStarts.push(i + 1);
  const mappings = [];
  new SourceMapConsumer(map).eachMapping((m) => mappings.push(m));
  const offset = (m) => lineStarts[m.generatedLine - 1] + m.generatedColumn;
  const spans = [];
  mappings.forEach((m, i) => {
    if (!m.source || !RUM_SOURCE.test(m.source)) return;
    const next = mappings[i + 1];
    spans.push([offset(m), next ? offset(next) : code.length]);
  });
  return spans;
}

export function rumStartBytes(assetsDir) {
  const files = fs.readdirSync(assetsDir).filter((f) => f.endsWith('.js') && fs.existsSync(path.join(assetsDir, `${f}.map`)));
  let minified = 0;
  let compressed = 0;
  let reporterBrotli = 0;
  for (const file of files) {
    const code = fs.readFileSync(path.join(assetsDir, file), 'utf8');
    if (file.startsWith('rum-reporter.')) {
      reporterBrotli += brotli(code);
      continue;
    }
    const spans = measuringSpans(code, JSON.parse(fs.readFileSync(path.join(assetsDir, `${file}.map`), 'utf8')));
    if (spans.length === 0) continue;
    let without = '';
    let at = 0;
    for (const [start, end] of spans.sort((a, b) => a[0] - b[0])) {
      if (start < at) continue;
      without += code.slice(at, start);
      minified += end - start;
      at = end;
    }
    without += code.slice(at);
    compressed += brotli(code) - brotli(without);
  }
  return { minified, compressed, reporterBrotli };
}
