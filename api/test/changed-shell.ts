/**
 * A build of the shell with a visible change (the footer says one more sentence) and a changed lazy
 * chunk (the contact form thanks in other words), made from a scratch copy of the shell package so
 * the checkout's own build is untouched: a server deploy for the browser suite and the skew drill.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/platform/config';

export const CHANGED_FOOTER = 'Built again for the deploy test.';

/** Builds it into `outDir` (the scratch copy is made in the checkout, where the shell's packages resolve, and removed). */
export async function buildChangedShell(outDir: string): Promise<void> {
  const scratch = path.join(REPO_ROOT, '.e2e-artifacts', `shell-next-${process.pid}-${Date.now()}`);
  try {
    for (const entry of [
      'src',
      'build',
      'public',
      'index.html',
      'package.json',
      'rspack.config.ts',
      'module-federation.config.ts',
      'postcss.config.mjs',
    ]) {
      fs.cpSync(path.join(REPO_ROOT, 'shell', entry), path.join(scratch, entry), { recursive: true });
    }
    // The shell's own dependencies that npm did not hoist to the root.
    fs.symlinkSync(path.join(REPO_ROOT, 'shell', 'node_modules'), path.join(scratch, 'node_modules'));
    const edit = (file: string, from: string, to: string) => {
      const source = fs.readFileSync(path.join(scratch, file), 'utf8');
      if (!source.includes(from)) throw new Error(`${file} no longer holds "${from}": update the changed shell`);
      fs.writeFileSync(path.join(scratch, file), source.replace(from, to));
    };
    edit('src/layout/site-footer.tsx', '© {year} {siteConfig.legalName}', `© {year} {siteConfig.legalName}. ${CHANGED_FOOTER}`);
    edit('src/contact/contact-copy.ts', "successTitle: 'Message sent'", "successTitle: 'Message on its way'");
    await new Promise<void>((resolve, reject) =>
      execFile(
        'npx',
        ['rspack', 'build', '-c', path.join(scratch, 'rspack.config.ts')],
        { cwd: scratch, env: { ...process.env, CARDLIFT_BUILD_DIR: outDir }, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => (error ? reject(new Error(`building the changed shell failed:\n${stderr}${stdout}`)) : resolve()),
      ),
    );
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
