import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withInlineBoot } from './boot-script';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-boot-'));
fs.mkdirSync(path.join(dist, 'assets'));
const TEMPLATE = '<head><!--app-head--><script defer src="/assets/boot.0123456789.js"></script></head><body><!--app-state--></body>';

describe('inlined boot script', () => {
  it('takes the deferred tag out and hands the code over with its SHA-256 for the CSP', () => {
    const code = 'document.title="booted";';
    fs.writeFileSync(path.join(dist, 'assets', 'boot.0123456789.js'), code);
    const page = withInlineBoot(TEMPLATE, dist);
    expect(page.html).toBe('<head><!--app-head--></head><body><!--app-state--></body>');
    expect(page.boot).toEqual({ code, cspSource: `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'` });
  });

  it('leaves the tag as it is when the file is missing or could end the element', () => {
    fs.rmSync(path.join(dist, 'assets', 'boot.0123456789.js'));
    expect(withInlineBoot(TEMPLATE, dist)).toEqual({ html: TEMPLATE });
    fs.writeFileSync(path.join(dist, 'assets', 'boot.0123456789.js'), 'var s="</script>";');
    expect(withInlineBoot(TEMPLATE, dist)).toEqual({ html: TEMPLATE });
  });
});
