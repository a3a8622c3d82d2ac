import { cn, Container, LogoRow, type Logo } from '@cardlift/shell/ui';

/** The shell's LogoRow inside the site column, on a full-width band. */
export function LogoStrip({
  title,
  logos,
  tone = 'white',
  className,
}: {
  title: string;
  logos: readonly Logo[];
  tone?: 'white' | 'page';
  className?: string;
}) {
  return (
    <div className={cn(tone === 'white' ? 'mk:bg-white' : 'mk:bg-page', className)}>
      <Container>
        <LogoRow title={title} logos={logos} />
      </Container>
    </div>
  );
}
