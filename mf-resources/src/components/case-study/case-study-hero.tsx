import { siteConfig, type CaseStudy } from '@cardlift/contracts';
import { Breadcrumb, TalkToSalesButton } from '@cardlift/shell/ui';
import { caseStudiesCopy, CASE_STUDIES_PATH } from '../../content/case-studies';
import { ContentImage } from '../common/content-image';

/** Top of a case study: breadcrumb, logos, title, overview, Talk to Sales and the hero image. */
export function CaseStudyHero({ caseStudy }: { caseStudy: CaseStudy }) {
  return (
    <header className="rs:grid rs:items-center rs:gap-10 rs:pt-12 rs:pb-12 rs:md:pt-16 rs:lg:grid-cols-2">
      <div>
        <Breadcrumb
          items={[
            { label: 'Home', href: '/' },
            { label: caseStudiesCopy.list.title, href: CASE_STUDIES_PATH },
            { label: caseStudy.client },
          ]}
        />
        <p className="rs:mt-8 rs:flex rs:items-center rs:gap-3 rs:text-sm rs:font-semibold rs:text-ink">
          <span>{siteConfig.brandName}</span>
          <span aria-hidden="true" className="rs:text-muted">
            ×
          </span>
          <img
            src={caseStudy.clientLogo}
            alt={caseStudy.client}
            width={140}
            height={40}
            decoding="async"
            className="rs:h-10 rs:w-auto rs:max-w-[140px] rs:object-contain"
          />
        </p>
        <h1 className="rs:mt-6 rs:text-4xl rs:font-semibold rs:tracking-tight rs:text-balance rs:text-ink rs:md:text-5xl">
          {caseStudy.title}
        </h1>
        <p className="rs:mt-6 rs:text-lg rs:leading-8 rs:text-muted">{caseStudy.overview}</p>
        <TalkToSalesButton className="rs:mt-8">{caseStudiesCopy.detail.talkToSales}</TalkToSalesButton>
      </div>
      <ContentImage
        src={caseStudy.heroImage}
        texts={{ alt: caseStudy.heroImageAlt, decorative: caseStudy.heroImageDecorative, caption: caseStudy.heroImageCaption }}
        width={1200}
        height={630}
        priority
        className={
          caseStudy.heroImageCaption ? 'rs:w-full' : 'rs:aspect-[1200/630] rs:w-full rs:rounded-lg rs:bg-neutral-100 rs:object-cover'
        }
      />
    </header>
  );
}
