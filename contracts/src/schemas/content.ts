/**
 * Content shapes. The api validates every content file with these at start;
 * the front ends import the inferred types. Dates are ISO `yyyy-mm-dd` strings.
 */
import { DEFAULT_CTA_BUTTON_TEXT, SLUG_PATTERN } from '../content-rules';
import { checkTexts, imageTexts, linkSchema, requireImageTexts, text, TEXT_LIMITS, textLimitAt } from './content-fields';
import { z } from './z';

export { linkSchema, TEXT_LIMITS, textLimitAt };

const AT_LEAST_ONE = 'needs at least one entry';
const isoDate = z.iso.date();

/**
 * How the editor shows a field, carried as `widget` in the JSON schema it generates from these
 * schemas (so a new field needs no form code): 'long-text' is a text area, 'bulleted-text' a text
 * area with a live rendering of the bullet rule (parseBulletedText), 'image' an upload.
 */
export type EditorWidget = 'long-text' | 'bulleted-text' | 'image' | 'blog-post';
const widget = (name: EditorWidget) => ({ widget: name });
/** Prose of a paragraph or more. */
const longText = text.meta(widget('long-text'));
/** Multi-line: lines starting with "•" are bullets, blank lines are breaks (parseBulletedText). */
const bulletedText = text.meta(widget('bulleted-text'));
/** Site-relative asset path, e.g. `/content-images/case-studies/sling-tv-hero.svg`. */
const assetPath = z
  .string()
  .regex(/^\/[\w\-./]+$/, 'must be a site-relative path starting with /')
  .meta(widget('image'));
const slug = z.string().regex(SLUG_PATTERN, 'must be lowercase words joined by dashes');
/** An item's id: also the last part of its page's address. */
const itemId = slug.meta({
  description: 'Lowercase words joined by dashes (offers-api-launch): the end of the page address. Made from the title.',
});

const titled = z.object({ title: text, description: text });

export const solutionDetailSchema = z.object({
  /** Keyword naming the icon (users, card, message, refresh, roas, revenue, conversion, time...). */
  icon: text,
  title: text,
  description: text,
});

export const caseStudyMetricSchema = z
  .object({ metric: text.optional(), label: text.optional(), value: text, description: text })
  .refine((m) => m.metric ?? m.label, { message: 'a metric needs a metric or a label' });

export const caseStudySchema = z.object({
  id: itemId,
  title: text,
  client: text,
  clientLogo: assetPath,
  heroImage: assetPath,
  ...imageTexts('heroImage'),
  overview: longText,
  challenge: bulletedText,
  solution: longText,
  solutionDetails: z.array(solutionDetailSchema).min(1, AT_LEAST_ONE),
  results: longText,
  metrics: z.array(caseStudyMetricSchema).min(1, AT_LEAST_ONE),
  differentiators: z.array(titled).min(1, AT_LEAST_ONE),
  keyTakeaways: z.array(titled).min(1, AT_LEAST_ONE),
  tags: z.array(text).optional(),
  description: text.optional(),
  excerpt: text.optional(),
  publishedDate: isoDate,
});

/**
 * What a case-study card shows (home, the list, More Case Studies). GET /api/casestudies answers whole
 * case studies; a page's HTML inlines only these fields of them, a quarter of the bytes, so the
 * first view's HTML fits in the first round trip. The list query is typed by this summary, which the
 * whole objects also satisfy, so no card can come to read a field the inlined copy lacks.
 */
export const CASE_STUDY_SUMMARY_FIELDS = [
  'id',
  'title',
  'client',
  'clientLogo',
  'heroImage',
  'overview',
  'excerpt',
  'tags',
] as const satisfies readonly (keyof z.infer<typeof caseStudySchema>)[];

export function summarizeCaseStudy(caseStudy: CaseStudy): CaseStudySummary {
  return pickFields(caseStudy, CASE_STUDY_SUMMARY_FIELDS);
}

