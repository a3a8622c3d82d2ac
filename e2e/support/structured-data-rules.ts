/**
 * The fields search engines require of the structured data types this site publishes (Google's
 * JobPosting, Article and Organization rules), and the images an item names.
 */
type Item = Record<string, unknown>;

const present = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
const field = (item: unknown, key: string): unknown => (item && typeof item === 'object' ? (item as Item)[key] : undefined);
const missing = (item: Item, keys: string[]) => keys.filter((key) => !present(item[key]));

/** Types that are Articles for search engines. */
const ARTICLE_TYPES = new Set(['Article', 'BlogPosting', 'NewsArticle']);

/** The required fields an item lacks (empty when it has them all, or is of a type without rules). */
export function missingRequiredFields(item: Item): string[] {
  const type = String(item['@type']);
  if (type === 'JobPosting') {
    const problems = missing(item, ['title', 'description', 'datePosted', 'hiringOrganization']);
    if (!present(field(item.hiringOrganization, 'name'))) problems.push('hiringOrganization.name');
    const placed = present(field(field(item.jobLocation, 'address'), 'addressCountry'));
    const remote = item.jobLocationType === 'TELECOMMUTE' && present(item.applicantLocationRequirements);
    if (!placed && !remote)
      problems.push('jobLocation.address.addressCountry, or jobLocationType TELECOMMUTE with applicantLocationRequirements');
    return problems;
  }
  if (ARTICLE_TYPES.has(type)) return missing(item, ['headline', 'image', 'datePublished', 'author']);
  if (type === 'Organization') return missing(item, ['name', 'url', 'logo']);
  return [];
}

/** Every image URL an item names, at any depth: `image` and `logo`, as URLs or ImageObjects. */
export function imageUrls(item: unknown): string[] {
  if (Array.isArray(item)) return item.flatMap(imageUrls);
  if (!item || typeof item !== 'object') return [];
  return Object.entries(item as Item).flatMap(([key, value]) => {
    if (key !== 'image' && key !== 'logo') return imageUrls(value);
    return [value]
      .flat()
      .flatMap((v) => (typeof v === 'string' ? [v] : typeof field(v, 'url') === 'string' ? [field(v, 'url') as string] : []));
  });
}

/** The raster format a file's first bytes announce, or null (SVG, HTML, anything else). */
export function rasterFormat(bytes: Uint8Array): 'png' | 'jpeg' | 'gif' | 'webp' | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}
