/**
 * Customers of a group with no rows in a period (issue 29, timing): "sleepers in the west - customers with no orders
 * in H2 2025, how many?", "how many south customers didn't order at all in Q4 2025", "east-region customers with zero
 * orders between August and October 2025", "customers in the north who went without a single order during March
 * 2024". Per customer, among the rows of the group (a value the customer's own table holds too, such as region, or
 * one of the customer's own, such as segment): their rows in the period counted; the customers with none counted,
 * of all the customers with rows in the group. Only with a group named (the cohort reader answers the plain
 * "customers who didn't order in Q4 2025") and a period; every other word is read by the ordinary reading or the
 * question is refused.
 */
import type { ResultLike } from './answer';
import type { CatalogCube } from './catalog';
import { entityCubes, ownMember, type PlainRead, restPlan } from './entity-rest';
import { formatFigure } from './format';
import { capitalise, entityWord } from './names';
import { entityRows, plainCount } from './per-entity';
import type { PerEntity, Plan } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, scopeText, withinPeriod } from './sql';

type NoRowsIn = Extract<PerEntity, { kind: 'no-rows-in' }>;

const ROWS = '(?:orders?|purchases?)';
/** "with no orders", "had zero orders", "didn't order at all", "went without a single order", "placed no orders". */
const NONE = new RegExp(
  String.raw`\b(?:(?:with|had|having|has|have|placed|made)\s+(?:no|zero|0)\s+${ROWS}(?:\s+at\s+all)?|(?:did\s+not|didn['’]?t|have\s+not|haven['’]?t|has\s+not|hasn['’]?t|never)\s+(?:order(?:ed)?|buy|bought|purchase[d]?|(?:place[d]?|make|made)\s+(?:an?|any|a\s+single)\s+${ROWS})(?:\s+(?:at\s+all|anything))?|went\s+without\s+(?:a\s+single|any|an?)\s+${ROWS})(?=\s+(?:in|during|between|from|over)\b)`,
  'i',
);
/** A label the definition after it explains ("sleepers in the west - customers with no orders ..."). */
const LABEL = /\b(?:sleepers|dormant|inactive|lapsed|idle)\b/gi;
/** Two periods joined ("2025 or 2024", "Q3 and Q4", "in March or in May"); "between August and October" is one. */
const JOINED_PERIODS =
  /(?<!\bbetween\s+)\b(?:(?:19|20)\d\d|q[1-4]|h[12]|jan\w*|feb\w*|mar\w*|apr\w*|may|june?|july?|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*)\s*,?\s+(?:or|and|nor|but|then)\s+(?:(?:in|during)\s+)?(?:(?:19|20)\d\d|q[1-4]|h[12]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;
const COUNT = /\b(?:how\s+many|count|number|no\.?)\b/i;
/** The words of the reading itself, removed before the rest is read ("in the west", "in H2 2025"). */
const OWN = [
  NONE,
  LABEL,
  /\b(?:how\s+many|count(?:\s+of)?|number(?:\s+of)?|no\.)\b/gi,
  /\b(?:customers?|clients?|buyers?|accounts?)(?:'s|’s|s')?\b/gi,
  /\b(?:who|that|which|with|the|a|of|s|were|are|is|there|them)\b/gi,
].map((r) => new RegExp(r.source, 'gi'));

const REFUSAL =
  'I can count the customers of a group (such as a region or a segment) with no orders in a period, but not this variant of it';

/**
 * The no-rows reading, given the ordinary reading of the rest of the question; a refusal when the question has its
 * shape (customers of a group, none of their rows in a period) but asks more than it reads; undefined otherwise.
 */
export function readNoRowsIn(
  question: string,
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | { refuse: string } | undefined {
  if (!NONE.test(question) || !COUNT.test(question)) return undefined;
  // ("no orders in 2025 or 2024": in neither, or in one of them? Not said: refused.)
  if (JOINED_PERIODS.test(question)) return { refuse: REFUSAL };
  const cubes = entityCubes(catalog);
  if (cubes.length === 0) return undefined;
  const plan = restPlan(question, OWN, cubes, read);
  const rows = plan ? entityRows(plan.cube) : undefined;
  // Without a group, the cohort reader's question ("customers who didn't order in Q4 2025"): left to it.
  if (plan && plan.filters.length === 0) return undefined;
  if (!plan || !rows || !plan.range || !plainCount(plan) || plan.dimensions.length > 0)
    return { refuse: REFUSAL };
  if (plan.timeDimension && plan.timeDimension.column !== rows.time.column) return { refuse: REFUSAL };
  const own = ownMember(rows, catalog, plan.cube);
  if (!plan.filters.every((f) => own(f.member) && !f.negate)) return { refuse: REFUSAL };
  return { ...plan, perEntity: { kind: 'no-rows-in', rows, period: plan.range } };
}

/** One query: each customer's rows of the group, those in the period counted; the customers with none counted. */
export function noRowsInQuery(plan: Plan, p: NoRowsIn): PlannedQuery {
  const entity = ident(p.rows.entity.column);
  const at = ident(p.rows.time.column);
  // The group keeps every row of the customer; the period only decides which rows are counted.
  const conds = conditions({ ...plan, perEntity: undefined, range: undefined }, at);
  const t = `SELECT ${entity}, SUM(CASE WHEN ${withinPeriod(at, p.period)} THEN 1 ELSE 0 END) AS period_rows FROM ${ident(plan.cube.name)}${conds.length > 0 ? ` WHERE ${conds.join(' AND ')}` : ''} GROUP BY 1`;
  const people = entityWord(p.rows.entity);
  const sql = `WITH t AS (${t}) SELECT SUM(CASE WHEN period_rows = 0 THEN 1 ELSE 0 END) AS ${ident(`${people}_without_orders`)}, COUNT(*) AS ${ident(people)} FROM t`;
  return plannedQuery(
    plan,
    sql,
    capitalise(
      `${people} with no orders in ${p.period.label}${scopeText({ ...plan, perEntity: undefined, range: undefined })}`,
    ),
    [{ role: 'measure' }, { role: 'entities' }],
  );
}

/** The answer: how many of the group's customers had no rows in the period, and how they were counted. */
export function noRowsInAnswer(p: NoRowsIn, query: PlannedQuery, result: ResultLike): string {
  const people = entityWord(p.rows.entity);
  const [none, all] = result.data[0] ?? [];
  const rule = `(Of the ${people} with at least one order in the group at any time: those with none in ${p.period.label}.)`;
  return `${query.title}: ${formatFigure(undefined, none ?? 0)} of ${formatFigure(undefined, all ?? 0)} ${people}.\n\n${rule}`;
}
