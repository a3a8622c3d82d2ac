/**
 * Experiments on one content item: the control is the item's published revision, each variant a
 * draft revision of the same item. Shared by the api (which checks every write with these) and the
 * editor's experiment screen.
 */
import { contentKindSchema, type ContentKind } from './content';
import { z } from './z';

export const EXPERIMENT_STATES = ['draft', 'running', 'stopped', 'shipped'] as const;
export type ExperimentState = (typeof EXPERIMENT_STATES)[number];

/** Leads per visitor (each visitor converts at most once) is what the experiment is judged on; per view is shown beside it. */
export const EXPERIMENT_METRICS = ['leads-per-visitor', 'leads-per-view'] as const;

export const MAX_EXPERIMENT_VARIANTS = 3;

const share = z.number().gt(0).lt(1);

/** Limits past which a variant is switched off; each compares the variant with the control over the same visitors. */
export const experimentGuardrailsSchema = z
  .object({
    /** Largest extra share of views with a script error, e.g. 0.02 for 2 points above the control. */
    errorViews: share.optional(),
    /** Largest extra share of views whose section code failed to load. */
    failedLoads: share.optional(),
    /** Largest p75 LCP / INP in milliseconds over the control's. */
    lcpP75Ms: z.number().int().positive().max(60_000).optional(),
    inpP75Ms: z.number().int().positive().max(60_000).optional(),
  })
  .strict();

/** What sizes a test: the control's expected lead rate per visitor and the smallest relative lift worth finding. */
export const experimentSizingSchema = z
  .object({
    baselineRate: share,
    minimumLift: z.number().gt(0).max(10),
  })
  .strict();

/** GET /api/experiments/sample-size?baselineRate=&minimumLift= answers the visitors each arm needs. */
export interface ExperimentSampleSize {
  perArm: number;
}

export const experimentCreateSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Use lower-case letters, digits and dashes (at most 63)'),
    kind: contentKindSchema,
    itemId: z.string().min(1).max(200),
    /** Each variant names a saved revision of the item. */
    variants: z
      .array(z.object({ name: z.string().trim().min(1).max(40), revision: z.number().int().positive() }).strict())
      .min(1)
      .max(MAX_EXPERIMENT_VARIANTS),
    /** Share of visitors in the experiment (the rest see the control and are not counted). */
    trafficShare: z.number().gt(0).max(1).default(1),
    /** Weights, control first, then each variant; equal when left out. */
    split: z.array(z.number().positive().max(100)).optional(),
    metric: z.enum(EXPERIMENT_METRICS).default('leads-per-visitor'),
    guardrails: experimentGuardrailsSchema.default({}),
    ...experimentSizingSchema.shape,
    /** The experiment stops itself after this many days, or once each arm has `plannedVisitors`. */
    plannedDays: z.number().int().min(1).max(90),
    plannedVisitors: z.number().int().positive().optional(),
  })
  .strict()
  .refine((plan) => !plan.split || plan.split.length === plan.variants.length + 1, {
    message: 'split needs one weight for the control and one per variant',
    path: ['split'],
  })
  .refine((plan) => new Set(plan.variants.map((v) => v.revision)).size === plan.variants.length, {
    message: 'each variant must be a different revision',
    path: ['variants'],
  });
export type ExperimentCreate = z.infer<typeof experimentCreateSchema>;
/** What a client sends (the fields with defaults may be left out). */
export type ExperimentCreateInput = z.input<typeof experimentCreateSchema>;

export const experimentShipSchema = z.object({ variant: z.string().trim().min(1).max(40) }).strict();
export const experimentStopSchema = z.object({ reason: z.string().trim().max(500).optional() }).strict();

/** An interval of a rate, a difference or a lift. */
export interface ExperimentInterval {
  low: number;
  high: number;
}

/** The sample-ratio-mismatch check of an experiment's visitors against its split. */
export interface ExperimentSampleRatio {
  chiSquare: number;
  p: number;
  /** True below p = 0.001: the results cannot be read. */
  mismatch: boolean;
  /** Plain words for the results screen. */
  reason: string;
}

/** One arm's figures, as GET /api/experiments/{id}/results answers them. */
export interface ExperimentArmFigures {
  arm: string;
  off: boolean;
  visitors: number;
  views: number;
  leads: number;
  erroredViews: number;
  failedLoads: number;
  /** Leads per visitor with Wilson's 95 % interval. */
  rate: number;
  interval: ExperimentInterval;
  /** Leads per view. */
  perView: number;
  p75LcpMs: number | null;
  p75InpMs: number | null;
}

/** One variant against the control. */
export interface ExperimentVariantReading {
  arm: string;
  /** Rate difference from the control (Newcombe). */
  difference: ExperimentInterval;
  lift: number | null;
  liftInterval: ExperimentInterval | null;
  /** Always-valid p-value (mSPRT). */
  p: number;
  /** 'unreadable' while the sample ratio check fails: the assignment or the counting is broken. */
  verdict: 'better' | 'worse' | 'no decision yet' | 'unreadable';
}

export interface ExperimentReading {
  arms: ExperimentArmFigures[];
  variants: ExperimentVariantReading[];
  sampleRatio: ExperimentSampleRatio;
  /** False when the sample ratio check failed: no variant then gets a verdict. */
  readable: boolean;
}

/** An experiment as the experiment API answers it (the fields the editor reads). */
export interface ExperimentAnswer {
  id: string;
  kind: ContentKind;
  itemId: string;
  state: ExperimentState;
  plan: { variants: { name: string; revision: number }[]; plannedDays: number; plannedVisitors: number };
  startedAt: number | null;
  endReason: string | null;
  armsOff: string[];
  shippedVariant: string | null;
}

export const EXPERIMENT_TIMELINE_ACTIONS = ['start', 'stop', 'guardrail', 'ship'] as const;

/**
 * An experiment's start, stop, guardrail decision or ship on a release health timeline, with the item
 * it tests and that item's page (a banner shows on every page, so on every section's timeline).
 */
export const timelineExperimentSchema = z.object({
  action: z.enum(EXPERIMENT_TIMELINE_ACTIONS),
  experiment: z.string(),
  kind: contentKindSchema,
  itemId: z.string(),
  /** The item's page (`/` for a banner, which shows on every page). */
  path: z.string(),
  actor: z.string(),
  at: z.string(),
  /** A guardrail's variant and reason, a ship's variant. */
  note: z.string().optional(),
});
export type TimelineExperiment = z.infer<typeof timelineExperimentSchema>;

/** The timeline's `experiments`: absent from an api older than experiments, so an older answer still parses. */
export const timelineExperimentsSchema = z.array(timelineExperimentSchema).optional();
