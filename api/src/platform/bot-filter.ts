/**
 * Which visits are people. Crawlers, link previewers, scripts and lab tools (Lighthouse, headless
 * browsers) are dropped: they would pull real visitors' figures toward whatever a data centre sees.
 * HeadlessChrome is dropped too unless RUM_ALLOW_HEADLESS is set, which the browser suite sets,
 * since its Chromium is headless.
 */
const ALWAYS_BOTS =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|lighthouse|pagespeed|gtmetrix|pingdom|uptime|phantomjs|python-|curl\/|wget\/|go-http-client|node-fetch|axios\/|java\//i;
const HEADLESS = /headlesschrome|headless/i;

export function isBot(userAgent: string | undefined, allowHeadless: boolean): boolean {
  if (!userAgent || userAgent.length < 10) return true;
  if (ALWAYS_BOTS.test(userAgent)) return true;
  return !allowHeadless && HEADLESS.test(userAgent);
}
