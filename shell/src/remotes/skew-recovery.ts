/**
 * A tab outlives deploys: when a file of the build it started with is gone anyway (retention passed, a
 * disk lost), the visitor must not meet an error. A failed load during a client-side navigation
 * becomes a document navigation to the destination (fresh HTML naming the live builds), at most once
 * a minute per tab so a site that is really down cannot loop; a failed load on the page already shown
 * offers "This page was updated: reload". Either is counted as a recovered skew, never as an error.
 */
import { useSyncExternalStore } from 'react';
import { API_PATHS } from '@cardlift/contracts';
import { noteSkewRecovered, SKEW_RECOVERED_KEY } from '../rum/page-view';

/** When this tab last recovered by navigating (sessionStorage: one tab, across its documents). */
const LAST_RECOVERY_KEY = 'cardlift-skew-recovery-at';
export const RECOVERY_INTERVAL_MS = 60_000;

/** The path this document was loaded for: another one on screen came by a client-side navigation. */
const documentPath = typeof location === 'undefined' ? '' : location.pathname;
export const navigatedInTab = () => location.pathname !== documentPath;

/** Whether `url` (a file of this page's builds) is gone from the server: the site moved on since the page loaded. */
export async function isGoneFile(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404 || response.status === 410;
  } catch {
    return false;
  }
}

/** Whether the site now serves `remote` at another version than `version`, the one this page loaded. */
export async function remoteMovedOn(remote: string, version: string | undefined): Promise<boolean> {
  try {
    const response = await fetch(API_PATHS.remotes, { credentials: 'same-origin', cache: 'no-store' });
    const live = (await response.json()) as { name: string; version: string }[];
    const current = live.find((entry) => entry.name === remote)?.version;
    return current !== undefined && current !== version;
  } catch {
    return false;
  }
}

/**
 * Loads the page on screen (the navigation's destination) as a document. False, doing nothing, when
 * this tab already did so within the last minute: the caller shows its failure as it would have.
 */
export function navigateByDocument(): boolean {
  try {
    const now = Date.now();
    if (now - Number(sessionStorage.getItem(LAST_RECOVERY_KEY) ?? 0) < RECOVERY_INTERVAL_MS) return false;
    sessionStorage.setItem(LAST_RECOVERY_KEY, String(now));
    // Reported by the page view that follows: this one ends before its report is sent.
    sessionStorage.setItem(SKEW_RECOVERED_KEY, String(Number(sessionStorage.getItem(SKEW_RECOVERED_KEY) ?? 0) + 1));
  } catch {
    // No storage, no loop guard: show the failure instead.
    return false;
  }
  window.location.assign(window.location.href);
  return true;
}

let updated = false;
const listeners = new Set<() => void>();

/** Offers the visitor a reload: part of the page could not load because the site was updated. */
export function showPageUpdated(): void {
  noteSkewRecovered();
  if (updated) return;
  updated = true;
  for (const listener of listeners) listener();
}

/** Whether the "This page was updated" notice shows (never on the server, nor before a failure). */
export function usePageUpdated(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updated,
    () => false,
  );
}

/**
 * What to do with a load that failed because its file is gone: navigate by document when a
 * client-side navigation asked for it (and the guard allows), else show the notice. Answers whether
 * the page is being replaced.
 */
export function recoverFromSkew(): boolean {
  if (navigatedInTab() && navigateByDocument()) return true;
  showPageUpdated();
  return false;
}

/** Rspack's error for a chunk that did not load (its `request` is the file's URL). */
export const isChunkLoadError = (error: unknown): error is { name: 'ChunkLoadError'; request?: string } =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ChunkLoadError';
