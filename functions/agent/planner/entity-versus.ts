/**
 * Entities compared with themselves across two periods (issue 29, counts per entity and period over period): "how
 * many customers spent more in 2025 than in 2024", "what share of customers ordered less in 2025 than 2024",
 * "which customers grew their spending from 2024 to 2025". Each entity's measure in the later period against its
 * own in the earlier one (0 where it had no rows, for a sum or a count). Was the number of customers in each year
 * ("20,000 -> 20,000, unchanged"): confidently wrong.
 */
import type { CatalogCube } from './catalog';
import { entityWord } from './names';
import { entityRows } from './per-entity';
import type { EntityCondition, Period, Plan } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, withinPeriod } from './sql';

const WHO = '(customers?|clients?|buyers?|accounts?|shoppers?)';
const ASK =
  '(how\\s+many|count(?:\\s+(?:the|all|our|my))?|number\\s+of|(?:what\\s+|the\\s+)?(?:share|percent(?:age)?|%|proportion|fraction)\\s+of|which|list(?:\\s+the)?|show(?:\\s+me)?(?:\\s+the)?|who\\s+are\\s+the)';
const PERIOD = '((?:q[1-4]\\s+|h[12]\\s+|[a-z]+\\s+)?\\d{4}|last\\s+year|this\\s+year|the\\s+year\\s+before)';
/** "spent more in 2025 than in 2024", "ordered less in 2025 than 2024", "placed fewer orders in 2025 than in 2024". */
const MORE_THAN = new RegExp(
  `^\\s*${ASK}\\s+(?:of\\s+)?(?:our\\s+|the\\s+|my\\s+|all\\s+)?([a-z ]*?)${WHO}\\s+(?:who\\s+|that\\s+|have\\s+|had\\s+)*(spent|ordered|bought|purchased|placed)\\s+(more|less|fewer)(\\s+(?:money|orders|often|times))?\\s+in\\s+${PERIOD}\\s+than\\s+(?:they\\s+did\\s+)?(?:in\\s+)?${PERIOD}(.*?)\\s*[?.!]*\\s*$`,
  'i',
);
/** "grew their spending from 2024 to 2025", "cut their orders between 2023 and 2024". */
const GREW = new RegExp(
  `^\\s*${ASK}\\s+(?:of\\s+)?(?:our\\s+|the\\s+|my\\s+|all\\s+)?([a-z ]*?)${WHO}\\s+(?:who\\s+|that\\s+|have\\s+|had\\s+)*(grew|increased|raised|upped|cut|reduced|decreased|lowered|dropped)\\s+their\\s+(spend|spending|revenue|orders|order\\s+count|number\\s+of\\s+orders|purchases)\\s+(?:from|between)\\s+${PERIOD}\\s+(?:to|and)\\s+${PERIOD}(.*?)\\s*[?.!]*\\s*$`,
  'i',
);

const ACTIVE =
  '(?:ordered|bought|purchased|shopped|placed\\s+(?:an?\\s+|any\\s+)?orders?|made\\s+(?:an?\\s+)?purchases?|(?:were|was)\\s+active)';
const NOT_AGAIN =
  "(?:did\\s+not|didn'?t|didnt|never|not|no\\s+longer|failed\\s+to|stopped)(?:\\s+(?:order|buy|purchase|shop|come\\s+back|return|ordering|buying|ordered|bought|purchased|shopped|came\\s+back|returned|placed\\s+(?:an?\\s+|any\\s+)?orders?))?(?:\\s+(?:again|anything|at\\s+all|with\\s+us))*";
const NONE =
  '(?:nothing|none|no\\s+orders?|zero\\s+orders|no\\s+purchases?|placed\\s+no\\s+orders?|made\\s+no\\s+purchases?)';
/** A trailing aside that restates the lapse ("(ordered in 24, nothing in 25)"): nothing more to read. */
const RESTATED =
  "(?:\\s*[(\\[-]+[^)\\]]*\\b(?:nothing|none|not|no|didn'?t|didnt|never|zero)\\b[^)\\]]*[)\\]]?)?";
/**
 * "how many customers ordered in 2024 but not in 2025", "which clients bought in 2023, nothing in 2024", "of the
 * customers who ordered in 2024, how many didn't order in 2025", "how many customers did we lose between 2024 and
 * 2025", "customers who churned from 2024 to 2025": rows in the earlier period and none in the later one. Groups:
 * ask, words before the entity, earlier, later, the rest.
 */
