/**
 * Experiments and what the server saw of them, on SQLite or PostgreSQL through one SqlRunner (the
 * SQL is the same in both). Every change of an experiment names the version it was read at, so of two
 * people (or instances) acting at once only the first wins, and carries its audit line in the same
 * transaction.
 */
import type { ContentKind, ExperimentState } from '@cardlift/contracts';
import type { SqlRunner, Statement } from '../platform/sql-runner';
import type { ExperimentPlan } from './experiment-plan';
import type { ExperimentEvent } from './experiment-service';

/**
 * The experiments' extension point for writes: what an experiment's change is, from which a dependent
 * module works out rows of its own to commit in the change's transaction.
 */
export interface ExperimentCommit {
  experiment: Pick<Experiment, 'id' | 'kind' | 'itemId'>;
  event: ExperimentEvent;
  /** Epoch ms, the audit line's time. */
  at: number;
}

export interface Experiment {
  id: string;
  kind: ContentKind;
  itemId: string;
  state: ExperimentState;
  plan: ExperimentPlan;
  controlRevision: number | null;
  createdBy: string;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  endReason: string | null;
  /** Variants a guardrail switched off: their visitors see the control from then on. */
  armsOff: string[];
  shippedVariant: string | null;
  version: number;
}

/** A change of state: the columns that change, and the audit line that says so. */
export interface ExperimentChange {
  state?: ExperimentState;
  controlRevision?: number;
  startedAt?: number;
  endedAt?: number;
  endReason?: string;
  armsOff?: string[];
  shippedVariant?: string | null;
}

export interface AuditLine {
  actor: string;
  action: string;
  at: number;
}

/** One client's figures in one arm. */
export interface ArmClientRow {
  arm: string;
  client: string;
  visitors: number;
  views: number;
  conversions: number;
  erroredViews: number;
  failedLoads: number;
}

export interface ServedView {
  viewId: string;
  experimentId: string;
  arm: string;
  visitor: string;
  client: string;
  at: number;
}

interface ExperimentRow {
  id: string;
  kind: string;
  item_id: string;
  state: string;
  plan: string;
  control_revision: number | null;
  created_by: string;
  created_at: number | string;
  started_at: number | string | null;
  ended_at: number | string | null;
  end_reason: string | null;
  arms_off: string;
  shipped_variant: string | null;
  version: number;
}

const orNull = (value: number | string | null) => (value === null ? null : Number(value));

const fromRow = (row: ExperimentRow): Experiment => ({
  id: row.id,
  kind: row.kind as ContentKind,
  itemId: row.item_id,
  state: row.state as ExperimentState,
  plan: JSON.parse(row.plan) as ExperimentPlan,
  controlRevision: row.control_revision,
  createdBy: row.created_by,
  createdAt: Number(row.created_at),
  startedAt: orNull(row.started_at),
  endedAt: orNull(row.ended_at),
  endReason: row.end_reason,
  armsOff: row.arms_off ? row.arms_off.split(' ') : [],
  shippedVariant: row.shipped_variant,
  version: row.version,
});

const audit = (line: AuditLine, id: string): Statement => ({
  sql: 'INSERT INTO editor_audit (actor, action, subject, at) VALUES ($1, $2, $3, $4)',
  params: [line.actor, line.action, `experiment:${id}`, new Date(line.at).toISOString()],
});

const COLUMNS: Record<keyof ExperimentChange, string> = {
  state: 'state',
  controlRevision: 'control_revision',
  startedAt: 'started_at',
  endedAt: 'ended_at',
  endReason: 'end_reason',
  armsOff: 'arms_off',
  shippedVariant: 'shipped_variant',
};

export class ExperimentStore {
  constructor(readonly db: SqlRunner) {}

