/**
 * A page view's report goes when the page is hidden, and only once the page has traded its page
 * token for a view token (the reporter loads once the page is idle, then trades). A test that leaves
 * a page to have its report counted waits for that trade first: on a busy machine it comes well
 * after the page is interactive, and a page left before it sends nothing.
 */
import type { Page, Response } from 'playwright-core';
import { RUM_VIEW_PATH, type RumSection, type RumViewRequest } from '@cardlift/contracts';

function tradeOf(response: Response): RumViewRequest | undefined {
  if (new URL(response.url()).pathname !== RUM_VIEW_PATH) return undefined;
  try {
    return JSON.parse(response.request().postData() ?? '') as RumViewRequest;
  } catch {
    return undefined;
  }
}

/**
 * The answer to the next view-token trade `page` makes (for a page of `section` when given, so a trade
 * still under way for the page before does not stand in for it). Call it before the navigation.
 */
export function viewTokenTraded(page: Page, section?: RumSection): Promise<Response> {
  return page.waitForResponse(
    (response) => {
      const trade = tradeOf(response);
      return trade !== undefined && (section === undefined || trade.section === section);
    },
    { timeout: 30_000 },
  );
}
