import {
  absoluteUrl,
  API_PATHS,
  brandOrganization,
  siteConfig,
  type Job,
  type JobPosting,
  type PageMeta,
  type RemoteMeta,
} from '@cardlift/contracts';
import { jobCopy } from './content/careers';

/** Metadata of this remote's pages, declared once: pages use it on the client, the api in the HTML it sends. */
export const pages = {
  aboutUs: {
    path: '/company/about-us',
    title: 'About Us',
    description: 'Cardlift connects brands with cardholders through card-linked offers. Meet the pillars and values behind the team.',
    nav: { menu: 'company', order: 1, label: 'About Us', description: 'Our mission, pillars and values' },
  },
  press: {
    path: '/company/press',
    title: 'Press',
    description: 'Press releases, coverage, brand assets and media contacts for Cardlift.',
  },
  careers: {
    path: '/company/careers',
    title: 'Careers',
    nav: { menu: 'company', order: 2, label: 'Careers', description: 'Open roles on our team' },
    description: 'Open roles at Cardlift. Help brands reward the customers who love them.',
    queries: [[API_PATHS.jobs]],
  },
  privacy: {
    path: '/privacy',
    title: 'Privacy Policy',
    // The footer lists the legal pages under Resources, after the section's own links.
    nav: { menu: 'resources', order: 101, label: 'Privacy Policy', header: false },
    description: 'How Cardlift collects, uses, shares and protects personal information.',
  },
  terms: {
    path: '/terms',
    title: 'Terms of Service',
    nav: { menu: 'resources', order: 102, label: 'Terms of Service', header: false },
    description: 'The terms that govern the Cardlift websites, apps, offers and rewards points.',
  },
  /**
   * `/company` has no page of its own: the client redirects it to About Us. It is declared so the api
   * answers 200 with About Us' tags and canonical URL instead of a 404; noindex keeps it out of the sitemap.
   */
  companyIndex: {
    path: '/company',
    title: 'About Us',
    description: 'Cardlift connects brands with cardholders through card-linked offers. Meet the pillars and values behind the team.',
    canonicalPath: '/company/about-us',
    noindex: true,
  },
} satisfies Record<string, PageMeta>;

export const JOB_PAGE_PATTERN = '/company/careers/:slug';

export function jobPath(job: Pick<Job, 'slug'>): string {
  return `/company/careers/${job.slug}`;
}

/** Shown (and sent with HTTP 404 by the api) when a job does not exist. */
export const jobNotFoundMeta: PageMeta = {
  path: JOB_PAGE_PATTERN,
  title: 'Job Not Found',
  description: "The job posting you're looking for doesn't exist or has been removed.",
  noindex: true,
};

const META_DESCRIPTION_MAX = 160;

function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= META_DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, META_DESCRIPTION_MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > 0 ? cut.slice(0, lastSpace) : cut}…`;
}

/** "Remote (United States)" -> "United States"; a bare "Remote" stays as it is. */
function remoteArea(location: string): string {
  const area = location.replace(/\bremote\b/i, '').replace(/^[\s,–—:(-]+|[\s,–—:)-]+$/g, '');
  return area || location;
}

/** "New York, NY" in the US -> locality New York, region NY, country US. */
function postalAddress({ location, country }: Pick<Job, 'location' | 'country'>): Record<string, string> {
  const [locality, region] = location.split(',').map((part) => part.trim());
  return {
    '@type': 'PostalAddress',
    ...(locality ? { addressLocality: locality } : {}),
    ...(region ? { addressRegion: region } : {}),
    addressCountry: country,
  };
}

/** schema.org JobPosting for a job page (Google's required and recommended fields we know). */
export function jobPostingJsonLd(job: Job): Record<string, unknown> {
  const where = job.remote
    ? {
        jobLocationType: 'TELECOMMUTE',
        applicantLocationRequirements: { '@type': 'AdministrativeArea', name: remoteArea(job.location) },
      }
    : { jobLocation: { '@type': 'Place', address: postalAddress(job) } };
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    identifier: { '@type': 'PropertyValue', name: siteConfig.brandName, value: job.id },
    datePosted: job.postedDate,
    ...(job.validThrough ? { validThrough: job.validThrough } : {}),
    employmentType: job.employmentType,
    hiringOrganization: { ...brandOrganization(), legalName: siteConfig.legalName, sameAs: siteConfig.siteUrl },
    ...where,
    url: absoluteUrl(jobPath(job)),
  };
}

/**
 * Metadata of a job page: the api renders it into the HTML, the page applies it on the client. A
 * closed posting is answered 410 Gone with noindex and no JobPosting, so search engines drop it,
 * while a visitor who follows an old link learns the position is closed.
 */
export function jobPageMeta(job: JobPosting): PageMeta {
  const page: Pick<PageMeta, 'path' | 'queries' | 'type'> = {
    path: JOB_PAGE_PATTERN,
    queries: [[API_PATHS.jobs, job.slug]],
    type: 'article',
  };
  if (!job.open) {
    return { ...page, title: `${job.title} (closed) | Careers`, description: jobCopy.closedText, noindex: true, status: 410 };
  }
  return { ...page, title: `${job.title} | Careers`, description: summary(job.description), jsonLd: [jobPostingJsonLd(job)] };
}

export const remoteMeta: RemoteMeta = {
  pages: Object.values(pages),
  dynamic: [
    {
      pattern: JOB_PAGE_PATTERN,
      resolve: ({ slug }, content) => {
        const job = slug ? content.job(slug) : undefined;
        return job ? jobPageMeta(job) : null;
      },
    },
  ],
};
