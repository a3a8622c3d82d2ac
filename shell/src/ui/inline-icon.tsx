/**
 * The few Lucide icons the first view draws, inline: importing them from lucide-react brought the
 * library's icon factory (about 1.3 KB brotli) into every page's first download. Same paths and
 * attributes as lucide-react's; icons that appear only later (menus opened, notifications, the form's
 * select) still come from lucide-react, in the chunks that load them.
 */
const PATHS = {
  'arrow-right': ['M5 12h14', 'm12 5 7 7-7 7'],
  check: ['M20 6 9 17l-5-5'],
  'chevron-down': ['m6 9 6 6 6-6'],
  menu: ['M4 5h16', 'M4 12h16', 'M4 19h16'],
} as const;

export type InlineIconName = keyof typeof PATHS;

/** Decorative (`aria-hidden`): an icon-only control names itself with text. */
export function InlineIcon({ name, className }: { name: InlineIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
