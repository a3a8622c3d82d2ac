/**
 * GET /contact-not-sent: what a visitor without script sees when they post the contact form and no
 * origin answers. The cache in front keeps this page (shared, a day's stale-if-error) and serves it,
 * with status 503, in place of the form's answer (deploy/varnish/cardlift.vcl): nothing was stored,
 * so it says so, and gives the sales team's address. Plain HTML: no script, no stylesheet to fetch.
 */
import Router from '@koa/router';
import { siteAddresses, siteConfig } from '@cardlift/contracts';
import { escapeHtml } from '../site/html-renderer';
import { shareAnswer } from './edge-answers';

export const CONTACT_NOT_SENT_PATH = '/contact-not-sent';

export function contactNotSentRouter(): Router {
  const router = new Router();
  router.get(CONTACT_NOT_SENT_PATH, (ctx) => {
    const email = escapeHtml(siteAddresses().salesEmail);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    // Kept a day: it must be there when every origin is down.
    shareAnswer(ctx, { tags: [], ttl: 24 * 60 * 60 });
    ctx.body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Your message was not sent | ${escapeHtml(siteConfig.brandName)}</title>
</head>
<body>
<main>
<h1>We could not take your message</h1>
<p>Our website cannot store messages right now, so <strong>your message was not sent</strong> and nobody will reply to it.</p>
<p>Please email our sales team at <a href="mailto:${email}">${email}</a>, or go back and send the form again in a few minutes: your browser's Back button keeps what you typed.</p>
<p><a href="/">${escapeHtml(siteConfig.brandName)} home page</a></p>
</main>
</body>
</html>
`;
  });
  return router;
}
