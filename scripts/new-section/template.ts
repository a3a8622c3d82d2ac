/**
 * The section's files, from `template/`: every `*.tpl` file is written without its extension, with
 * `{{key}}` replaced in its path and text. A key the generator does not know is an error, so the
 * template and the generator cannot drift apart unnoticed.
 */
import fs from 'node:fs';
import path from 'node:path';

export const TEMPLATE_DIR = path.join(__dirname, 'template');

export type TemplateValues = Record<string, string>;

function fill(text: string, values: TemplateValues, where: string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`${where}: the template names {{${key}}}, which the generator does not fill`);
    return value;
  });
}

function templateFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? templateFiles(full) : entry.name.endsWith('.tpl') ? [full] : [];
  });
}

/** The files of the new package: relative path -> text. */
export function renderTemplate(values: TemplateValues): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of templateFiles(TEMPLATE_DIR)) {
    const relative = path.relative(TEMPLATE_DIR, file).slice(0, -'.tpl'.length);
    files.set(fill(relative, values, relative), fill(fs.readFileSync(file, 'utf8'), values, relative));
  }
  return files;
}
