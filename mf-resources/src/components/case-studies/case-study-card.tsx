import { Link } from '@cardlift/shell/router';
import type { CaseStudySummary } from '@cardlift/contracts';
import { Badge, cn } from '@cardlift/shell/ui';
import { caseStudiesCopy } from '../../content/case-studies';
import { caseStudyPath } from '../../meta';
import { FallbackImage } from '../common/fallback-image';

/** A case study in a grid; the whole card is one link (its title), overview clamped to 2 lines. */
export function CaseStudyCard({
  caseStudy,
  headingLevel = 'h2',
  className,
  priority = false,
}: {
  caseStudy: CaseStudySummary;
  headingLevel?: 'h2' | 'h3';
  className?: string;
  /** The image is in the first view: load it at once, ahead of others. */
  priority?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <article
      className={cn(
        'rs:group rs:relative rs:flex rs:h-full rs:flex-col rs:overflow-hidden rs:rounded-lg rs:border rs:border-line rs:bg-white rs:shadow-sm rs:transition-shadow rs:hover:shadow-md',
        className,
      )}
    >
      <FallbackImage
        src={caseStudy.heroImage}
        width={640}
        height={336}
        priority={priority}
        className="rs:aspect-[640/336] rs:w-full rs:bg-neutral-100 rs:object-cover"
      />
      <div className="rs:flex rs:flex-1 rs:flex-col rs:p-6">
        <img
          src={caseStudy.clientLogo}
          alt={`${caseStudy.client} logo`}
          width={120}
          height={32}
          loading="lazy"
          decoding="async"
          className="rs:h-8 rs:w-auto rs:max-w-[120px] rs:object-contain rs:object-left"
        />
        <Heading className="rs:mt-4 rs:text-lg rs:font-semibold rs:text-ink">
          <Link
            to={caseStudyPath(caseStudy.id)}
            className="rs:after:absolute rs:after:inset-0 rs:focus-visible:outline-2 rs:focus-visible:outline-offset-2 rs:focus-visible:outline-primary"
          >
            {caseStudy.title}
          </Link>
        </Heading>
        <p className="rs:mt-2 rs:line-clamp-2 rs:text-sm rs:leading-6 rs:text-muted">{caseStudy.overview}</p>
        {caseStudy.tags && caseStudy.tags.length > 0 && (
          <ul aria-label="Tags" className="rs:mt-4 rs:flex rs:flex-wrap rs:gap-2">
            {caseStudy.tags.map((tag) => (
              <li key={tag}>
                <Badge tone="brand">{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
        <span aria-hidden="true" className="rs:mt-auto rs:pt-4 rs:text-sm rs:font-medium rs:text-primary rs:group-hover:underline">
          {caseStudiesCopy.list.readMore} →
        </span>
      </div>
    </article>
  );
}
