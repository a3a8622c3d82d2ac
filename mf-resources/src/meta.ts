/**
 * Metadata of this remote's pages, declared once: pages use it on the client, the api in the HTML it
 * sends (with a 404 for unknown content). Canonical URLs use the /case-studies form.
 */
import {
  API_PATHS,
  absoluteUrl,
  brandOrganization,
  structuredDataImage,
  type BlogPost,
  type CaseStudy,
  type DynamicPage,
  type PageMeta,
  type RemoteMeta,
} from '@cardlift/contracts';
import { summarize } from './lib/text';

export const DEFAULT_CASE_STUDY_ID = 'sling-tv-case-study';
export const caseStudyPath = (id: string) => `/case-studies/${id}`;
export const blogPostPath = (id: string) => `/blog/${id}`;

type Crumb = { name: string; path: string };

function breadcrumbJsonLd(crumbs: Crumb[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

/** The paths of this remote's pages with parameters or old addresses, shared by its routes and its page table. */
export const PATTERNS = {
  caseStudiesAlias: '/casestudies',
  caseStudy: '/case-studies/:caseStudyId',
  caseStudyAlias: '/casestudies/:caseStudyId',
  slingTv: '/casestudy/slingtv',
  blogPost: '/blog/:id',
} as const;

const HOME: Crumb = { name: 'Home', path: '/' };
const CASE_STUDIES: Crumb = { name: 'Case Studies', path: '/case-studies' };
const BLOG: Crumb = { name: 'Blog', path: '/blog' };

export const pages = {
  caseStudies: {
    path: '/case-studies',
    title: 'Case Studies',
    nav: { menu: 'resources', order: 1, label: 'Case Studies', description: 'Results our clients have seen' },
    description: 'How brands use Cardlift card-linked offers to acquire and retain customers, with measurable results.',
    canonicalPath: '/case-studies',
    jsonLd: [breadcrumbJsonLd([HOME, CASE_STUDIES])],
    queries: [[API_PATHS.caseStudies]],
  },
  blog: {
    path: '/blog',
    title: 'Blog',
    nav: { menu: 'resources', order: 2, label: 'Blog', description: 'Industry insights and company news' },
    description: 'Industry insights, product news and company updates from Cardlift.',
    canonicalPath: '/blog',
    jsonLd: [breadcrumbJsonLd([HOME, BLOG])],
    queries: [[API_PATHS.blog]],
  },
} satisfies Record<string, PageMeta>;

/** A case study page's metadata: an article with its own title, description, image and JSON-LD. */
export function caseStudyMeta(cs: CaseStudy, pattern: string = PATTERNS.caseStudy): PageMeta {
  const canonicalPath = caseStudyPath(cs.id);
  const description = summarize(cs.excerpt ?? cs.description ?? cs.overview);
  return {
    path: pattern,
    title: cs.title,
    description,
    type: 'article',
    canonicalPath,
    // The story, and the list More Case Studies picks from.
    queries: [[API_PATHS.caseStudies, cs.id], [API_PATHS.caseStudies]],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: cs.title.slice(0, 110),
        description,
        image: [structuredDataImage(cs.heroImage)],
        datePublished: cs.publishedDate,
        author: brandOrganization(),
        publisher: brandOrganization(),
        about: { '@type': 'Organization', name: cs.client },
        ...(cs.tags?.length ? { keywords: cs.tags.join(', ') } : {}),
        mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(canonicalPath) },
      },
      breadcrumbJsonLd([HOME, CASE_STUDIES, { name: cs.title, path: canonicalPath }]),
    ],
  };
}

/** A blog post page's metadata: an article (BlogPosting) with its own title, description and image. */
export function blogPostMeta(post: BlogPost, pattern: string = PATTERNS.blogPost): PageMeta {
  const canonicalPath = blogPostPath(post.id);
  const description = summarize(post.excerpt);
  return {
    path: pattern,
    title: post.title,
    description,
    type: 'article',
    queries: [[API_PATHS.blog, post.id]],
    canonicalPath,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title.slice(0, 110),
        description,
        image: [structuredDataImage(post.heroImage)],
        datePublished: post.publishedDate,
        author: { '@type': 'Person', name: post.author },
        publisher: brandOrganization(),
        articleSection: post.category,
        mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(canonicalPath) },
      },
      breadcrumbJsonLd([HOME, BLOG, { name: post.title, path: canonicalPath }]),
    ],
  };
}

/** Metadata while a page has no content to describe (unknown id or failed load): never indexed. */
export const caseStudyNotFoundMeta: PageMeta = {
  path: PATTERNS.caseStudy,
  title: 'Case Study Not Found',
  description: "The case study you're looking for doesn't exist.",
  noindex: true,
};

export const blogPostErrorMeta: PageMeta = {
  path: PATTERNS.blogPost,
  title: 'Failed to Load Blog Post',
  description: 'There was an error loading the blog post. Please try again later.',
  noindex: true,
};

const caseStudyPage = (pattern: string): DynamicPage => ({
  pattern,
  resolve: ({ caseStudyId }, content) => {
    const cs = caseStudyId ? content.caseStudy(caseStudyId) : undefined;
    return cs ? caseStudyMeta(cs, pattern) : null;
  },
});

export const dynamicPages: DynamicPage[] = [
  // The /casestudies alias of the list, canonical at /case-studies. Declared here rather than in
  // `pages` so that sitemap.xml (which lists static pages) names only the canonical form.
  { pattern: PATTERNS.caseStudiesAlias, resolve: () => ({ ...pages.caseStudies, path: PATTERNS.caseStudiesAlias }) },
  caseStudyPage(PATTERNS.caseStudy),
  caseStudyPage(PATTERNS.caseStudyAlias),
  {
    pattern: PATTERNS.slingTv,
    resolve: (_params, content) => {
      const cs = content.caseStudy(DEFAULT_CASE_STUDY_ID);
      return cs ? caseStudyMeta(cs, PATTERNS.slingTv) : null;
    },
  },
  {
    pattern: PATTERNS.blogPost,
    resolve: ({ id }, content) => {
      const post = id ? content.blogPost(id) : undefined;
      return post ? blogPostMeta(post) : null;
    },
  },
];

export const remoteMeta: RemoteMeta = {
  pages: [pages.caseStudies, pages.blog],
  dynamic: dynamicPages,
};
