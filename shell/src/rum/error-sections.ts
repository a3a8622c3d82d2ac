/**
 * Which build an error came from, by the URL of the file that threw: a remote's files are served
 * under the folder of the manifest the registry names (`/remotes/<name>/<version>/`), the shell's
 * from this origin; anything else (an extension, another origin) is nobody's release.
 */
import { OTHER_SECTION, SHELL_SECTION, type RemoteEntry } from '@cardlift/contracts';

export type ErrorSection = RemoteEntry['name'] | typeof SHELL_SECTION | typeof OTHER_SECTION;

export function errorSection(source: string, entries: readonly RemoteEntry[], pageUrl: string): ErrorSection {
  if (!source) return OTHER_SECTION;
  let url: URL;
  try {
    url = new URL(source, pageUrl);
  } catch {
    return OTHER_SECTION;
  }
  for (const entry of entries) {
    const folder = new URL('.', new URL(entry.entry, pageUrl)).href;
    if (url.href.startsWith(folder) || url.pathname.startsWith(`/remotes/${entry.name}/`)) return entry.name;
  }
  return url.origin === new URL(pageUrl).origin ? SHELL_SECTION : OTHER_SECTION;
}
