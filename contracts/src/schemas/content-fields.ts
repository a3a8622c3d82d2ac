/**
 * Fields content schemas share beyond plain text: a link a visitor follows (one rule for every link
 * field, content-links.ts) and the texts an image carries for people who cannot see it.
 */
import { EMAIL_LINK_HINT, LINK_HINT, linkProblem, type LinkKind } from '../content-links';
import { z } from './z';

/** The messages name the problem in the editor's words (the api answers them too, in each 400's issues). */
export const text = z.string().trim().min(1, 'must not be empty');

/** A link a visitor follows: a site path or an https:// address (mailto: for e-mail fields); see content-links.ts. */
export function linkSchema(kind: LinkKind = 'web') {
  return z
    .string()
    .superRefine((value, ctx) => {
      const problem = linkProblem(value, kind);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ description: kind === 'email' ? EMAIL_LINK_HINT : LINK_HINT });
}

/**
 * What a content image says to people who cannot see it: its alt text, or that it is decorative
 * (it adds nothing the text does not say, so screen readers skip it), and an optional caption shown
 * under it. Optional in the shapes the api answers (content from before the rule has none); the
 * editor's write schemas (CONTENT_KIND_SCHEMAS) require alt text or the decorative mark.
 */
export const imageTexts = <N extends string>(image: N) =>
  ({
    [`${image}Alt`]: z
      .string()
      .trim()
      .optional()
      .meta({ imageOf: image, title: 'Alt text', description: 'What the image shows, for people who cannot see it.' }),
    [`${image}Decorative`]: z.boolean().optional().meta({ imageOf: image, title: 'Decorative image (adds nothing the text does not say)' }),
    [`${image}Caption`]: text.optional().meta({ imageOf: image, title: 'Caption' }),
  }) as Record<`${N}Alt` | `${N}Caption`, z.ZodOptional<z.ZodString>> & Record<`${N}Decorative`, z.ZodOptional<z.ZodBoolean>>;

const ALT_TEXT_REQUIRED = 'needs alt text, or mark the image as decorative';

/** The editorial rule of an image field: set, it carries alt text or the decorative mark. */
export function requireImageTexts(image: string) {
  return (item: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (!item[image] || item[`${image}Decorative`] === true) return;
    const alt = item[`${image}Alt`];
    if (typeof alt !== 'string' || alt.trim() === '') ctx.addIssue({ code: 'custom', path: [`${image}Alt`], message: ALT_TEXT_REQUIRED });
  };
}

/**
 * Limits a write must respect, checked on saves only (CONTENT_KIND_SCHEMAS): content stored before
 * them still reads. A title or a banner's words are one line someone reads at a glance; no text is a
 * book; and no text carries the controls that reorder how it displays (U+202A–U+202E, U+2066–U+2069),
 * which make a text read differently from what it is. Alt text says briefly what an image shows. Right-to-left scripts need none of them.
 */
export const TEXT_LIMITS = { title: 150, bannerText: 150, altText: 250, any: 10_000 } as const;
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * The limit of the text at `path` (`content.sections.1.title`): a title, a banner's words (the only
 * fields named `text`), an image's alt text (`<image>Alt`), or any other text. The editor shows it as a counter beside the field.
 */
export function textLimitAt(path: readonly (string | number)[] | string): number {
  const last = typeof path === 'string' ? path.split('.').at(-1) : path.at(-1);
  if (last === 'title') return TEXT_LIMITS.title;
  if (last === 'text') return TEXT_LIMITS.bannerText;
  if (typeof last === 'string' && last.endsWith('Alt')) return TEXT_LIMITS.altText;
  return TEXT_LIMITS.any;
}

/** The write rule of every text of an item (see TEXT_LIMITS). */
export function checkTexts() {
  return (item: unknown, ctx: z.RefinementCtx) => {
    const visit = (value: unknown, path: (string | number)[]) => {
      if (typeof value === 'string') {
        const max = textLimitAt(path);
        if (value.length > max)
          ctx.addIssue({ code: 'custom', path, message: `keep it to ${max} characters or fewer (it has ${value.length})` });
        if (DIRECTION_CONTROLS.test(value))
          ctx.addIssue({
            code: 'custom',
            path,
            message:
              'remove the invisible text-direction controls (such as U+202E): they make the text display differently from what it says',
          });
      } else if (Array.isArray(value)) value.forEach((entry, i) => visit(entry, [...path, i]));
      else if (value && typeof value === 'object') for (const [key, entry] of Object.entries(value)) visit(entry, [...path, key]);
    };
    visit(item, []);
  };
}
