/**
 * The data model's YAML schema (Cube's cubes and views, as users write them) and the parsed model's types: what
 * parseModel (model.ts) reads and what it returns.
 */
import * as z from 'zod';
import type { ModelIssue } from '../../errors';
import type { Node } from '../ast';
import { conditionSchema, type RowFilter, rowFilterSchema } from './policy-rules';
import { sqlTableSchema, viewIncludeSchema } from './schema-parts';

/** One YAML file of a model branch. */
export interface ModelFile {
  path: string;
  content: string;
}

const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an identifier (letters, digits, _)');

/**
 * Cube keys accepted and not used: display and caching hints that never change a query's rows or who sees
 * them (documented in docs/data-model.md).
 */
const meta = z.record(z.string(), z.unknown()).optional();
const format = z.union([z.string(), z.record(z.string(), z.unknown())]).optional();

/** Cube's `case` dimension: labels chosen by the first condition that holds (sql optional with it). */
const caseLabel = z.union([z.string(), z.strictObject({ sql: z.string().min(1) })]);
const caseSchema = z.strictObject({
  when: z.array(z.strictObject({ sql: z.string().min(1), label: caseLabel })).min(1),
  else: z.strictObject({ label: caseLabel }).optional(),
});

/** An interval as Cube writes it: `1 year`, `3 months`, `-2 weeks`. */
const INTERVAL = /^-?\d+\s+(second|minute|hour|day|week|month|quarter|year)s?$/;

/** A rolling window's trailing or leading part: an interval or `unbounded`. */
const windowSize = z
  .string()
  .trim()
  .regex(/^(unbounded|-?\d+\s+(second|minute|hour|day|week|month|quarter|year)s?)$/i, {
    message: 'must be "unbounded" or an interval like "7 days" or "3 months"',
  });

/**
 * A custom granularity of a time dimension (Cube's `granularities`): an interval with an offset or an origin, or
 * (a calendar cube's) `sql` giving each row's bucket start, e.g. `{CUBE}.start_of_month`.
 */
const granularitySchema = z
  .strictObject({
    name: identifier,
    title: z.string().optional(),
    interval: z.string().regex(INTERVAL, 'must be an interval like "1 year" or "3 months"').optional(),
    sql: z.string().min(1).optional(),
    offset: z.string().regex(INTERVAL, 'must be an interval like "3 months" or "-1 day"').optional(),
    origin: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/, 'must be a date or timestamp')
      .optional(),
  })
  .refine((g) => g.offset === undefined || g.origin === undefined, 'give an offset or an origin, not both')
  .refine((g) => (g.interval === undefined) !== (g.sql === undefined), 'give an interval or sql, not both');
export type GranularityDef = z.infer<typeof granularitySchema>;

const dimensionSchema = z.strictObject({
  name: identifier,
  /** A time dimension's custom granularities: `{dimension.name}` in model SQL, and listed in coreMeta. */
  granularities: z.array(granularitySchema).optional(),
  sql: z.string().min(1).optional(), // one of sql or case: checked by planMeasures
  case: caseSchema.optional(),
  type: z.enum(['string', 'number', 'time', 'boolean', 'switch']),
  /** A `switch` dimension's values: one row per value when the query names it (sql/switch.ts). */
  values: z.array(z.string()).optional(),
  public: z.boolean().optional(),
  shown: z.boolean().optional(),
  /** A calendar cube's own time shifts (Cube's Tesseract): accepted; time-shift measures shift by their interval. */
  time_shift: z
    .array(
      z.strictObject({
        type: z.enum(['prior', 'next']).optional(),
        interval: z.string().optional(),
        sql: z.string().optional(),
        name: z.string().optional(),
      }),
    )
    .optional(),
  /** `sql: "{other.measure}"`: that measure per row of this cube, by the join (sql/subquery.ts). */
  sub_query: z.boolean().optional(),
  propagate_filters_to_sub_query: z.boolean().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  meta,
  format,
  primary_key: z.boolean().optional(),
  synonyms: z.array(z.string()).optional(),
});

