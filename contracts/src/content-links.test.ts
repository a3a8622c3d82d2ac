/**
 * The one link rule, through the shared schema every link field uses: a table of hostile and broken
 * links is refused with a message, and the links a marketer means are taken as written.
 */
import { bannersSchema, linkSchema } from './schemas/content';

const REFUSED: [string, RegExp][] = [
  ['javascript:alert(document.cookie)', /javascript/],
  ['JaVaScRiPt:alert(1)', /javascript/i],
  ['java\tscript:alert(1)', /spaces, tabs/],
  [' javascript:alert(1)', /spaces/],
  ['javascript&#58;alert(1)', /path starting with \//],
  ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', /"data:"/],
  ['vbscript:msgbox(1)', /"vbscript:"/],
  ['VBScript:msgbox(1)', /"VBScript:"/],
  ['file:///etc/passwd', /"file:"/],
  ['www.example.com', /https:\/\/www\.example\.com/],
  ['example.com/offers', /path starting with \//],
  ['//evil.example/phish', /must not start with \/\//],
  ['/\\evil.example/phish', /backslash/],
  ['\\\\evil.example', /backslash/],
  ['http://www.example.com', /https:\/\/, not http/],
  ['HTTPS://www.example.com', /lower case/],
  ['https://www.cardlift.example@evil.example/', /user name or password/],
  ['https://', /not a valid address/],
  ['https://localhost/admin', /host such as/],
  ['/blog/offers\u200bapi', /invisible/],
  ['/blog/offers api', /spaces/],
  ['/blog/offers\napi', /line breaks/],
  ['mailto:sales@cardlift.example', /e-mail link/],
  ['', /must not be empty/],
  ['blog/offers-api', /path starting with \//],
];

const ACCEPTED = [
  '/blog/offers-api-announcement',
  '/',
  '/products/offers-network#faq',
  '/case-studies?tag=retail',
  'https://www.example.com/offers?utm_source=banner',
  'https://partners.cardlift.example',
];

const banners = (link: string) => ({ primary: { text: 'News', link }, secondary: null });

it.each(REFUSED)('refuses %j as a banner link, saying why', (link, why) => {
  const result = bannersSchema.safeParse(banners(link));
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0]!;
  expect(issue.path).toEqual(['primary', 'link']);
  expect(issue.message).toMatch(why);
});

it.each(ACCEPTED)('takes %j as written', (link) => {
  expect(bannersSchema.parse(banners(link)).primary?.link).toBe(link);
});

it('takes mailto: only where the field is for e-mail', () => {
  expect(linkSchema('email').safeParse('mailto:press@cardlift.example').success).toBe(true);
  expect(linkSchema('email').safeParse('mailto:not an address').success).toBe(false);
  expect(linkSchema('web').safeParse('mailto:press@cardlift.example').success).toBe(false);
});
