/** The experiments on /metrics: every create, start, stop, guardrail decision and ship, and how many run now. */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { ExperimentEvent } from './experiment-service';
import type { ExperimentStore } from './experiment-store';

const EVENTS: readonly ExperimentEvent[] = ['create', 'start', 'stop', 'guardrail', 'ship'];

export function experimentMetrics(registry: Registry, store: () => Promise<ExperimentStore>): (event: ExperimentEvent) => void {
  const events = new Counter({
    name: 'cardlift_experiment_events_total',
    help: 'Experiment changes: created, started, stopped, a variant switched off by a guardrail, shipped',
    labelNames: ['event'],
    registers: [registry],
  });
  for (const event of EVENTS) events.inc({ event }, 0);
  new Gauge({
    name: 'cardlift_experiments_running',
    help: 'Experiments serving variants now',
    registers: [registry],
    async collect() {
      this.set((await (await store()).running()).length);
    },
  });
  return (event) => events.inc({ event });
}