export const MEASURE_TYPES = [
  'count',
  'count_distinct',
  'count_distinct_approx',
  'sum',
  'avg',
  'min',
  'max',
  'median',
  'number',
  'string',
  'time',
  'boolean',
  /** Cube's multi-stage ranking (`order_by`, `reduce_by`): sql/stages.ts. */
  'rank',
] as const;

const measureSchema = z.strictObject({
  name: identifier,
  type: z.enum(MEASURE_TYPES),
  sql: z.string().min(1).optional(),
  /** Cube's measure filters: each `sql` holds for a row to be aggregated (CASE WHEN inside the aggregate). */
  filters: z.array(z.strictObject({ sql: z.string().min(1) })).optional(),
  /** Cube's rolling window: the measure over a window of time buckets (sql/rolling.ts). */
  rolling_window: z
    .strictObject({
      trailing: windowSize.optional(),
      leading: windowSize.optional(),
      offset: z.enum(['start', 'end']).optional(),
      /** `to_date` with a `granularity`: from the start of that period (year to date). */
      type: z.enum(['fixed', 'to_date']).optional(),
      granularity: z.enum(['day', 'week', 'month', 'quarter', 'year']).optional(),
    })
    .refine((w) => (w.type === 'to_date') === (w.granularity !== undefined), {
      message: 'type: to_date needs a granularity (and a granularity needs type: to_date)',
    })
    .optional(),
  /** Loaded; queries naming such a measure are refused (docs/data-model.md). */
  multi_stage: z.boolean().optional(),
  /** Cube's time shift: the base measure in an earlier (prior) or later (next) bucket (sql/rolling.ts). */
  time_shift: z
    .array(
      z.strictObject({
        interval: z
          .string()
          .trim()
          .regex(INTERVAL, 'must be an interval like "1 year" or "7 days"')
          .optional(),
        type: z.enum(['prior', 'next']).optional(),
        time_dimension: z.string().optional(),
        /** A calendar cube's named shift (loads; refused when queried). */
        name: z.string().optional(),
      }),
    )
    .min(1)
    .optional(),
  /** Cube's case measure: the measure named for the value of a switch dimension (sql/switch.ts). */
  case: z
    .strictObject({
      switch: z.string().min(1),
      when: z.array(z.strictObject({ value: z.string(), sql: z.string().min(1) })).min(1),
      else: z.strictObject({ sql: z.string().min(1) }).optional(),
    })
    .optional(),
  /** Multi-stage inner grouping (sql/stages.ts): the query's dimensions minus these, only these, plus these. */
  reduce_by: z.array(z.string()).optional(),
  add_group_by: z.array(z.string()).optional(),
  group_by: z.array(z.string()).optional(),
  /** A rank measure's ordering: one measure reference and a direction. */
  order_by: z
    .array(z.strictObject({ sql: z.string().min(1), dir: z.enum(['asc', 'desc']).optional() }))
    .optional(),
  public: z.boolean().optional(),
  shown: z.boolean().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  synonyms: z.array(z.string()).optional(),
  meta,
  format,
  drill_members: z.array(z.string()).optional(),
});

const policySchema = z
  .strictObject({
    group: z.string().optional(),
    groups: z.array(z.string()).optional(),
    /** Cube's older name for a group: matched against the user's groups (docs/data-model.md). */
    role: z.string().optional(),
    /** All must hold for the policy to apply (policy-rules.ts). */
    conditions: z.array(conditionSchema).optional(),
    /** Extension: groups scoped to the session's embed tenant (creator mode); never matched by `group(s)`. */
    embed_group: z.string().optional(),
    embed_groups: z.array(z.string()).optional(),
    row_level: z
      .strictObject({ allow_all: z.boolean().optional(), filters: z.array(rowFilterSchema).optional() })
      .optional(),
    member_level: z
      .strictObject({
        includes: z.union([z.literal('*'), z.array(identifier)]).optional(),
        excludes: z.array(identifier).optional(),
      })
      .optional(),
  })
  .refine(
    (p) =>
      p.group !== undefined ||
      p.groups !== undefined ||
      p.role !== undefined ||
      p.embed_group !== undefined ||
      p.embed_groups !== undefined,
    'needs group, groups, role, embed_group or embed_groups',
  );

