import { parseBulletedText } from '@cardlift/contracts';

/** The challenge text: bullet lines as a list, blank lines as breaks, other lines as paragraphs. */
export function ChallengeText({ text }: { text: string }) {
  return (
    <div className="rs:text-lg rs:leading-8 rs:text-muted">
      {parseBulletedText(text).map((block, i) => {
        if (block.kind === 'break') return <div key={i} aria-hidden="true" data-break="" className="rs:h-4" />;
        if (block.kind === 'list') {
          return (
            <ul key={i} className="rs:list-disc rs:space-y-2 rs:pl-6 rs:marker:text-primary">
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
