import type { ReactNode } from 'react';
import type { Figure } from '../content/invest-content';
import { FigureList } from './figure-list';
import { lead, sectionHeading, sectionPad } from './styles';

interface FiguresSectionProps {
  id: string;
  heading: string;
  intro?: string;
  figures: readonly Figure[];
  children?: ReactNode;
}

export function FiguresSection({ id, heading, intro, figures, children }: FiguresSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`${sectionPad} iv:scroll-mt-24`}>
      <h2 id={`${id}-title`} className={sectionHeading}>
        {heading}
      </h2>
      {intro && <p className={lead}>{intro}</p>}
      <FigureList figures={figures} label={heading} />
      {children}
    </section>
  );
}
