/**
 * Starting units (modules) in order and stopping them in exact reverse. A start that fails stops what
 * had started, in reverse, the failing unit included (its start may have done part of its work), then
 * rethrows: the process never runs half started. Each unit is stopped at most once, and `stop` also
 * stops units never started (a store opened on first use, before any start, still closes). A stop
 * that fails does not keep the others from stopping; the failures are thrown together at the end.
 */
export interface Startable {
  readonly name: string;
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

export class ModuleLifecycle {
  private readonly stopped = new Set<Startable>();
  private started = 0;

  constructor(private readonly units: readonly Startable[]) {}

  async start(): Promise<void> {
    for (const unit of this.units) {
      this.started++;
      try {
        await unit.start();
      } catch (error) {
        await this.stopUnits(this.units.slice(0, this.started)).catch(() => undefined);
        throw error;
      }
    }
  }

  /** Every unit not stopped yet, last first. */
  stop(): Promise<void> {
    return this.stopUnits(this.units);
  }

  private async stopUnits(units: readonly Startable[]): Promise<void> {
    const failures: unknown[] = [];
    for (const unit of [...units].reverse()) {
      if (this.stopped.has(unit)) continue;
      this.stopped.add(unit);
      try {
        await unit.stop();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length) throw new AggregateError(failures, `${failures.length} modules failed to stop`);
  }
}