const STOPPED = [
  new RegExp(
    `^\\s*${ASK}\\s+(?:of\\s+)?(?:our\\s+|the\\s+|my\\s+|all\\s+)?([a-z ]*?)${WHO}\\s+(?:who\\s+|that\\s+)?${ACTIVE}\\s+in\\s+${PERIOD}\\s*[,;-]?\\s*(?:but\\s+|and\\s+|then\\s+)*(?:${NOT_AGAIN}\\s+in\\s+|(?:had\\s+|with\\s+)?${NONE}\\s+in\\s+)${PERIOD}${RESTATED}(.*?)\\s*[?.!]*\\s*$`,
    'i',
  ),
  new RegExp(
    `^\\s*of\\s+(?:our\\s+|the\\s+|all\\s+)?([a-z ]*?)${WHO}\\s+(?:who\\s+|that\\s+)?${ACTIVE}\\s+in\\s+${PERIOD}\\s*,?\\s*${ASK}\\s+(?:of\\s+them\\s+)?(?:${NOT_AGAIN}|${NONE}|had\\s+${NONE})\\s+in\\s+${PERIOD}${RESTATED}(.*?)\\s*[?.!]*\\s*$`,
    'i',
  ),
  new RegExp(
    `^\\s*${ASK}\\s+(?:of\\s+)?(?:our\\s+|the\\s+|my\\s+|all\\s+)?([a-z ]*?)${WHO}\\s+(?:did\\s+(?:we|you|i)\\s+lose|(?:have\\s+)?(?:we|you|i)\\s+lost|(?:who\\s+|that\\s+)?(?:were\\s+lost|churned|lapsed|dropped\\s+off|went\\s+quiet|stopped\\s+(?:ordering|buying)))\\s+(?:from|between)\\s+${PERIOD}\\s+(?:to|and)\\s+${PERIOD}${RESTATED}(.*?)\\s*[?.!]*\\s*$`,
    'i',
  ),
];

/** The lapse readings' groups in one order: ask, words before the entity, earlier, later, the rest. */
function readStopped(question: string): [string, string, string, string, string] | undefined {
  const [plain, ofThem, lost] = STOPPED;
  const a = plain?.exec(question);
  if (a) return [a[1] ?? '', a[2] ?? '', a[4] ?? '', a[5] ?? '', a[6] ?? ''];
  const b = ofThem?.exec(question);
  if (b) return [b[4] ?? '', b[1] ?? '', b[3] ?? '', b[5] ?? '', b[6] ?? ''];
  const c = lost?.exec(question);
  if (c) return [c[1] ?? '', c[2] ?? '', c[4] ?? '', c[5] ?? '', c[6] ?? ''];
  return undefined;
}

/** How far each one moved: "by more than 20%", "by at least $500", "by over 5 orders" (after the periods). */
const BY_CHANGE =
  /^\s*,?\s*by\s+(?:(more\s+than|over|at\s+least|upwards\s+of)\s+)?(?:(\d[\d,]*(?:\.\d+)?)\s*(?:%|percent|per\s*cent)|\$\s*(\d[\d,]*(?:\.\d+)?)\s*(k)?|(\d[\d,]*)\s+orders?)(?=\s|[?.!,]|$)/i;
type Moved = NonNullable<NonNullable<Plan['having']>['versus']>['by'];

/** The size of the move read off the front of the question's rest, and the rest after it. */
function movedBy(after: string): { by?: Moved; rest: string } {
  const m = BY_CHANGE.exec(after);
  if (!m) return { rest: after };
  const strict = /more|over/i.test(m[1] ?? '');
  const number = (v: string) => Number(v.replace(/,/g, ''));
  const by: Moved = m[2]
    ? { percent: number(m[2]), strict }
    : m[3]
      ? { amount: number(m[3]) * (m[4] ? 1000 : 1), strict }
      : { amount: number(m[5] ?? '0'), strict };
  return { by, rest: after.slice(m[0].length) };
}

/** A breakdown said before the question ("By region:", "per segment -", "For each region,"). */
const BREAKDOWN_FIRST = /^\s*((?:by|per)\s+[a-z]+|for\s+each\s+[a-z]+)\s*[:,;–—-]\s*/i;

