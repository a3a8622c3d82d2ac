/**
 * Read-only content endpoints (spec section 7). Content is loaded and validated once at start, so
 * handlers only look items up; an unknown id is a 404 with the one error body.
 */
import Router from '@koa/router';
import { notFound } from '../errors';
import type { ContentStore } from '../services/content-store';

/** Content changes only with a deploy; a short shared cache spares repeat reads without hiding a release for long. */
const CACHE = 'public, max-age=60';

export function contentRouter(content: ContentStore): Router {
  const router = new Router({ prefix: '/api' });
  router.use(async (ctx, next) => {
    await next();
    if (ctx.status === 200) ctx.set('Cache-Control', CACHE);
  });

  router.get('/banners', (ctx) => {
    ctx.body = content.banners;
  });

  router.get('/casestudies', (ctx) => {
    ctx.body = content.caseStudies;
  });
  router.get('/casestudies/:id', (ctx) => {
    ctx.body = content.caseStudy(ctx.params.id ?? '') ?? fail('Case study');
  });

  router.get('/blog', (ctx) => {
    ctx.body = content.blogPosts;
  });
  router.get('/blog/:id', (ctx) => {
    ctx.body = content.blogPost(ctx.params.id ?? '') ?? fail('Blog post');
  });

  router.get('/jobs', (ctx) => {
    ctx.body = content.jobs;
  });
  router.get('/jobs/:slug', (ctx) => {
    ctx.body = content.job(ctx.params.slug ?? '') ?? fail('Job');
  });
  return router;
}

/** The id is not echoed back: the message stays the same whatever a client puts in the path. */
function fail(what: string): never {
  throw notFound(what);
}
