/**
 * The live rendering under a multi-line field: the site's own parser (parseBulletedText, which the
 * case study page reads the text with), so bullets, breaks and paragraphs show as visitors will see them.
 */
import { parseBulletedText } from '@cardlift/contracts';

export function BulletedPreview({ text, id }: { text: string; id: string }) {
  const blocks = parseBulletedText(text);
  return (
    <div id={id} className="mt-2 rounded-button border border-line bg-white p-3 text-sm leading-6 text-ink">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">How it will look</p>
      {blocks.length === 0 && <p className="text-muted">Nothing yet.</p>}
      {blocks.map((block, i) => {
        if (block.kind === 'break') return <div key={i} aria-hidden="true" className="h-3" />;
        if (block.kind === 'list') {
          return (
            <ul key={i} className="list-disc space-y-1 pl-6 marker:text-primary">
              {block.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          );
        }
        return <p key={i}>{block.text}</p>;
      })}
    </div>
  );
}
