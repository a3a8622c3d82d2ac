/** Content text is plain; a blank line separates paragraphs. */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A meta description: the first `max` characters, cut at a word, with an ellipsis when cut. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.slice(0, cut.lastIndexOf(' ')) || cut;
  return `${atWord.replace(/[\s,.;:•-]+$/, '')}…`;
}