/** The item with only `fields` (those it has): what a page inlines of a list whose cards read less. */
export function pickFields<T extends object, K extends keyof T>(item: T, fields: readonly K[]): Pick<T, K> {
  const present = fields.filter((field) => item[field] !== undefined);
  return Object.fromEntries(present.map((field) => [field, item[field]])) as Pick<T, K>;
}

export const blogPostSummarySchema = z.object({
  id: itemId,
  title: text,
  excerpt: text,
  author: text,
  publishedDate: isoDate,
  readTime: text,
  heroImage: assetPath.optional(),
  ...imageTexts('heroImage'),
  category: text,
});

export const blogPostSchema = blogPostSummarySchema.extend({
  content: z.object({
    introduction: longText,
    sections: z.array(z.object({ title: text, content: longText })).min(1, AT_LEAST_ONE),
    conclusion: longText,
    callToAction: z.object({ title: text, description: text, buttonText: text.default(DEFAULT_CTA_BUTTON_TEXT) }).optional(),
  }),
});

export const jobSchema = z.object({
  id: text,
  slug,
  title: text,
  department: text,
  location: text,
  /**
   * Country of the job (ISO 3166-1 alpha-2): search engines require it of an on-site JobPosting's
   * address, and `location` ("New York, NY") does not name it. Every role so far is in the US.
   */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US')
    .default('US'),
  /** Whether the role can be done fully remote (JobPosting jobLocationType). */
  remote: z.boolean().default(false),
  employmentType: z.enum(['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'INTERN']).default('FULL_TIME'),
  level: text.optional(),
  postedDate: isoDate,
  validThrough: isoDate.optional(),
  description: longText,
  responsibilities: z.array(text).optional(),
  requirements: z.array(text).optional(),
  bonusPoints: z.array(text).optional(),
  benefits: z.array(text).optional(),
  /** Multi-line text, shown with its line breaks. */
  applicationInstructions: longText.optional(),
});

/**
 * A job as the api answers it: the posting and whether it is open now (isJobOpen, computed by the api
 * on each request). GET /api/jobs lists open postings only; GET /api/jobs/:slug answers a closed one
 * too, so its page can say the position is closed instead of that it never existed.
 */
export const jobPostingSchema = jobSchema.extend({ open: z.boolean() });

/** What a job card in the careers list shows: all a page's HTML inlines of GET /api/jobs (see CASE_STUDY_SUMMARY_FIELDS). */
export const JOB_POSTING_SUMMARY_FIELDS = [
  'id',
  'slug',
  'title',
  'department',
  'location',
  'remote',
  'level',
  'postedDate',
] as const satisfies readonly (keyof z.infer<typeof jobPostingSchema>)[];

export function summarizeJobPosting(posting: JobPosting): JobPostingSummary {
  return pickFields(posting, JOB_POSTING_SUMMARY_FIELDS);
}

const bannerLink = z.object({ text, link: linkSchema() });

/** A banner's blogPostId that hides the home hero's Learn More link. */
export const NO_LEARN_MORE_POST = 'default';

/**
 * GET /api/banners. `primary` drives the announcement bar (null: no bar); `secondary` drives the
 * home hero's announcement pill, and its blogPostId 'default' hides the hero's Learn More link.
 */
export const bannersSchema = z.object({
  primary: bannerLink.nullable().meta({ title: 'Announcement bar (top of every page)' }),
  secondary: bannerLink
    .extend({
      blogPostId: text.meta({
        widget: 'blog-post',
        title: 'Blog post of the Learn More button',
        description: 'The post the home hero links to; "No Learn More button" hides it.',
      }),
    })
    .nullable()
    .meta({ title: 'Home page hero pill' }),
});

export type SolutionDetail = z.infer<typeof solutionDetailSchema>;
export type CaseStudyMetric = z.infer<typeof caseStudyMetricSchema>;
export type CaseStudy = z.infer<typeof caseStudySchema>;
export type CaseStudySummary = Pick<CaseStudy, (typeof CASE_STUDY_SUMMARY_FIELDS)[number]>;
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;
export type BlogPost = z.infer<typeof blogPostSchema>;
export type Job = z.infer<typeof jobSchema>;
export type JobPosting = z.infer<typeof jobPostingSchema>;
export type JobPostingSummary = Pick<JobPosting, (typeof JOB_POSTING_SUMMARY_FIELDS)[number]>;
export type Banners = z.infer<typeof bannersSchema>;

/**
 * Content as data: the kinds the content API edits (`/api/content/{kind}/{id}`), named after their
 * public endpoints. Banners are one document, edited under the id BANNERS_ITEM_ID.
 */
export const CONTENT_KINDS = ['casestudies', 'blog', 'jobs', 'banners'] as const;
export const contentKindSchema = z.enum(CONTENT_KINDS);
export const BANNERS_ITEM_ID = 'site';

/**
 * The schema every write of a kind is checked with (and every publish, again): the api's and the
 * editor's one table. The answers' shapes plus the editorial rules content from before them may
 * break (alt text, text limits), which a publish therefore refuses until the item is fixed.
 */
export const CONTENT_KIND_SCHEMAS = {
  casestudies: caseStudySchema.superRefine(requireImageTexts('heroImage')).superRefine(checkTexts()),
  blog: blogPostSchema.superRefine(requireImageTexts('heroImage')).superRefine(checkTexts()),
  jobs: jobSchema.superRefine(checkTexts()),
  banners: bannersSchema.superRefine(checkTexts()),
} as const satisfies Record<(typeof CONTENT_KINDS)[number], z.ZodType<object>>;

/** The shapes the api answers and the site is served from: content stored before a rule still reads. */
export const PUBLIC_CONTENT_SCHEMAS = {
  casestudies: caseStudySchema,
  blog: blogPostSchema,
  jobs: jobSchema,
  banners: bannersSchema,
} as const satisfies Record<(typeof CONTENT_KINDS)[number], z.ZodType<object>>;

/** The field of an item that is its id in URLs (a job's slug); banners are one document, BANNERS_ITEM_ID. */
export const CONTENT_ID_FIELDS = { casestudies: 'id', blog: 'id', jobs: 'slug', banners: null } as const satisfies Record<
  (typeof CONTENT_KINDS)[number],
  string | null
>;

/**
 * An item's editorial state. Only a published item is public; a scheduled one goes live at its
 * `publishAt` (a published item scheduled for an update keeps its live revision until then).
 */
export const CONTENT_STATES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export const contentStateSchema = z.enum(CONTENT_STATES);

/**
 * POST /api/content/{kind}/{id}/publish: now, or at `at` (scheduled). Publishing now while a
 * schedule is pending is refused (409 `schedule_pending`) unless `replaceSchedule` says to cancel it.
 */
export const publishRequestSchema = z
  .object({ at: z.iso.datetime({ offset: true }).optional(), replaceSchedule: z.boolean().optional() })
  .strict();
/** POST /api/content/{kind}/{id}/unpublish: refused while a schedule is pending unless `cancelSchedule`. */
export const unpublishRequestSchema = z.object({ cancelSchedule: z.boolean().optional() }).strict();
/** POST /api/content/{kind}/{id}/restore: the revision to copy into a new draft. */
export const restoreRequestSchema = z.object({ revision: z.number().int().positive() }).strict();

export const contentRevisionSchema = z.object({
  revision: z.number().int().positive(),
  /** The item's id (slug for a job) in this revision. */
  id: text,
  createdAt: z.string(),
  createdBy: text,
  /** The revision this one copies, when it was made by a restore. */
  restoredFrom: z.number().int().positive().nullable(),
});

export type ContentKind = z.infer<typeof contentKindSchema>;
export type ContentState = z.infer<typeof contentStateSchema>;
export type ContentRevision = z.infer<typeof contentRevisionSchema>;
