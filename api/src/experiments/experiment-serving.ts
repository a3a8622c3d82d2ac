/**
 * Which arm a visitor is served, decided on the server for every page. The visitor value is the
 * canary's (cardlift_canary: random, meaningless, already named in the privacy policy), so one cookie
 * keeps both sticky. A visitor is in at most one experiment: the first running one (by start) whose
 * traffic share takes them, on every page, so no page shows them two. The arm served goes into a
 * label cookie (ARM_COOKIE), an HMAC under a key every instance shares, that the edge hashes on, as
 * it does the canary's side label: only labels of running experiments' arms exist, so the edge keeps
 * at most one copy of a page per arm. A request whose label is not the one it should carry gets the
 * right one, which makes that answer the visitor's alone. Bots get the control, counted nowhere.
 */
import crypto from 'node:crypto';
import type { Context } from 'koa';
import { isBot } from '../platform/bot-filter';
import { KINDS } from '../content/content-kinds';
import { overlaid } from '../content/content-preview';
import { contentStore, type ContentStore } from '../content/content-store';
import type { EditorialStore } from '../content/editorial-store';
import { shareContent, type LiveContent, type SharedContent } from '../content/live-content';
import { armsOf, CONTROL_ARM } from './experiment-plan';
import type { Experiment } from './experiment-store';
import { assignArm } from './stats/assignment';

export const ARM_COOKIE = 'cardlift_arm';
const COOKIE_DAYS = 30;

/** The arm a page is served in: `label` ("experiment:arm") goes into its page token; `content` replaces the published content for a variant. */
export interface ServedArm {
  label: string;
  content?: { store: ContentStore; shared: SharedContent };
}

export interface ExperimentServingDeps {
  editorial(): Promise<EditorialStore>;
  live: LiveContent;
  clock: () => Date;
  allowHeadless: boolean;
  /** The visitor's stable id (the serving module's cookie, which the canary sides use too), set when new. */
  visitor(ctx: Context): string;
}

/** The key arm labels are signed with, from a secret every instance shares. */
export const armLabelKey = (secret: string) => crypto.createHmac('sha256', secret).update('cardlift experiment arm label').digest();

export class ExperimentServing {
  private running: Experiment[] = [];
  /** Each variant's revision body, by "uid:revision": revisions never change. */
  private readonly bodies = new Map<string, { uid: string; body: object }>();
  private overlays = new Map<string, { store: ContentStore; shared: SharedContent }>();
  private overlaysRevision = -1;
  key: Buffer | undefined;

  constructor(private readonly deps: ExperimentServingDeps) {}

  /** Takes the running experiments (read by the caller from the store) and loads their variants' revisions. */
  async follow(running: Experiment[]): Promise<void> {
    const editorial = await this.deps.editorial();
    for (const experiment of running) {
      const item = await editorial.item(experiment.kind, experiment.itemId);
      if (!item) continue;
      for (const variant of experiment.plan.variants) {
        const key = `${experiment.id}:${variant.name}`;
        if (this.bodies.has(key)) continue;
        const revision = await editorial.revision(item.uid, variant.revision);
        if (revision) this.bodies.set(key, { uid: item.uid, body: revision.body as object });
      }
    }
    this.running = [...running].sort((a, b) => (a.startedAt ?? 0) - (b.startedAt ?? 0) || a.id.localeCompare(b.id));
    this.overlays.clear();
  }

  /** Whether an experiment of that id runs (as last read). */
  runs(id: string): boolean {
    return this.running.some((experiment) => experiment.id === id);
  }

  active(): boolean {
    return this.running.length > 0;
  }

  /** The arm this request's page at `path` is served in, setting or clearing the label cookie; undefined for the control outside any experiment. */
  armFor(ctx: Context, path: string): ServedArm | undefined {
    if (this.running.length === 0) {
      if (ctx.cookies.get(ARM_COOKIE) !== undefined) ctx.cookies.set(ARM_COOKIE, null, { path: '/', httpOnly: true, sameSite: 'lax' });
      return undefined;
    }
    ctx.vary('Cookie');
    // A bot is in no experiment and gets no visitor value; like a visitor outside every experiment it
    // still carries the "none" label, so no answer without a label is ever kept while experiments run
    // (a new visitor's first request, which has none, always reaches the api and is assigned).
    const bot = isBot(ctx.get('User-Agent') || undefined, this.deps.allowHeadless);
    const mine = bot ? undefined : this.assigned(this.deps.visitor(ctx));
    const served = mine && !mine.experiment.armsOff.includes(mine.arm) ? mine.arm : CONTROL_ARM;
    const label = this.key && (mine ? this.label(`${mine.experiment.id}\0${mine.experiment.startedAt}\0${served}`) : this.noneLabel());
    if (label && ctx.cookies.get(ARM_COOKIE) !== label)
      ctx.cookies.set(ARM_COOKIE, label, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.secure,
        maxAge: COOKIE_DAYS * 86_400_000,
      });
    if (!mine || served !== mine.arm || !touches(mine.experiment, path)) return undefined;
    const content = served === CONTROL_ARM ? undefined : this.overlay(mine.experiment, served);
    return { label: `${mine.experiment.id}:${served}`, ...(content ? { content } : {}) };
  }

  /** The visitor's experiment and arm: the first running experiment whose traffic share takes them. */
  private assigned(visitor: string): { experiment: Experiment; arm: string } | undefined {
    for (const experiment of this.running) {
      const index = assignArm(experiment.id, visitor, experiment.plan.trafficShare, experiment.plan.split);
      if (index !== null) return { experiment, arm: armsOf(experiment.plan)[index] ?? CONTROL_ARM };
    }
    return undefined;
  }

  /** The label of visitors in no experiment: one per set of running experiments. */
  private noneLabel(): string {
    return this.label(`none\0${this.running.map((e) => `${e.id}@${e.startedAt}`).join(' ')}`);
  }

  private label(text: string): string {
    return crypto.createHmac('sha256', this.key!).update(text).digest('base64url').slice(0, 22);
  }

  private overlay(experiment: Experiment, arm: string) {
    const live = this.deps.live;
    if (this.overlaysRevision !== live.revision) {
      this.overlays = new Map();
      this.overlaysRevision = live.revision;
    }
    const key = `${experiment.id}:${arm}`;
    let made = this.overlays.get(key);
    const variant = this.bodies.get(key);
    if (!made && variant) {
      const item = { uid: variant.uid, itemId: experiment.itemId, liveId: experiment.itemId };
      const items = overlaid(live.items(), experiment.kind, item as Parameters<typeof overlaid>[2], variant.body);
      made = { store: contentStore(items, this.deps.clock), shared: shareContent(items, live.revision) };
      this.overlays.set(key, made);
    }
    return made;
  }
}

/** Whether the experiment's item shows on the page at `path`: a banner on every page, another item on its own page. */
const touches = (experiment: Experiment, path: string) =>
  experiment.kind === 'banners' || KINDS[experiment.kind].paths(experiment.itemId).includes(path);
