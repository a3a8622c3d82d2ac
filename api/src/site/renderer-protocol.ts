/** The messages between the api and its renderer processes (render-processes.ts, render-child.ts). */
import type { SiteAddresses } from '@cardlift/contracts';

export interface RendererSettings {
  siteRoot: string;
  releasesDir: string;
  logLevel: string;
  siteAddresses: SiteAddresses;
}

/** The published content as a renderer receives it: sent once per renderer and revision. */
export interface WireContent {
  revision: number;
  json: string;
}

export type TaskName = 'resolve' | 'unknownPathRoute' | 'navigation' | 'routes' | 'sitemap' | 'render' | 'check' | 'warm';

export type RendererMessage =
  | { kind: 'settings'; settings: RendererSettings }
  | { kind: 'task'; id: number; name: TaskName; task: Record<string, unknown> }
  /** A task sent but not begun is taken back (another renderer runs it): skip it, answer nothing. */
  | { kind: 'cancel'; id: number };

export type RendererReply =
  | { id: number; ok: true; value: unknown; attempts: string[] }
  /** `crashed`: the error escaped the task (an unhandled one) and the process is ending. */
  | { id: number; ok: false; error: string; attempts: string[]; crashed?: boolean };
