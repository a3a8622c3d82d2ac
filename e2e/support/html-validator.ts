/**
 * The W3C HTML validator (the Nu Html Checker from the vnu-jar package), run once over many files:
 * the JVM takes seconds to start, so every page goes through one invocation.
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * The checker's jar, called with the machine's Java. (The package's postinstall would download a
 * Java of its own; npm does not run it here, as it is not in package.json's allowScripts.)
 */
const VNU_JAR = require.resolve('vnu-jar/build/dist/vnu.jar');

/** vnu-jar's own build needs Java 17 or later. */
const JAVA_MAJOR_NEEDED = 17;

/** Why the validator cannot run here (no Java, or one too old), or null when it can. */
export function validatorUnavailable(): string | null {
  const version = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    return "no `java` on this machine (.ci/run installs Debian's default-jre-headless; locally: apt-get install -y default-jre-headless)";
  }
  const major = Number(/version "(\d+)/.exec(version.stderr)?.[1] ?? 0);
  return major >= JAVA_MAJOR_NEEDED ? null : `Java ${JAVA_MAJOR_NEEDED}+ is needed, this machine has ${major || 'an unknown version'}`;
}

export interface ValidatorMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * Checks the files as HTML and returns every message (errors, warnings, notes). Asynchronous: a
 * blocked event loop would miss the server closing idle keep-alive sockets, and the next fetch on one
 * of them would fail.
 */
export async function validateHtmlFiles(files: string[]): Promise<ValidatorMessage[]> {
  const args = ['-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always', '--html', ...files];
  const { stdout } = await promisify(execFile)('java', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return (JSON.parse(stdout) as { messages: ValidatorMessage[] }).messages;
}
