/**
 * The canary guard's evidence that no report can claim (migrations 22 and 23): what the server itself
 * saw of each page view's contact form, and each client's timings on the builds a canary compares.
 */

/**
 * One row per page view that sent the contact form: `stored` when the lead store committed the lead
 * (written in the lead's own transaction, `lead_id` the lead), `failed` when the api answered that
 * view's post with an error. The view's id is the key, so a view counts once (a stored lead replaces
 * an earlier failure of the same view). Section, version, route and client come from the view's
 * signed token, never from the post.
 */
export const LEAD_VIEWS_TABLE = `
      CREATE TABLE lead_views (
        view_id TEXT PRIMARY KEY,
        minute BIGINT NOT NULL,
        section TEXT NOT NULL,
        version TEXT NOT NULL,
        route TEXT NOT NULL,
        client TEXT NOT NULL,
        outcome TEXT NOT NULL,
        lead_id TEXT
      );
      CREATE INDEX lead_views_section_minute ON lead_views (section, minute);`;

/** Each client's timing histograms (INP, LCP...) of the builds a canary compares, as rum_counts' buckets. */
export const RUM_CLIENT_TIMINGS_TABLE = `
      CREATE TABLE rum_client_timings (
        minute BIGINT NOT NULL,
        section TEXT NOT NULL,
        version TEXT NOT NULL,
        route TEXT NOT NULL,
        client TEXT NOT NULL,
        metric TEXT NOT NULL,
        bucket INTEGER NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (section, version, route, client, metric, minute, bucket)
      );
      CREATE INDEX rum_client_timings_minute ON rum_client_timings (minute);`;