const joinSchema = z.strictObject({
  name: identifier,
  sql: z.string().min(1),
  relationship: z.enum(['many_to_one', 'one_to_one', 'one_to_many', 'belongs_to', 'has_one', 'has_many']),
});

const cubeSchema = z
  .strictObject({
    name: identifier,
    sql_table: sqlTableSchema.optional(),
    /** Another cube whose members, joins and settings this one inherits (see extends.ts). */
    extends: identifier.optional(),
    sql: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    dimensions: z.array(dimensionSchema).default([]),
    measures: z.array(measureSchema).default([]),
    joins: z.array(joinSchema).default([]),
    segments: z
      .array(
        z.strictObject({
          name: identifier,
          sql: z.string().min(1),
          title: z.string().optional(),
          description: z.string().optional(),
          public: z.boolean().optional(),
          shown: z.boolean().optional(),
          meta,
          format,
        }),
      )
      .default([]),
    access_policy: z.array(policySchema).optional(),
    public: z.boolean().optional(),
    meta,
    /** A calendar cube (Cube's custom calendars): its granularities' `sql` buckets its time dimensions. */
    calendar: z.boolean().optional(),
    /** One data source per deployment: the name is accepted and not used. */
    data_source: z.string().optional(),
    /** Queries always read the source: pre-aggregations and refresh keys are accepted and not used. */
    pre_aggregations: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
    refresh_key: z.record(z.string(), z.unknown()).optional(),
    /** Drill paths (coreMeta shows them; they never change a query): levels are members, `{CUBE}.x` or `other.x`. */
    hierarchies: z
      .array(
        z.looseObject({
          name: identifier,
          title: z.string().optional(),
          levels: z.array(z.string().min(1)).min(1),
          public: z.boolean().optional(),
        }),
      )
      .optional(),
  })
  .refine(
    (c) => c.extends !== undefined || (c.sql_table === undefined) !== (c.sql === undefined),
    'needs exactly one of sql_table or sql',
  );

/** A view folder: Cube's `members` (older models: `includes`), and folders inside it. */
type FolderDef = { name: string; members?: string[]; includes?: string[]; folders?: FolderDef[] };
const folderSchema: z.ZodType<FolderDef> = z.lazy(() =>
  z.looseObject({
    name: z.string().min(1),
    members: z.array(z.string().min(1)).optional(),
    includes: z.array(z.string().min(1)).optional(),
    folders: z.array(folderSchema).optional(),
  }),
);

const viewSchema = z.strictObject({
  name: identifier,
  title: z.string().optional(),
  description: z.string().optional(),
  public: z.boolean().optional(),
  meta,
  /** Another view whose cubes and policies this one inherits (see extends.ts). */
  extends: identifier.optional(),
  cubes: z
    .array(
      z.strictObject({
        join_path: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/),
        includes: z.union([z.literal('*'), z.array(viewIncludeSchema)]).default('*'),
        excludes: z.array(identifier).optional(),
        prefix: z.boolean().optional(),
        /** The prefix of this path's members when `prefix: true` (instead of the cube's name). */
        alias: identifier.optional(),
      }),
    )
    .default([]),
  /** Groupings of the view's members (coreMeta shows them; they never change a query); folders may nest. */
  folders: z.array(folderSchema).optional(),
  access_policy: z.array(policySchema).optional(),
});

