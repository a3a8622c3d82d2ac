/**
 * What can be done to an experiment, and when: created as a draft, started (the control becomes the
 * item's published revision of that moment), stopped by a person or by the guard, and finished by
 * shipping one arm. Shipping a variant copies its revision as the item's newest and publishes it
 * through the content service, so it is checked, audited and committed as any publish. While an experiment runs
 * its item refuses every write (`refuseWrite`), so nobody changes an arm under running traffic.
 */
import type { ContentKind, ExperimentCreate } from '@cardlift/contracts';
import type { ContentService } from '../content/content-service';
import { ContentRefused } from '../content/content-refused';
import { Conflict, DomainError, NotFound, Refused } from '../platform/errors';
import type { Statement } from '../platform/sql-runner';
import { armsOf, CONTROL_ARM, planOf, PlanRefused } from './experiment-plan';
import type { Experiment, ExperimentChange, ExperimentCommit, ExperimentStore } from './experiment-store';

export type ExperimentEvent = 'create' | 'start' | 'stop' | 'guardrail' | 'ship';

export interface ExperimentServiceDeps {
  store(): Promise<ExperimentStore>;
  content: ContentService;
  /** Called after a ship published content, so this instance serves it before answering. */
  changed(): Promise<void>;
  clock: () => Date;
  onEvent?(event: ExperimentEvent): void;
  /** Called after every change, so this instance serves it before answering. */
  followed?(): Promise<void>;
  /** What dependents add to every change's transaction (the experiments module's `commitStatements`). */
  added?(commit: ExperimentCommit): readonly Statement[];
}

const lost = () => new Conflict('conflict', 'The experiment changed meanwhile; reload it and try again. Nothing was changed.');

export class ExperimentService {
  constructor(private readonly deps: ExperimentServiceDeps) {}

  store(): Promise<ExperimentStore> {
    return this.deps.store();
  }

  async find(id: string): Promise<Experiment> {
    const experiment = await (await this.deps.store()).find(id);
    if (!experiment) throw new NotFound('not_found', `No experiment "${id}"`);
    return experiment;
  }

  async create(request: ExperimentCreate, actor: string): Promise<Experiment> {
    let plan;
    try {
      plan = planOf(request);
    } catch (error) {
      if (error instanceof PlanRefused) throw new Refused('invalid_plan', `${error.message}. Nothing was created.`);
      throw error;
    }
    const { store: content, item } = await this.content(request.kind, request.itemId);
    for (const variant of plan.variants) {
      const revision = await content.revision(item.uid, variant.revision);
      if (!revision || revision.itemId !== request.itemId)
        throw new Refused(
          'no_revision',
          `"${request.itemId}" has no revision ${variant.revision} (variant "${variant.name}"). Nothing was created.`,
        );
    }
    const now = this.deps.clock().getTime();
    const experiment: Experiment = {
      ...{ id: request.id, kind: request.kind, itemId: request.itemId, state: 'draft', plan, controlRevision: null },
      ...{ createdBy: actor, createdAt: now, startedAt: null, endedAt: null, endReason: null, armsOff: [], shippedVariant: null },
      version: 0,
    };
    const store = await this.deps.store();
    if (!(await store.create(experiment, { actor, action: 'experiment create', at: now })))
      throw new Conflict('exists', `An experiment "${request.id}" exists already. Nothing was created.`);
    this.deps.onEvent?.('create');
    return experiment;
  }

  async start(id: string, actor: string): Promise<Experiment> {
    const experiment = await this.find(id);
    if (experiment.state !== 'draft') throw new Conflict('not_draft', `Experiment "${id}" is ${experiment.state}: only a draft starts.`);
    const { item } = await this.content(experiment.kind, experiment.itemId);
    if (item.state !== 'published' || item.liveRevision === null)
      throw new Conflict(
        'not_published',
        `"${experiment.itemId}" is not published: the control is its published revision. Nothing was started.`,
      );
    if (item.scheduledRevision !== null)
      throw new Conflict(
        'schedule_pending',
        `"${experiment.itemId}" has a publish scheduled for ${item.publishAt}: cancel it first. Nothing was started.`,
      );
    const same = experiment.plan.variants.find((v) => v.revision === item.liveRevision);
    if (same)
      throw new Conflict(
        'variant_is_control',
        `Variant "${same.name}" is revision ${same.revision}, which is now the published one. Nothing was started.`,
      );
    const now = this.deps.clock().getTime();
    return this.apply(experiment, { state: 'running', controlRevision: item.liveRevision, startedAt: now }, actor, 'start', async (run) => {
      try {
        return await run();
      } catch (error) {
        if ((await this.deps.store()).db.isUniqueViolation(error))
          throw new Conflict(
            'item_busy',
            `Another experiment is running on "${experiment.itemId}": one at a time per item. Nothing was started.`,
          );
        throw error;
      }
    });
  }