/** The reading, over the ordinary reading of the question's other words, or undefined. */
export function readEntityVersus(
  asked: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
  periodOf: (text: string, cube: CatalogCube) => Period | undefined,
): Plan | undefined {
  // ("By region: how many customers placed more orders in 2025 than in 2024?": the breakdown said first, read as
  // the rest of the question.)
  const led = BREAKDOWN_FIRST.exec(asked);
  const question = led ? `${asked.slice(led[0].length)} ${led[1]}` : asked;
  const stopped = readStopped(question);
  if (stopped) return stoppedPlan(stopped, catalog, read, periodOf);
  const more = MORE_THAN.exec(question);
  const grew = more ? null : GREW.exec(question);
  const match = more ?? grew;
  if (!match) return undefined;
  // (MORE_THAN has a group for "more"/"less" that GREW has not.)
  const [, ask = '', before = '', , verb = '', ...rest] = match;
  const [way = '', what = '', first = '', second = '', after = ''] = more ? rest : ['', ...rest];
  const money = more ? /spent/i.test(verb) && !/orders|often|times/i.test(what) : /spend|revenue/i.test(what);
  const down = more ? /less|fewer/i.test(way) : /cut|reduced|decreased|lowered|dropped/i.test(verb);
  // ("in 2025 than in 2024": the first named is the later one; "from 2024 to 2025": the second.)
  const [laterText, earlierText] = more ? [first, second] : [second, first];
  const { by, rest: unread } = movedBy(after);
  // (A size in dollars is of spend; in orders, of a count.)
  if (by?.amount !== undefined && /\$/.test(after.slice(0, after.length - unread.length)) !== money)
    return undefined;
  return versusPlan({
    ask,
    ...(by ? { by } : {}),
    text: `${money ? 'spend' : 'number of orders'} by customer ${before} ${unread}`,
    earlierText,
    laterText,
    aggTypes: ['sum', 'count'],
    op: down ? '<' : '>',
    catalog,
    read,
    periodOf,
  });
}

function stoppedPlan(
  [ask, before, earlierText, laterText, after]: [string, string, string, string, string],
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
  periodOf: (text: string, cube: CatalogCube) => Period | undefined,
): Plan | undefined {
  // The rest of the question ("enterprise", "in the west"), read as the orders by customer.
  return versusPlan({
    ask,
    text: `number of orders by customer ${before} ${after}`,
    earlierText,
    laterText,
    aggTypes: ['count'],
    op: '=',
    stopped: true,
    catalog,
    read,
    periodOf,
  });
}

/**
 * Each entity's measure in an earlier and a later period, as `text` reads it (the measure by customer with the
 * rest of the question: "enterprise", "in the west", "on furniture"), compared by `op` (or stopped: rows in the
 * earlier period and none in the later).
 */
function versusPlan(p: {
  ask: string;
  text: string;
  earlierText: string;
  laterText: string;
  aggTypes: string[];
  op: '<' | '>' | '=';
  stopped?: true;
  by?: Moved;
  catalog: readonly CatalogCube[];
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined;
  periodOf: (text: string, cube: CatalogCube) => Period | undefined;
}): Plan | undefined {
  for (const cube of p.catalog.filter((c) => entityRows(c) !== undefined)) {
    const rows = entityRows(cube);
    const later = p.periodOf(p.laterText, cube);
    const earlier = p.periodOf(p.earlierText, cube);
    if (!rows || !later || !earlier || later.from < earlier.to) continue;
    const plan = p.read(p.text, [cube]);
    if (!plan || plan.cube !== cube || plan.range || plan.compare || plan.top || plan.grain) continue;
    // ("..., by segment": the entities counted within each value of one breakdown of theirs.)
    const [entity, ...groups] = plan.dimensions;
    if (entity !== rows.entity || groups.length > 1 || groups.some((g) => g.type !== 'string')) continue;
    const [measure, ...others] = plan.measures;
    if (!measure || others.length > 0 || !p.aggTypes.includes(measure.aggType ?? '')) continue;
    const output: EntityCondition['output'] = /^(?:how|count|number)/i.test(p.ask)
      ? 'count'
      : /^(?:what|the|share|percent|%|proportion|fraction)/i.test(p.ask)
        ? 'share'
        : 'list';
    if (output === 'list' && groups.length > 0) continue;
    return {
      ...plan,
      timeDimension: rows.time,
      dimensions: groups,
      having: {
        entity: rows.entity,
        measure,
        op: p.op,
        value: 0,
        output,
        versus: { earlier, later, ...(p.stopped ? { stopped: true } : {}), ...(p.by ? { by: p.by } : {}) },
      },
    };
  }
  return undefined;
}