/** A question/SQL pair the model's authors vouch for (the analyst reuses or imitates it). */
const verifiedQuerySchema = z.strictObject({
  question: z.string().min(1).max(1000),
  sql: z.string().min(1).max(20_000),
});

/** One model file: its cubes, views and verified queries. */
export const fileSchema = z.strictObject({
  cubes: z.array(cubeSchema).optional(),
  views: z.array(viewSchema).optional(),
  verified_queries: z.array(verifiedQuerySchema).optional(),
});
export type VerifiedQueryDef = z.infer<typeof verifiedQuerySchema>;

export type DimensionDef = z.infer<typeof dimensionSchema>;
export type MeasureDef = z.infer<typeof measureSchema>;
export type RollingWindowDef = NonNullable<MeasureDef['rolling_window']>;
/** How a multi-stage measure windows its base measure over the query's groups (sql/stages.ts). */
export type StageDef = {
  /** group_by: partition by these dimensions only; reduce_by: by the query's dimensions but these. */
  kind: 'group_by' | 'reduce_by';
  dimensions: string[];
  /** SUM, MIN or MAX of the base measure over the partition; RANK orders the groups by it. */
  window: 'SUM' | 'MIN' | 'MAX' | 'RANK';
  dir?: 'asc' | 'desc';
};
export type TimeShiftDef = { interval: string; type: 'prior' | 'next'; time_dimension?: string };
export type PolicyDef = z.infer<typeof policySchema>;
export type FilterDef = RowFilter;
export type CubeDef = z.infer<typeof cubeSchema>;

/** A cube's member lists by kind, in the order members are numbered (a list's index is its path's). */
export const memberLists = (cube: CubeDef) =>
  [
    ['dimension', cube.dimensions],
    ['measure', cube.measures],
    ['segment', cube.segments],
  ] as const;
export type JoinDef = z.infer<typeof joinSchema>;
export type ViewDef = z.infer<typeof viewSchema>;

/** A column the secured subquery projects for a calculated measure (planned at load, sql/calculated.ts). */
export type HiddenColumn =
  /** A base measure's row value, aggregated by its own type in the outer query. */
  | {
      column: string;
      kind: 'measure';
      cube: string;
      measure: string;
      aggType: Member['aggType'];
      /** The measure the outer query names (a shifted or rolling one), for its messages. */
      title?: string;
      shift?: TimeShiftDef[];
      rolling?: RollingWindowDef;
      stage?: StageDef;
    }
  /** The argument of an aggregate function in the measure's SQL (over cube-name aliases). */
  | {
      column: string;
      kind: 'row';
      cube: string;
      sql: string;
      /** The switch relations `sql` reads (joined when the column is projected). */
      switches?: string[];
    };

/** A measure computed over other measures or over aggregates, as planned at load (sql/calculated.ts). */
export interface CalculatedMeasure {
  /** The measure's expression; column references name hidden columns. */
  expr: Node;
  hidden: HiddenColumn[];
  /** Cubes the hidden columns read (joined when the measure is queried). */
  cubes: string[];
}

/** The measure a sub_query dimension reads. */
export interface SubQuery {
  cube: string;
  measure: string;
}