  /** Stops a running experiment: every visitor sees the control again. */
  async stop(id: string, actor: string, reason = 'stopped by hand'): Promise<Experiment> {
    const experiment = await this.find(id);
    if (experiment.state !== 'running') throw new Conflict('not_running', `Experiment "${id}" is ${experiment.state}, not running.`);
    return this.apply(experiment, { state: 'stopped', endedAt: this.deps.clock().getTime(), endReason: reason }, actor, 'stop');
  }

  /** The guard's decision: `arm` is switched off; with no variant left the experiment stops. */
  async switchOff(experiment: Experiment, arm: string, reason: string): Promise<Experiment> {
    const armsOff = [...new Set([...experiment.armsOff, arm])];
    const allOff = experiment.plan.variants.every((v) => armsOff.includes(v.name));
    const change: ExperimentChange = allOff
      ? { armsOff, state: 'stopped', endedAt: this.deps.clock().getTime(), endReason: reason }
      : { armsOff };
    return this.apply(experiment, change, 'guard', 'guardrail', undefined, `${arm}: ${reason}`);
  }

  /**
   * Ends the experiment with `variant` as what visitors see: the control keeps the published
   * revision; a variant's revision is copied as the newest and published.
   */
  async ship(id: string, actor: string, variant: string): Promise<Experiment> {
    const experiment = await this.find(id);
    if (experiment.state !== 'running' && experiment.state !== 'stopped')
      throw new Conflict('not_shippable', `Experiment "${id}" is ${experiment.state}: only a running or stopped one ships.`);
    const arm = experiment.plan.variants.find((v) => v.name === variant);
    if (!arm && variant !== CONTROL_ARM)
      throw new Refused('no_variant', `Experiment "${id}" has no arm "${variant}" (${armsOf(experiment.plan).join(', ')}).`);
    const now = this.deps.clock().getTime();
    const ended = experiment.endedAt === null ? { endedAt: now, endReason: `shipped ${variant}` } : {};
    const shipped = await this.apply(
      experiment,
      { state: 'shipped', shippedVariant: variant, ...ended },
      actor,
      'ship',
      undefined,
      variant,
    );
    if (!arm) return shipped;
    try {
      await this.deps.content.restore(experiment.kind, experiment.itemId, arm.revision, actor);
      await this.deps.content.publish(experiment.kind, experiment.itemId, actor);
    } catch (error) {
      // The publish was refused (the revision no longer passes the live checks): the experiment stays stopped.
      await this.apply(shipped, { state: 'stopped', shippedVariant: null }, actor, 'ship', undefined, `${variant} refused`);
      if (error instanceof ContentRefused) throw new DomainError(error.kind, error.code, `${error.message} The experiment stays stopped.`);
      throw error;
    }
    await this.deps.changed();
    return shipped;
  }

  /** Refuses a write to an item with a running experiment (its control and variants must not change under traffic). */
  async refuseWrite(kind: ContentKind, itemId: string): Promise<void> {
    const running = (await (await this.deps.store()).running()).find((e) => e.kind === kind && e.itemId === itemId);
    if (running)
      throw new ContentRefused(
        'conflict',
        'experiment_running',
        `"${itemId}" is in the running experiment "${running.id}": it cannot change until the experiment is stopped or shipped. Nothing was saved.`,
      );
  }

  private content(kind: ContentKind, itemId: string) {
    return this.deps.content.find(kind, itemId);
  }

  private async apply(
    experiment: Experiment,
    change: ExperimentChange,
    actor: string,
    event: ExperimentEvent,
    wrap: (run: () => Promise<boolean>) => Promise<boolean> = (run) => run(),
    detail?: string,
  ): Promise<Experiment> {
    const store = await this.deps.store();
    const action = `experiment ${event}${detail ? ` ${detail}` : ''}`;
    const at = this.deps.clock().getTime();
    const added = this.deps.added?.({ experiment, event, at }) ?? [];
    const changed = await wrap(() => store.change(experiment, change, { actor, action, at }, added));
    if (!changed) throw lost();
    this.deps.onEvent?.(event);
    await this.deps.followed?.();
    return { ...experiment, ...change, version: experiment.version + 1 } as Experiment;
  }
}