/** Each entity's measure in both periods (0 where it had none), then those that moved the way asked. */
export function versusQuery(plan: Plan, title: string): PlannedQuery {
  const h = plan.having;
  const versus = h?.versus;
  const at = plan.timeDimension ? ident(plan.timeDimension.column) : undefined;
  if (!h || !versus || !at) throw new Error('not a comparison of periods per entity');
  const entity = ident(h.entity.column);
  const m = ident(h.measure.column);
  const [earlier, later] = [withinPeriod(at, versus.earlier), withinPeriod(at, versus.later)];
  const scope = [...conditions({ ...plan, range: undefined }, at), `((${earlier}) OR (${later}))`];
  // ("..., by segment": each entity within its value of the breakdown, the count or share per value.)
  const groups = plan.dimensions.map((d) => ident(d.column));
  const lead = groups.map((g) => `${g}, `).join('');
  const keys = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(', ');
  const t = `SELECT ${lead}${entity}, CASE WHEN ${later} THEN 'later' ELSE 'earlier' END AS period, MEASURE(${m}) AS v FROM ${ident(plan.cube.name)} WHERE ${scope.join(' AND ')} GROUP BY ${keys(groups.length + 2)}`;
  const w = `SELECT ${lead}${entity}, COALESCE(MAX(CASE WHEN period = 'earlier' THEN v END), 0) AS earlier_${m}, COALESCE(MAX(CASE WHEN period = 'later' THEN v END), 0) AS later_${m} FROM t GROUP BY ${keys(groups.length + 1)}`;
  const byGroup = groups.length > 0 ? ` GROUP BY ${keys(groups.length)} ORDER BY ${keys(groups.length)}` : '';
  const groupColumns = plan.dimensions.map((member) => ({ role: 'dimension' as const, member }));
  // ("ordered in 2024 but not in 2025": rows in the earlier period, none in the later; of the earlier ones.)
  const moved = versus.stopped
    ? `earlier_${m} > 0 AND later_${m} = 0`
    : versus.by
      ? movedAtLeast(`earlier_${m}`, `later_${m}`, h.op === '<', versus.by)
      : `later_${m} ${h.op} earlier_${m}`;
  const people = ident(entityWord(h.entity));
  const ctes = `WITH t AS (${t}), w AS (${w}) `;
  const described = (sql: string, columns: PlannedQuery['columns']): PlannedQuery =>
    plannedQuery(plan, sql, title, columns);
  if (h.output === 'count')
    return described(
      groups.length > 0
        ? `${ctes}SELECT ${lead}SUM(CASE WHEN ${moved} THEN 1 ELSE 0 END) AS ${people} FROM w${byGroup}`
        : `${ctes}SELECT COUNT(*) AS ${people} FROM w WHERE ${moved}`,
      [...groupColumns, { role: 'entities' }],
    );
  if (h.output === 'share') {
    const matching = `SUM(CASE WHEN ${moved} THEN 1 ELSE 0 END)`;
    return described(
      `${ctes}SELECT ${lead}${matching} AS ${people}, COUNT(*) AS all_${people}, round(100.0 * ${matching} / NULLIF(COUNT(*), 0), 2) AS share_percent FROM w${versus.stopped ? ` WHERE earlier_${m} > 0` : ''}${byGroup}`,
      [...groupColumns, { role: 'entities' }, { role: 'whole' }, { role: 'share' }],
    );
  }
  return described(
    `${ctes}SELECT ${entity}, earlier_${m}, later_${m} FROM w WHERE ${moved} ORDER BY later_${m} - earlier_${m} ${h.op === '<' ? 'ASC' : 'DESC'}, 1`,
    [
      { role: 'dimension', member: h.entity },
      { role: 'measure', member: h.measure },
      { role: 'measure', member: h.measure },
    ],
  );
}

/** Moved at least (or more than) the size asked: a percent of the earlier figure, or an amount. */
function movedAtLeast(earlier: string, later: string, down: boolean, by: NonNullable<Moved>): string {
  const op = by.strict ? '>' : '>=';
  if (by.percent !== undefined) {
    const factor = down ? 1 - by.percent / 100 : 1 + by.percent / 100;
    return `${later} ${down ? op.replace('>', '<') : op} ${earlier} * ${factor}`;
  }
  return down
    ? `${earlier} - ${later} ${op} ${by.amount ?? 0}`
    : `${later} - ${earlier} ${op} ${by.amount ?? 0}`;
}