/** A member as queries see it: a column of a cube or view. */
export interface Member {
  name: string;
  kind: 'dimension' | 'measure';
  type: 'string' | 'number' | 'time' | 'boolean';
  aggType?: (typeof MEASURE_TYPES)[number];
  title: string;
  description?: string;
  synonyms: string[];
  format?: unknown;
  meta?: Record<string, unknown>;
  /** A segment of its cube: a boolean column, true on the rows the segment selects. */
  segment?: true;
  /** `public: false` / `shown: false`: a building block never shown in coreMeta nor queryable. */
  hidden?: true;
  /** A measure computed over other measures or over aggregates (`number`, `string`, `time`, `boolean`). */
  calc?: CalculatedMeasure;
  /** A Cube feature this measure uses that queries cannot compute (refused when queried, naming it). */
  unsupported?: string;
  /** Cube's `rolling_window`: aggregated over a window of the query's time buckets (sql/rolling.ts). */
  rolling?: RollingWindowDef;
  /** Cube's `time_shift` of a multi_stage measure over one base measure (sql/rolling.ts). */
  shift?: TimeShiftDef[];
  /** A multi-stage measure over one base measure with `group_by` or `reduce_by` (sql/stages.ts). */
  stage?: StageDef;
  /** A switch dimension: its values (left out of `SELECT *`, which would repeat every row per value). */
  switchValues?: string[];
  /** A case measure: the switch dimension of its cube it depends on (the query must name it). */
  switchOf?: string;
  /** A `sub_query` dimension: the measure of another cube it reads. */
  subQuery?: SubQuery;
  /**
   * A calendar cube's time dimension's own shifts (`time_shift` with `sql` or `name`: Cube maps each date through
   * them, e.g. a retail calendar's prior year): a plain-interval shift along it would differ, so it is refused.
   */
  calendarShifts?: { type: 'prior' | 'next'; interval?: string; name?: string }[];
  /** A time dimension's custom granularities (Cube's `granularities`), as coreMeta lists them. */
  granularities?: { name: string; title: string; interval?: string; offset?: string; origin?: string }[];
  /** The cube the member comes from and its name there (views point into cubes). */
  cube: string;
  cubeMember: string;
}

/** A queryable object: a cube, or a view over cubes by join path. */
export interface ModelObject {
  name: string;
  kind: 'cube' | 'view';
  title: string;
  description?: string;
  members: Member[];
  /** Cubes joined to build the object: alias -> path from the root cube. */
  joinPath: string[][];
  /** The cube every row of the object starts from. */
  root: string;
  /** The join tree from the root, parents before children (a view's paths and how its other roots connect). */
  edges: JoinEdge[];
  /** `public: false` objects are building blocks: never searched or queried directly. */
  public: boolean;
  /** A view's own access policy (over view member names), applied on top of its cubes' policies. */
  policies?: PolicyDef[];
  /** A cube's drill paths: levels as qualified member names (`cube.member`). */
  hierarchies?: { name: string; title: string; levels: string[] }[];
  /** A view's folders, flattened: each with the names of its members (nested folders' members included). */
  folders?: { name: string; members: string[] }[];
}

/**
 * One join of an object's join tree. `rel` is seen from the parent: `to_one` (many_to_one: the child's rows
 * repeat once per parent row), `to_many` (one_to_many: the parent's rows repeat once per child row), `one`.
 */
export interface JoinEdge {
  parent: string;
  child: string;
  /** The cube whose `joins` entry holds `sql` (its `{CUBE}`). */
  declaredOn: string;
  sql: string;
  rel: 'to_one' | 'to_many' | 'one';
}

export interface DataModel {
  /** Content hash: parsed models and compiled queries are cached by it. */
  readonly hash: string;
  readonly cubes: ReadonlyMap<string, CubeDef>;
  readonly views: ReadonlyMap<string, ViewDef>;
  readonly objects: ReadonlyMap<string, ModelObject>;
  /** `cube.member` -> the other cubes its SQL reads, joined when a query reads it (cross-cube.ts). */
  readonly memberReads?: ReadonlyMap<string, readonly string[]>;
  /** `verified_queries` of all files, in file order. */
  readonly verifiedQueries?: readonly VerifiedQueryDef[];
  /** What the model's author should know that is not an error (shown by `model push`). */
  readonly notes?: readonly ModelIssue[];
}

export { type ModelIssue, ModelValidationError } from '../../errors';

/** A member's title from its name: `total_amount` -> `Total amount`. */
export const titleOf = (name: string) => name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Measures a repeated row would change (count_distinct, min and max are not). */
export const FANOUT_SENSITIVE: ReadonlySet<string> = new Set(['count', 'sum', 'avg', 'median']);
