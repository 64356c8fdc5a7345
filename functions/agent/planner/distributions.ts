/**
 * A distribution of entities by how many rows each has (issue 29): "count customers by number of orders", "break
 * down my customers by how many orders they made in Dec 2025", "how many customers placed 1 order, 2 orders, 3
 * orders and so on": for each number of rows, how many entities have exactly that many. Read as the ordinary
 * question "number of orders by customer" with the rest of the asker's words (period, filters), then each
 * entity's count bucketed. A list or ranking of the entities ("list customers by number of orders") is no
 * distribution and is left to the other readings.
 */

import type { ResultLike } from './answer';
import type { CatalogCube } from './catalog';
import { formatFigure } from './format';
import { capitalise, entityWord } from './names';
import type { Plan } from './plan';
import { ident, type PlannedQuery, plannedQuery, planQuery, scopeText } from './sql';
import { alternation, PEOPLE_PLURALS } from './vocabulary';

/** The people a distribution counts. */
const PEOPLE = alternation(PEOPLE_PLURALS);
/**
 * What asks for a count per bucket, not a ranking ("count", "break down", "how many", "distribution of", "number
 * of": "number of customers by how many orders they have placed").
 */
const COUNTING =
  '(?:count|break\\s*down|breakdown\\s+of|split|group|bucket|distribution\\s+of|histogram\\s+of|how\\s+many|(?:the\\s+)?(?:number|count)\\s+of)';
const OWNER = '(?:(?:my|our|the|all|all\\s+our|all\\s+my)\\s+)?';
/** "orders they made", "orders they've placed", "orders each". */
const ACTS = "(?:\\s+(?:they|they've|they\\s+have|each)(?:\\s+(?:made|placed|had|put\\s+in|did))?)?";
const ROWS = '([a-z]+s)';

const FORMS: RegExp[] = [
  // "count customers by number of orders", "break down my customers by how many orders they made".
  new RegExp(
    `\\b${COUNTING}\\s+${OWNER}${PEOPLE}\\s+(?:by|per|according\\s+to)\\s+(?:the\\s+|their\\s+)?(?:number\\s+of|#\\s*of|count\\s+of|how\\s+many)\\s+${ROWS}${ACTS}`,
    'i',
  ),
  // "customers per order count", "customers by order count".
  new RegExp(`\\b(?:${COUNTING}\\s+)?${OWNER}${PEOPLE}\\s+(?:by|per)\\s+([a-z]+)\\s+count\\b`, 'i'),
  // "how many customers placed each number of orders".
  new RegExp(
    `\\bhow\\s+many\\s+${PEOPLE}\\s+(?:(?:have\\s+|had\\s+)?(?:placed|made)|have|had|put\\s+in)\\s+each\\s+number\\s+of\\s+${ROWS}`,
    'i',
  ),
  // "how many customers placed 1 order, 2 orders, 3 orders and so on".
  new RegExp(
    `\\bhow\\s+many\\s+${PEOPLE}\\s+(?:placed|made|have|had|put\\s+in)\\s+1\\s+([a-z]+?)s?,?\\s+2\\s+[a-z]+,?\\s+(?:(?:and\\s+)?3\\s+[a-z]+,?\\s+)?(?:and\\s+so\\s+on|etc\\.?|or\\s+more|and\\s+up)`,
    'i',
  ),
];

/** The question as the ordinary reading of each entity's count, or undefined when it asks for no distribution. */
function restated(question: string): string | undefined {
  for (const form of FORMS) {
    const m = form.exec(question);
    if (!m) continue;
    const [all, people = '', rows = ''] = m;
    const noun = rows.endsWith('s') ? rows : `${rows}s`;
    return `${question.slice(0, m.index)} number of ${noun} by ${people.replace(/s$/, '')} ${question.slice(m.index + all.length)}`;
  }
  return undefined;
}

/**
 * "count customers by number of orders": the plan of each entity's count, bucketed; undefined when the question
 * asks for no distribution, or its rest does not read as one count by the entity.
 */
export function readDistribution(
  question: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): { kind: 'plan'; plan: Plan } | undefined {
  const text = restated(question);
  if (!text) return undefined;
  const plan = read(text, catalog);
  const entity = plan?.dimensions[0];
  const measure = plan?.measures[0];
  if (
    !plan ||
    !entity ||
    !measure ||
    plan.dimensions.length !== 1 ||
    plan.measures.length !== 1 ||
    measure.aggType !== 'count' ||
    plan.grain ||
    plan.top ||
    plan.compare ||
    plan.share ||
    plan.change ||
    plan.percentile ||
    plan.having ||
    plan.first ||
    plan.perEntity ||
    plan.perGroup ||
    plan.reach
  )
    return undefined;
  return { kind: 'plan', plan: { ...plan, distribution: { entity } } };
}

/** The entities per count: each entity's count (the ordinary query), then how many entities have each. */
export function distributionQuery(plan: Plan): PlannedQuery {
  const entity = plan.distribution?.entity;
  const measure = plan.measures[0];
  if (!entity || !measure) throw new Error('not a distribution');
  const inner = planQuery({ ...plan, distribution: undefined, top: undefined }).sql.replace(
    / ORDER BY .*$/,
    '',
  );
  const rows = ident(measure.column);
  const people = ident(entityWord(entity));
  const title = `${capitalise(entityWord(entity))} by ${measure.title.toLowerCase()}${scopeText(plan)}`;
  return plannedQuery(
    plan,
    `SELECT ${rows}, COUNT(*) AS ${people} FROM (${inner}) AS t GROUP BY 1 ORDER BY 1`,
    title,
    [
      { role: 'dimension', member: measure },
      { role: 'entities', member: entity },
    ],
  );
}

/** "Customers by number of orders, in December 2025: - 1 order: 120 customers ..." */
export function distributionText(plan: Plan, query: PlannedQuery, result: ResultLike): string {
  const entity = plan.distribution?.entity;
  const noun = plan.measures[0]?.titleWords.at(-1) ?? 'row';
  if (!entity || result.data.length === 0) return `${query.title}: none.`;
  const people = entityWord(entity);
  const shown = result.data.slice(0, 40);
  // (How many counts there are in all, not how many are left: a figure of the result, not a difference of it.)
  const more =
    result.totalRows > shown.length
      ? `\n(${formatFigure(undefined, result.totalRows)} counts in all; the table holds the rest)`
      : '';
  const line = (row: unknown[]) => {
    const n = Number(row[0]);
    return `- ${formatFigure(undefined, n)} ${noun}${n === 1 ? '' : 's'}: ${formatFigure(undefined, row[1])} ${people}`;
  };
  return `${query.title}:\n${shown.map(line).join('\n')}${more}`;
}
