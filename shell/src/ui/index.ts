/**
 * The design system and page platform, shared with every remote as one runtime singleton
 * (`@cardlift/shell/ui`). Import from here, never from deep paths. It exports what a section uses;
 * a shared module is not tree-shaken, so each name here costs every page: add one when a section
 * needs it, not before.
 */
export { cn } from './cn';
export { Button, buttonVariants, type ButtonProps } from './button';
export { SmartLink, type SmartLinkProps } from './smart-link';
export { Card, CardTitle, CardText } from './card';
export { Badge, type BadgeProps } from './badge';
export { Skeleton, CardSkeleton, CardGridSkeleton, PageSkeleton } from './skeleton';
export { Container } from './container';
export { SectionHeading } from './section-heading';
export { Breadcrumb, type Crumb } from './breadcrumb';
export { FaqAccordion, type FaqItem } from './faq-accordion';
export { HydrateWhenVisible } from './hydrate-when-visible';
export { LogoRow, type Logo } from './logo-row';
export { MetricTile, type Metric } from './metric-tile';
export { figureAt, COUNT_UP_DURATION_MS } from './count-up';
export { usePageMeta } from './page-meta';
export { queryClient, createQueryClient, defaultQueryFn, apiRequest, HttpError } from './query-client';
// TanStack Query's hooks reach the sections through here, not as a shared package: a shared package
// keeps every export, and most of TanStack Query (5.7 KB compressed) was never used by the site.
export { useQuery, queryOptions } from '@tanstack/react-query';
export { siteStore, pageFrameAtom, usePageFrame, frameFor } from './site-store';
export { CONTACT_REQUESTED_EVENT, CONTACT_SECTION_ID, scrollToContact, TalkToSalesButton } from './contact-anchor';
export { NotFoundPage } from './not-found-page';
export { Toaster } from './toast';
export { toast, resetToasts } from './toast-store';
export { Tooltip } from './tooltip';
export { bannersQuery, caseStudiesQuery } from './queries';
