/**
 * The design system and page platform, shared with every remote as one runtime singleton
 * (`@cardlift/shell/ui`). Import from here, never from deep paths.
 */
export { cn } from './cn';
export { Button, buttonVariants, type ButtonProps } from './button';
export { SmartLink, type SmartLinkProps } from './smart-link';
export { Card, CardTitle, CardText } from './card';
export { Badge, badgeVariants, type BadgeProps } from './badge';
export { Skeleton, CardSkeleton, CardGridSkeleton, PageSkeleton } from './skeleton';
export { Container } from './container';
export { SectionHeading } from './section-heading';
export { Breadcrumb, type Crumb } from './breadcrumb';
export { FaqAccordion, type FaqItem } from './faq-accordion';
export { HydrateWhenVisible } from './hydrate-when-visible';
export { LogoRow, type Logo } from './logo-row';
export { MetricTile, type Metric } from './metric-tile';
export { useCountUp } from './use-count-up';
export { figureAt, parseFigure, easeOut, COUNT_UP_DURATION_MS, COUNT_UP_VISIBILITY_THRESHOLD } from './count-up';
export { usePageMeta, applyPageMeta } from './page-meta';
export { queryClient, createQueryClient, getQueryFn, defaultQueryFn, apiRequest, throwIfResNotOk, HttpError } from './query-client';
export { siteStore, pageFrameAtom, usePageFrame, frameFor, DEFAULT_FRAME, type PageFrameOptions } from './site-store';
export { CONTACT_REQUESTED_EVENT, CONTACT_SECTION_ID, scrollToContact, TalkToSalesButton } from './contact-anchor';
export { NotFoundPage } from './not-found-page';
export { Toaster } from './toast';
export {
  toast,
  useToast,
  dismissToast,
  resetToasts,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  type ToastInput,
  type ToastItem,
  type ToastVariant,
} from './toast-store';
export { Tooltip, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, type TooltipProps } from './tooltip';
export { bannersQuery, caseStudiesQuery, BANNERS_PATH } from './queries';
