/**
 * Multi-line content text (a case study's challenge): lines starting with "•" are bullets, blank
 * lines are breaks, other lines are paragraphs. Consecutive bullets form one list so screen readers
 * announce it as a list with its length. The site's page and the editor's live rendering both read
 * text through this one parser, so what an editor sees is what visitors get.
 */
export type BulletedTextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] } | { kind: 'break' };

export const BULLET = '•';

export function parseBulletedText(text: string): BulletedTextBlock[] {
  const blocks: BulletedTextBlock[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const last = blocks.at(-1);
    if (line === '') {
      // One break for a run of blank lines, and none at the start.
      if (last && last.kind !== 'break') blocks.push({ kind: 'break' });
    } else if (line.startsWith(BULLET)) {
      const item = line.slice(BULLET.length).trim();
      if (!item) continue;
      if (last?.kind === 'list') last.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else {
      blocks.push({ kind: 'paragraph', text: line });
    }
  }
  if (blocks.at(-1)?.kind === 'break') blocks.pop();
  return blocks;
}