  /** False when an experiment of that id exists. */
  async create(experiment: Experiment, line: AuditLine): Promise<boolean> {
    try {
      return await this.db.transaction([
        {
          sql: `INSERT INTO experiments (id, kind, item_id, state, plan, created_by, created_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          params: [
            experiment.id,
            experiment.kind,
            experiment.itemId,
            experiment.state,
            JSON.stringify(experiment.plan),
            experiment.createdBy,
            experiment.createdAt,
          ],
        },
        audit(line, experiment.id),
      ]);
    } catch (error) {
      if (this.db.isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async find(id: string): Promise<Experiment | undefined> {
    const [row] = await this.db.query<ExperimentRow>('SELECT * FROM experiments WHERE id = $1', [id]);
    return row && fromRow(row);
  }

  async list(): Promise<Experiment[]> {
    return (await this.db.query<ExperimentRow>('SELECT * FROM experiments ORDER BY created_at DESC, id', [])).map(fromRow);
  }

  async running(): Promise<Experiment[]> {
    return (await this.db.query<ExperimentRow>("SELECT * FROM experiments WHERE state = 'running' ORDER BY id", [])).map(fromRow);
  }

  /**
   * Applies `change` if the experiment is still at `experiment.version`: false when someone changed it
   * first. Throws the database's unique violation when a start meets another running experiment of the item.
   */
  async change(experiment: Experiment, change: ExperimentChange, line: AuditLine, added: readonly Statement[] = []): Promise<boolean> {
    const entries = Object.entries(change) as [keyof ExperimentChange, unknown][];
    const params = entries.map(([key, value]) => (key === 'armsOff' ? (value as string[]).join(' ') : value));
    const sets = entries.map(([key], i) => `${COLUMNS[key]} = $${i + 1}`);
    const n = params.length;
    return this.db.transaction([
      {
        sql: `UPDATE experiments SET ${[...sets, 'version = version + 1'].join(', ')} WHERE id = $${n + 1} AND version = $${n + 2}`,
        params: [...params, experiment.id, experiment.version],
        mustChange: true,
      },
      audit(line, experiment.id),
      // What dependents add to this change (ExperimentCommit), in its own transaction.
      ...added,
    ]);
  }

  /** Files a view served in an arm; a view already filed changes nothing. */
  async recordView(view: ServedView): Promise<void> {
    await this.db.transaction([
      {
        sql: `INSERT INTO experiment_views (view_id, experiment_id, arm, visitor, client, at) VALUES ($1, $2, $3, $4, $5, $6)
              ON CONFLICT (view_id) DO NOTHING`,
        params: [view.viewId, view.experimentId, view.arm, view.visitor, view.client, view.at],
      },
    ]);
  }

  /** The guardrail figures a view's report brought: only for a view already filed, and only once set. */
  async recordViewReport(viewId: string, report: { errored: boolean; failedLoad: boolean; lcpMs?: number; inpMs?: number }): Promise<void> {
    await this.db.transaction([
      {
        sql: `UPDATE experiment_views SET errored = $2, failed_load = $3, lcp_ms = COALESCE(lcp_ms, $4), inp_ms = COALESCE(inp_ms, $5)
              WHERE view_id = $1`,
        params: [viewId, report.errored ? 1 : 0, report.failedLoad ? 1 : 0, report.lcpMs ?? null, report.inpMs ?? null],
      },
    ]);
  }

  /** Each client's visitors, views, conversions and guardrail counts per arm. */
  async armClients(experimentId: string): Promise<ArmClientRow[]> {
    const rows = await this.db.query<Record<keyof ArmClientRow, string | number>>(
      `SELECT v.arm AS arm, v.client AS client, COUNT(DISTINCT v.visitor) AS visitors, COUNT(*) AS views,
              SUM(v.errored) AS "erroredViews", SUM(v.failed_load) AS "failedLoads",
              COUNT(DISTINCT CASE WHEN l.outcome = 'stored' THEN v.visitor END) AS conversions
         FROM experiment_views v LEFT JOIN lead_views l ON l.view_id = v.view_id
        WHERE v.experiment_id = $1 GROUP BY v.arm, v.client`,
      [experimentId],
    );
    return rows.map((row) => ({
      arm: String(row.arm),
      client: String(row.client),
      visitors: Number(row.visitors),
      views: Number(row.views),
      conversions: Number(row.conversions),
      erroredViews: Number(row.erroredViews),
      failedLoads: Number(row.failedLoads),
    }));
  }

  /** The p75 of LCP or INP over an arm's views (the nearest-rank percentile), null without a sample. */
  async p75(experimentId: string, arm: string, metric: 'lcp_ms' | 'inp_ms'): Promise<number | null> {
    const values = (
      await this.db.query<{ value: number }>(
        `SELECT ${metric} AS value FROM experiment_views WHERE experiment_id = $1 AND arm = $2 AND ${metric} IS NOT NULL ORDER BY ${metric}`,
        [experimentId, arm],
      )
    ).map((row) => Number(row.value));
    return values.length ? (values[Math.ceil(values.length * 0.75) - 1] ?? null) : null;
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
