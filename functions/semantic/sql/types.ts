/**
 * The typed values the query pipeline passes from stage to stage (compiler.ts): each stage takes the value the
 * stage before it returns, so no stage can run out of order or be skipped. The statement's AST is rewritten in
 * place along the way; `stage` says how far.
 */
import type { Node } from '../ast';
import type { PushedFilters } from '../model/context-refs';
import type { Member, ModelObject, SubQuery } from '../model/schema';
import type { ParamAllocator } from '../params';
import type { Resolution } from './resolve';

/** Stage 1: one SELECT statement, parsed. */
export interface ParsedQuery {
  readonly stage: 'parsed';
  readonly root: Node;
}

/** Stage 2: every relation resolved and renamed; the model objects read, with the members the user may see. */
export interface ResolvedQuery extends Omit<ParsedQuery, 'stage'> {
  readonly stage: 'resolved';
  readonly resolution: Resolution;
  /** Visible (and not hidden) members of each model object the user may query. */
  readonly visible: ReadonlyMap<string, Member[]>;
}

/** Stage 3: constructs, functions, columns and value sizes checked; the filters cube SQL may take, found. */
export interface CheckedQuery extends Omit<ResolvedQuery, 'stage'> {
  readonly stage: 'checked';
  readonly usesStar: boolean;
  /** Every name the query uses (folded): the members a subquery projects. */
  readonly usedNames: ReadonlySet<string>;
  /** The query's filters each model object's cube SQL may take (FILTER_PARAMS), by object. */
  readonly pushed: ReadonlyMap<string, PushedFilters>;
}

/** Stage 4: measures rewritten to their aggregates. */
export interface AggregatedQuery extends Omit<CheckedQuery, 'stage'> {
  readonly stage: 'aggregated';
}

/** The plan of one model object's subquery: what it projects and joins, before any row-level filter. */
export interface SubqueryPlan {
  /** The generated relation name the rewritten query reads it by. */
  readonly name: string;
  readonly object: ModelObject | undefined;
  readonly members: readonly Member[];
  /** The root cube's relation, the joins the members need and every joined alias; absent: nothing to read. */
  readonly from?: {
    readonly root: string;
    readonly joins: readonly string[];
    readonly aliases: readonly string[];
  };
  /** `sql AS name` items; a sub_query dimension's SQL is a marker until the secure stage writes its subquery. */
  readonly columns: readonly string[];
  readonly subQueries: ReadonlyMap<string, { readonly member: Member; readonly plan: SubQuery }>;
  /** The switch relations the columns read (each is joined when the subquery is written). */
  readonly switches: ReadonlySet<string>;
  readonly pushed?: PushedFilters;
}

/** Stage 5: the subquery plan of every model object the query reads. */
export interface PlannedQuery extends Omit<AggregatedQuery, 'stage'> {
  readonly stage: 'planned';
  readonly subqueries: readonly SubqueryPlan[];
}

/** Stage 6: each subquery written with the user's row-level filters inside; parameters allocated. */
export interface SecuredQuery {
  readonly stage: 'secured';
  readonly root: Node;
  readonly subqueries: readonly { readonly name: string; readonly sql: string }[];
  readonly params: ParamAllocator;
}
