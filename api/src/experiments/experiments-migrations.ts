/** The experiments' schema migration. Never edit a released migration: add the next one. */
import type { Migration } from '../platform/db-connections';

/**
 * The experiments' tables (migration 26). New tables: the previous release never reads them.
 *
 * `experiments`: one row per experiment; `plan` is the checked create request as JSON (arms, split,
 * metric, guardrails, planned size), `control_revision` the item's published revision when it
 * started, `arms_off` the variants a guardrail switched off (space-separated names), `version` bumps
 * on every change so two people acting at once cannot both win. At most one running experiment per
 * content item (a partial unique index), so a visitor meets at most one experiment per page.
 *
 * `experiment_views`: one row per page view served in an arm, keyed by the view's id from its signed
 * token, so a view counts once whatever is reported; the guardrail figures of that view (a script
 * error, a failed load, LCP and INP) are filled in by its report.
 *
 * Conversions are not a table of their own: a lead counts when the lead store committed it from one
 * of these views (lead_views, written in the lead's own transaction), once per visitor.
 */
const EXPERIMENT_TABLES = `
      CREATE TABLE experiments (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        item_id TEXT NOT NULL,
        state TEXT NOT NULL,
        plan TEXT NOT NULL,
        control_revision INTEGER,
        created_by TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        started_at BIGINT,
        ended_at BIGINT,
        end_reason TEXT,
        arms_off TEXT NOT NULL DEFAULT '',
        shipped_variant TEXT,
        version INTEGER NOT NULL DEFAULT 0
      );
      CREATE UNIQUE INDEX experiments_running_item ON experiments (kind, item_id) WHERE state = 'running';
      CREATE TABLE experiment_views (
        view_id TEXT PRIMARY KEY,
        experiment_id TEXT NOT NULL,
        arm TEXT NOT NULL,
        visitor TEXT NOT NULL,
        client TEXT NOT NULL,
        at BIGINT NOT NULL,
        errored INTEGER NOT NULL DEFAULT 0,
        failed_load INTEGER NOT NULL DEFAULT 0,
        lcp_ms INTEGER,
        inp_ms INTEGER
      );
      CREATE INDEX experiment_views_arm ON experiment_views (experiment_id, arm);`;

export const EXPERIMENTS_MIGRATIONS: readonly Migration[] = [
  // Experiments on content items (the tables above).
  { version: 26, sqlite: EXPERIMENT_TABLES.replaceAll('BIGINT', 'INTEGER'), postgres: EXPERIMENT_TABLES },
];
