/**
 * The top N% of customers by spend as a group of their own (issue 29, unknown words): "whales = the top 5% of
 * customers by lifetime spend. how many whales per region?", "... what is the average lifetime spend of a whale?",
 * "... what percentage of whales are enterprise customers?", "the top 2% of customers by 2024 spend: how much did they
 * spend in 2024?", "... what share of revenue do they account for?". The customers are ranked by their spend (over one
 * year when the group is said of one, else over every row they can be seen to have), the first N% of them kept (the
 * number of customers times N / 100, a tie at the cut broken by the name), and one figure asked of them: how many
 * (per value of an attribute), their average or total spend, their share of all spend, or the share of them with a
 * value of an attribute of their own. A definition names the group in the words read here ("customers in the top 5%
 * by lifetime spend", definitions.ts); any other ask of the group is refused, never answered for every customer.
 */
import type { ResultLike } from './answer';
import type { CatalogCube, CatalogMember } from './catalog';
import {
  attributeNamed,
  BREAKDOWN,
  breakdownsNamed,
  entityCubes,
  ownMember,
  type PlainRead,
  perEntityBase,
} from './entity-rest';
import { formatFigure, formatPercent } from './format';
import { capitalise, entityWord, nameOf } from './names';
import { entityRows, ofEntity } from './per-entity';
import type { PerEntity, Period, Plan } from './plan';
import { ident, type PlannedQuery, plannedQuery, quote, withinPeriod } from './sql';
import { yearPeriod } from './vocabulary';

type TopPercent = Extract<PerEntity, { kind: 'top-percent' }>;

/** The ranking of every query of the group. */
const TOP_PERCENT_MARK = 'top_percent_rank';

const N = String.raw`(\d{1,2}(?:\.\d+)?)\s*(?:%|percent|per\s+cent)`;
const PERIOD_WORDS = String.raw`(?:(lifetime|total|overall|all[-\s]time|(20\d\d))\s+)?`;
const SPEND = String.raw`(?:spend|spending|revenue|sales|purchases|dollars\s+spent)`;
const PERIOD_AFTER = String.raw`(?:\s+(?:across|over|in)\s+(?:all\s+)?(?:three|3|the)\s+years|\s+overall|\s+ever|\s+to\s+date|\s+in\s+total|\s+(?:in|during|for)\s+(20\d\d))?`;

/**
 * The group said: "the top 5% of customers by lifetime spend", "customers in the top 10% by 2024 spend", "the 5% of
 * customers who have spent the most overall", "a customer in the top 5% by total spend".
 */
const GROUP_SHAPES = [
  new RegExp(
    String.raw`\b(?:(?:an?|any|the)\s+)?(?:customers?|clients?|buyers?|accounts?)\s+(?:who\s+(?:is|are)\s+|that\s+(?:is|are)\s+)?(?:in|among)\s+(?:the\s+|my\s+|our\s+)?top\s+${N}(?:\s+of\s+(?:all\s+|our\s+|my\s+|the\s+)?(?:customers|clients|buyers|accounts))?\s+(?:by|in\s+terms\s+of|ranked\s+by|on)\s+${PERIOD_WORDS}${SPEND}${PERIOD_AFTER}`,
    'i',
  ),
  new RegExp(
    String.raw`\b(?:the\s+|my\s+|our\s+)?top\s+${N}\s+of\s+(?:all\s+|our\s+|my\s+|the\s+)?(?:customers|clients|buyers|accounts)\s+(?:by|in\s+terms\s+of|ranked\s+by|on)\s+${PERIOD_WORDS}${SPEND}${PERIOD_AFTER}`,
    'i',
  ),
  new RegExp(
    String.raw`\b(?:the\s+|my\s+|our\s+)?${N}\s+of\s+(?:all\s+|our\s+|my\s+|the\s+)?(?:customers|clients|buyers|accounts)\s+(?:who|that)\s+(?:have\s+|has\s+)?spent\s+the\s+most${PERIOD_AFTER}`,
    'i',
  ),
];

/**
 * "top 20% of customers vs the rest", "how much from everyone else": the customers past the cut as a second group
 * beside the top N% (each group's figure).
 */
const REST_OF_THEM =
  /\s*,?\s*\b(?:(?:and\s+)?(?:how\s+much|how\s+many)\s+(?:from|of|for|by)|vs\.?|versus|against|compared\s+(?:to|with)|and|from|with)\s+(?:(?:all\s+)?(?:of\s+)?the\s+rest(?:\s+of\s+(?:them|(?:our|the|my)\s+(?:customers|clients|buyers|accounts)))?|every(?:one|body)\s+else|all\s+(?:the\s+)?other\s+(?:customers|clients|buyers|accounts)|the\s+other\s+(?:\d{1,2}\s*%\s+(?:of\s+)?)?(?:customers|clients|buyers|accounts)|the\s+others|the\s+remaining\s+(?:\d{1,2}\s*%\s*)?(?:of\s+)?(?:customers|clients|buyers|accounts)?)\b/i;
/** "the top 20% of customers" with no ranking said: ranked by lifetime spend, only beside the rest. */
const BARE_TOP = new RegExp(
  String.raw`\b(?:the\s+|my\s+|our\s+)?top\s+${N}\s+of\s+(?:all\s+|our\s+|my\s+|the\s+)?(?:customers|clients|buyers|accounts)\b(?!\s+(?:by|in\s+terms\s+of|ranked\s+by|on)\b)`,
  'i',
);

/** The group found in `text`: its percent, the year it is ranked over (none: every row), and where it was said. */
export function topPercentSaid(
  text: string,
  bare = false,
): { percent: number; year?: number; at: number; end: number } | undefined {
  for (const shape of bare ? [...GROUP_SHAPES, BARE_TOP] : GROUP_SHAPES) {
    const m = shape.exec(text);
    if (!m) continue;
    const percent = Number(m[1]);
    const years = m.slice(2).filter((g): g is string => g !== undefined && /^20\d\d$/.test(g));
    if (!(percent > 0 && percent < 100) || new Set(years).size > 1) return undefined;
    const year = years[0] ? Number(years[0]) : undefined;
    return { percent, ...(year ? { year } : {}), at: m.index, end: m.index + m[0].length };
  }
  return undefined;
}

/** The words a definition's group is said in where the word is used (read here, and only here). */
export function topPercentNoun(said: string): string | undefined {
  const group = topPercentSaid(said);
  if (
    !group ||
    said.slice(0, group.at).trim() !== '' ||
    said
      .slice(group.end)
      .trim()
      .replace(/[.!]+$/, '') !== ''
  )
    return undefined;
  return `the top ${group.percent}% of customers by ${group.year ?? 'lifetime'} spend`;
}

/** What a query of the group holds, here or in the share reading's (sql-second.ts): the cut at N% of the customers. */
export const topPercentMark = (said: string) => {
  const group = topPercentSaid(said);
  return group ? `entities * ${group.percent / 100}` : undefined;
};

/** "how many", "number of", "count": the group counted. */
const COUNT = /\b(?:how\s+many|number\s+of|count)\b/i;
/** "the average lifetime spend of", "average spend per": their mean spend. */
const AVERAGE = /\b(?:average|avg|mean|typical)\b[^?]*?\b(?:spend|spent|spending|revenue|sales)\b/i;
/** "what share of (total) revenue comes from", "account for": their share of all spend. */
const SHARE_OF_SPEND =
  /\b(?:share|percent(?:age)?|proportion|fraction|%)\s+of\s+(?:(?:the|our|my|all|total|overall|company|20\d\d)\s+)*(?:revenue|sales|spend|spending)\b|\b(?:account\s+for|bring\s+in|make\s+up|contribute)\b/i;
/** "what percentage of whales are enterprise customers": the share of them with a value. */
const SHARE_OF_THEM = /\b(?:share|percent(?:age)?|proportion|fraction|%)\s+of\s+(?:them|those|these)?/i;
/** "how much did they spend", "their total spend": their spend summed. */
const TOTAL =
  /\bhow\s+much\b[^?]*\b(?:spend|spent|bring|revenue|sales)\b|\b(?:total|combined|sum\s+of)\b[^?]*\b(?:spend|spending|revenue|sales)\b/i;

const REFUSAL =
  'I can give the top N% of customers by spend as a count (per region or segment), their average or total spend, their share of all spend, or the share of them in a segment, but not this question about them';

/**
 * The group's reading of a question standing alone: a plan for one figure of it, a refusal when the question names
 * the group but asks what is not read here, undefined when it names no group.
 */
export function readTopPercentGroup(
  asked: string,
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | { refuse: string } | undefined {
  // ("top 20% of customers vs the rest: ...": both groups, each with the figure asked.)
  const restRead = readTopPercentRest(asked, catalog, read);
  if (restRead) return restRead;
  const cubes = entityCubes(catalog);
  const cube = cubes[0];
  const rows = cube ? entityRows(cube) : undefined;
  const amount = cube?.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
  // ("the top 10% of that region's customers by total spend", "... of spenders in each region": each value's own.)
  const inEach =
    cube && rows ? withinEach(asked, cube, ownMember(rows, catalog, cube), rows.entity) : undefined;
  const question = inEach?.text ?? asked;
  const group = topPercentSaid(question);
  if (!group) return undefined;
  if (!cube || !rows || !amount) return { refuse: REFUSAL };
  const owned = ownMember(rows, catalog, cube);
  const within = inEach?.within;
  const rest = `${question.slice(0, group.at)} them ${question.slice(group.end)}`;
  // ("how many orders did the top 5% of customers by spend place": another measure over the top rows, the combined
  // share's reading, sql-second.ts.)
  if (/\b(?:orders?|purchases?|transactions?|aov|order\s+value)\b/i.test(rest)) return undefined;
  // A value of an attribute of theirs ("are enterprise customers"): the share of them with it.
  const value = cube.members
    .filter((m) => m.kind === 'dimension' && m.type === 'string' && ofEntity(rows, m))
    .flatMap((m) => m.values.map((v) => ({ member: m, v })))
    .find(({ v }) => new RegExp(String.raw`\b${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\b`, 'i').test(rest));
  const splits = breakdownsNamed(rest, cube, owned).filter(
    (m) => m !== within && m.column !== within?.column.replace(/^.*_/, ''),
  );
  const by = splits[0];
  if (splits.some((m) => m !== by)) return { refuse: REFUSAL };
  // (Within each value, one figure per value: no other breakdown beside it.)
  if (within && by) return { refuse: REFUSAL };
  const ask: TopPercent['ask'] | undefined =
    value && (SHARE_OF_THEM.test(rest) || (within && COUNT.test(rest)))
      ? 'share-with'
      : SHARE_OF_SPEND.test(rest)
        ? 'share'
        : AVERAGE.test(rest)
          ? 'avg'
          : TOTAL.test(rest)
            ? 'sum'
            : COUNT.test(rest)
              ? 'count'
              : undefined;
  // (Their share of all spend is the combined share's reading, sql-second.ts: left to it.)
  if (ask === 'share' && !group.year && !by && !value && !within) return undefined;
  // (An ask not read here is left to the other readings, which read or refuse it.)
  if (!ask) return undefined;
  if ((by && ask !== 'count') || (value && ask !== 'share-with')) return { refuse: REFUSAL };
  if (within && ask === 'count' && !value) return { refuse: REFUSAL };
  // A year said of the figure must be the group's own ("the top 2% by 2024 spend ... in 2024"); none other is read.
  const years = [...rest.matchAll(/\b20\d\d\b/g)].map((m) => Number(m[0]));
  if (years.some((y) => y !== group.year)) return { refuse: REFUSAL };
  // The rest must be read as a plain question about orders, with no filter, breakdown or period of its own.
  const base = perEntityBase(cubes, read);
  if (!base) return { refuse: REFUSAL };
  return groupPlan(base, rows, amount, group, ask, {
    ...(by ? { by } : {}),
    ...(value ? { value: { member: value.member, values: [value.v], negate: false } } : {}),
    ...(within ? { within } : {}),
  });
}

/** The plan of the group's figure: the ordinary reading's base with the top N% (of the year said) and the ask. */
function groupPlan(
  base: Plan,
  rows: TopPercent['rows'],
  amount: CatalogMember,
  group: { percent: number; year?: number },
  ask: TopPercent['ask'],
  extra: Partial<TopPercent>,
): Plan {
  const period: Period | undefined = group.year ? yearPeriod(group.year) : undefined;
  return {
    ...base,
    perEntity: {
      kind: 'top-percent',
      rows,
      amount,
      percent: group.percent,
      ...(period ? { period } : {}),
      ask,
      ...extra,
    },
  };
}

/** Each value's own customers said in the group ("of that region's customers", "of customers in each region"). */
const OWN_GROUP = String.raw`(?:(?:that|the|each|every|their|its)\s+([a-z]+)['’]s\s+(?:own\s+)?(customers|clients|buyers|accounts|spenders))`;
const IN_EACH = String.raw`(customers|clients|buyers|accounts|spenders)\s+(?:in|within|of)\s+(?:each|every|that|the|their|its)\s+([a-z]+)`;

/**
 * The group said within each value of an attribute of the customer's: "the top 10% of that region's customers by total
 * spend" (with "in each region" elsewhere), "the top 10% of spenders in that region", "the top 20% of customers within
 * each region": the text with the group in its plain words, and the attribute. "Spenders" are customers ranked by
 * spend. Only one attribute, named in each place it is said.
 */
function withinEach(
  question: string,
  cube: CatalogCube,
  owned: (m: CatalogMember) => boolean,
  entity: CatalogMember,
): { text: string; within: CatalogMember } | undefined {
  const top = new RegExp(String.raw`\btop\s+${N}\s+of\s+(?:all\s+|our\s+|my\s+|the\s+)?`, 'i').exec(question);
  if (!top) return undefined;
  const after = question.slice(top.index + top[0].length);
  const own = new RegExp(`^${OWN_GROUP}`, 'i').exec(after);
  const each = new RegExp(`^${IN_EACH}`, 'i').exec(after);
  const word = own?.[1] ?? each?.[2];
  const noun = (own?.[2] ?? each?.[1] ?? '').toLowerCase();
  const said = own ?? each;
  if (!said || !word) return undefined;
  const named = attributeNamed(word, cube, owned);
  if (!named) return undefined;
  // (The customer's own column where the rows hold one of the same name: "customers_region" over the orders' region.)
  const prefix = entity.column.slice(0, entity.column.lastIndexOf('_') + 1);
  const within =
    cube.members.find(
      (m) =>
        m.kind === 'dimension' &&
        prefix !== '' &&
        m.column === `${prefix}${named.column.replace(prefix, '')}`,
    ) ?? named;
  let rest = after.slice(said[0].length);
  // ("of spenders": ranked by their spend, over the period the ask names if it names one.)
  if (noun === 'spenders' && !/^\s+(?:by|in\s+terms\s+of|ranked\s+by|on)\b/i.test(rest))
    rest = ` by spend${rest}`;
  // ("the top 20% of customers within each region" with no ranking said: ranked by the spend asked of them.)
  if (!/^\s+(?:by|in\s+terms\s+of|ranked\s+by|on)\b/i.test(rest)) {
    const lifetime = /\b(?:lifetime|all[-\s]time|overall|in\s+total|ever)\b/i.test(question);
    const year = /\b(?:in|during|for)\s+(20\d\d)\b/i.exec(rest);
    if (!lifetime && !year) return undefined;
    rest = ` by ${year ? `${year[1]} ` : 'lifetime '}spend${rest}`;
  }
  // Every other mention of the attribute ("in each region", "within every region") is this one.
  const text = `${question.slice(0, top.index)}${top[0]}customers${rest}`.replace(
    new RegExp(String.raw`[,\s]*\b(?:in|within|for)\s+(?:each|every|that|the)\s+${word}\b[,\s]*`, 'gi'),
    ' ',
  );
  if (breakdownsNamed(text, cube, owned).some((m) => m !== within && m !== named)) return undefined;
  return { text, within };
}

/** The top N% against the rest, read before the cohort readings (whose "vs everyone else" is of a dated cohort). */
export function readTopPercentRest(
  question: string,
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | { refuse: string } | undefined {
  const restSaid = REST_OF_THEM.exec(question);
  if (!restSaid) return undefined;
  const asked = `${question.slice(0, restSaid.index)} ${question.slice(restSaid.index + restSaid[0].length)}`;
  const group = topPercentSaid(asked, true);
  return group ? restOfThem(asked, group, catalog, read) : undefined;
}

/** "in each group", "per group", "each group", "each": the two groups' own figures. */
const EACH_GROUP =
  /\b(?:in\s+|for\s+|per\s+|of\s+)?(?:each|both)(?:\s+(?:group|side|bucket|cohort))?\b|\bper\s+(?:group|side|bucket)\b/gi;
/** "how many orders did each group place": the rows of each group counted. */
const ORDERS_COUNTED = /\b(?:how\s+many|number\s+of|count\s+of)\s+(?:orders|purchases|transactions)\b/i;

/**
 * The top N% and the customers past the cut, each group's figure: their spend in all, per customer, their number,
 * or their orders; nothing else (a breakdown, a value, another period) is read of the two groups.
 */
function restOfThem(
  asked: string,
  group: { percent: number; year?: number; at: number; end: number },
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | { refuse: string } {
  const refuse = {
    refuse:
      'I can set the top N% of customers by spend against the rest as their spend in all, their average spend per customer, their number or their orders, not this question about them',
  };
  const cubes = entityCubes(catalog);
  const cube = cubes[0];
  const rows = cube ? entityRows(cube) : undefined;
  const amount = cube?.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
  const orders = cube?.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  if (!cube || !rows || !amount || !orders) return refuse;
  const rest = `${asked.slice(0, group.at)} them ${asked.slice(group.end)}`.replace(EACH_GROUP, ' ');
  const ask: TopPercent['ask'] | undefined = ORDERS_COUNTED.test(rest)
    ? 'orders'
    : AVERAGE.test(rest) || /\bper\s+(?:customer|client|buyer|account|head)\b/i.test(rest)
      ? 'avg'
      : TOTAL.test(rest) || /\b(?:revenue|spend|spending|sales)\b/i.test(rest)
        ? 'sum'
        : COUNT.test(rest)
          ? 'count'
          : undefined;
  if (!ask) return refuse;
  const years = [...rest.matchAll(/\b20\d\d\b/g)].map((m) => Number(m[0]));
  if (years.some((y) => y !== group.year)) return refuse;
  // No group of theirs, value or breakdown is read beside the two groups.
  if (breakdownsNamed(rest, cube, ownMember(rows, catalog, cube)).length > 0) return refuse;
  const base = perEntityBase(cubes, read);
  if (!base) return refuse;
  return groupPlan(base, rows, amount, group, ask, { rest: { orders } });
}

/** The group's words: "customers in the top 5% by lifetime spend", "... by 2024 spend". */
const groupWords = (p: TopPercent) =>
  `${entityWord(p.rows.entity)} in the top ${p.percent}% by ${p.period ? `${p.period.label} ` : 'lifetime '}spend`;

/** One query: each customer's spend ranked, the first N% kept (`top_percent_rank`), and the figure asked of them. */
export function topPercentQuery(plan: Plan, p: TopPercent): PlannedQuery {
  const entity = ident(p.rows.entity.column);
  const table = ident(plan.cube.name);
  const within = p.period ? ` WHERE ${withinPeriod(ident(p.rows.time.column), p.period)}` : '';
  const spend = `MEASURE(${ident(p.amount.column)})`;
  const people = entityWord(p.rows.entity);
  const ctes = `WITH t AS (SELECT ${entity} AS k, ${spend} AS m FROM ${table}${within} GROUP BY 1), ${TOP_PERCENT_MARK} AS (SELECT k, m, ROW_NUMBER() OVER (ORDER BY m DESC, k) AS rn, COUNT(*) OVER () AS entities FROM t), w AS (SELECT k, m FROM ${TOP_PERCENT_MARK} WHERE rn <= entities * ${p.percent / 100})`;
  const title = capitalise(groupWords(p));
  if (p.within) return withinQuery(plan, p, entity, table, within, spend, title);
  const attr = (m: CatalogMember) =>
    `, a AS (SELECT DISTINCT ${entity} AS k, ${ident(m.column)} AS v FROM ${table}${within})`;
  if (p.rest) {
    const orders = `MEASURE(${ident(p.rest.orders.column)})`;
    const figure =
      p.ask === 'avg'
        ? `AVG(m) AS ${ident(`average_${p.amount.column}`)}`
        : p.ask === 'sum'
          ? `SUM(m) AS ${ident(p.amount.column)}`
          : p.ask === 'orders'
            ? `SUM(c) AS ${ident(p.rest.orders.column)}`
            : `COUNT(*) AS ${ident(people)}`;
    const sql = `WITH t AS (SELECT ${entity} AS k, ${spend} AS m, ${orders} AS c FROM ${table}${within} GROUP BY 1), ${TOP_PERCENT_MARK} AS (SELECT k, m, c, ROW_NUMBER() OVER (ORDER BY m DESC, k) AS rn, COUNT(*) OVER () AS entities FROM t) SELECT CASE WHEN rn <= entities * ${p.percent / 100} THEN ${quote(`top ${p.percent}%`)} ELSE ${quote('the rest')} END AS ${ident('customer_group')}, ${figure}, COUNT(*) AS ${ident(people)} FROM ${TOP_PERCENT_MARK} GROUP BY 1 ORDER BY MIN(rn)`;
    return plannedQuery(plan, sql, `${title} and the rest`, [
      { role: 'dimension' },
      p.ask === 'count'
        ? { role: 'entities' }
        : { role: 'measure', member: p.ask === 'orders' ? p.rest.orders : p.amount },
      { role: 'entities' },
    ]);
  }
  if (p.ask === 'count' && p.by) {
    const sql = `${ctes}${attr(p.by)} SELECT a.v AS ${ident(p.by.column)}, COUNT(DISTINCT w.k) AS ${ident(people)} FROM w JOIN a ON a.k = w.k GROUP BY 1 ORDER BY 1`;
    return plannedQuery(plan, sql, `${title}, by ${nameOf(plan, p.by).toLowerCase()}`, [
      { role: 'dimension', member: p.by },
      { role: 'entities' },
    ]);
  }
  if (p.ask === 'share-with' && p.value) {
    const hit = `COUNT(DISTINCT CASE WHEN a.v = ${quote(p.value.values[0] ?? '')} THEN w.k END)`;
    const sql = `${ctes}${attr(p.value.member)} SELECT round(100.0 * ${hit} / NULLIF(COUNT(DISTINCT w.k), 0), 2) AS share_percent, ${hit} AS ${ident(`${people}_${p.value.values[0]}`)}, COUNT(DISTINCT w.k) AS ${ident(people)} FROM w JOIN a ON a.k = w.k`;
    return plannedQuery(plan, sql, title, [{ role: 'share' }, { role: 'entities' }, { role: 'entities' }]);
  }
  const figure =
    p.ask === 'avg'
      ? `AVG(m) AS ${ident(`average_${p.amount.column}`)}`
      : p.ask === 'sum'
        ? `SUM(m) AS ${ident(p.amount.column)}`
        : p.ask === 'share'
          ? `round(100.0 * SUM(m) / NULLIF((SELECT SUM(m) FROM t), 0), 2) AS share_percent, SUM(m) AS part, (SELECT SUM(m) FROM t) AS whole`
          : `COUNT(*) AS ${ident(people)}`;
  const sql = `${ctes} SELECT ${figure}, COUNT(*) AS group_size, (SELECT COUNT(*) FROM t) AS every_member FROM w`;
  const roles: PlannedQuery['columns'] =
    p.ask === 'share'
      ? [{ role: 'share' }, { role: 'measure', member: p.amount }, { role: 'whole', member: p.amount }]
      : p.ask === 'count'
        ? [{ role: 'entities' }]
        : [{ role: 'measure', member: p.amount }];
  return plannedQuery(plan, sql, title, [...roles, { role: 'entities' }, { role: 'entities' }]);
}

/** The group cut within each value of `p.within` (each value's own customers ranked), one figure per value. */
function withinQuery(
  plan: Plan,
  p: TopPercent,
  entity: string,
  table: string,
  period: string,
  spend: string,
  title: string,
): PlannedQuery {
  const by = p.within as CatalogMember;
  const g = ident(by.column);
  const people = entityWord(p.rows.entity);
  const ctes = `WITH t AS (SELECT ${g} AS g, ${entity} AS k, ${spend} AS m FROM ${table}${period} GROUP BY 1, 2), ${TOP_PERCENT_MARK} AS (SELECT g, k, m, ROW_NUMBER() OVER (PARTITION BY g ORDER BY m DESC, k) AS rn, COUNT(*) OVER (PARTITION BY g) AS entities FROM t), w AS (SELECT g, k, m FROM ${TOP_PERCENT_MARK} WHERE rn <= entities * ${p.percent / 100})`;
  const sizes = `, (SELECT COUNT(*) FROM w AS x WHERE x.g = w.g) AS group_size, (SELECT COUNT(*) FROM t WHERE t.g = w.g) AS every_member`;
  const head = `${title}, within each ${nameOf(plan, by).toLowerCase()}`;
  if (p.ask === 'share-with' && p.value) {
    const a = `, a AS (SELECT DISTINCT ${entity} AS k, ${ident(p.value.member.column)} AS v FROM ${table}${period})`;
    const hit = `COUNT(DISTINCT CASE WHEN a.v = ${quote(p.value.values[0] ?? '')} THEN w.k END)`;
    const sql = `${ctes}${a} SELECT w.g AS ${g}, ${hit} AS ${ident(`${people}_${p.value.values[0]}`)}, COUNT(DISTINCT w.k) AS ${ident(people)}, round(100.0 * ${hit} / NULLIF(COUNT(DISTINCT w.k), 0), 2) AS share_percent FROM w JOIN a ON a.k = w.k GROUP BY 1 ORDER BY 1`;
    return plannedQuery(plan, sql, head, [
      { role: 'dimension', member: by },
      { role: 'entities' },
      { role: 'entities' },
      { role: 'share' },
    ]);
  }
  const figure =
    p.ask === 'avg'
      ? `AVG(m) AS ${ident(`average_${p.amount.column}`)}`
      : p.ask === 'sum'
        ? `SUM(m) AS ${ident(p.amount.column)}`
        : `round(100.0 * SUM(m) / NULLIF((SELECT SUM(m) FROM t WHERE t.g = w.g), 0), 2) AS share_percent, SUM(m) AS part, (SELECT SUM(m) FROM t WHERE t.g = w.g) AS whole`;
  const sql = `${ctes} SELECT g AS ${g}, ${figure}${sizes} FROM w GROUP BY g ORDER BY 1`;
  const roles: PlannedQuery['columns'] =
    p.ask === 'share'
      ? [{ role: 'share' }, { role: 'measure', member: p.amount }, { role: 'whole', member: p.amount }]
      : [{ role: 'measure', member: p.amount }];
  return plannedQuery(plan, sql, head, [
    { role: 'dimension', member: by },
    ...roles,
    { role: 'entities' },
    { role: 'entities' },
  ]);
}

/** The answer within each value: one line per value, and how each one's group was cut. */
function withinAnswer(plan: Plan, p: TopPercent, result: ResultLike): string {
  const people = entityWord(p.rows.entity);
  const by = nameOf(plan, p.within as CatalogMember).toLowerCase();
  const count = (v: unknown) => formatFigure(undefined, v ?? 0);
  const money = (v: unknown) => formatFigure(p.amount, v);
  const line = (r: unknown[]): string => {
    const [value, a, b, c] = r;
    if (p.ask === 'share-with' && p.value)
      return `- ${String(value)}: ${count(a)} of the ${count(b)} are ${p.value.values[0]} (${formatPercent(c ?? 0)})`;
    const size = r.at(-2);
    if (p.ask === 'share')
      return `- ${String(value)}: the ${count(size)} account for ${formatPercent(a ?? 0)} of its spend (${money(b)} of ${money(c)})`;
    if (p.ask === 'avg')
      return `- ${String(value)}: ${money(a)} on average each, over ${count(size)} ${people}`;
    return `- ${String(value)}: ${money(a)} in all${p.period ? ` in ${p.period.label}` : ''}, from ${count(size)} ${people}`;
  };
  const cut = `in each ${by}, the first ${p.percent}% of its own ${people} ranked by their ${p.period ? `${p.period.label} ` : ''}spend (${p.percent}% of the number of that ${by}'s ${people}; a tie at the cut goes to the name)`;
  return `${capitalise(groupWords(p))}, within each ${by}:\n${result.data.map(line).join('\n')}\n\n(${capitalise(cut)}.)`;
}

/** The answer: the figure asked of the group, and how the group was cut. */
export function topPercentAnswer(plan: Plan, p: TopPercent, result: ResultLike): string {
  if (p.within) return withinAnswer(plan, p, result);
  const people = entityWord(p.rows.entity);
  const who = groupWords(p);
  const count = (v: unknown) => formatFigure(undefined, v ?? 0);
  const money = (v: unknown) => formatFigure(p.amount, v);
  const row = result.data[0] ?? [];
  const size = row.at(-2);
  const every = row.at(-1);
  const cut = `the first ${p.percent}% of ${people} ranked by their ${p.period ? `${p.period.label} ` : ''}spend (${p.percent}% of the number of ${people}; a tie at the cut goes to the name)`;
  let text: string;
  if (p.rest) {
    const figure = (v: unknown) =>
      p.ask === 'orders' ? `${count(v)} orders` : p.ask === 'count' ? `${count(v)} ${people}` : money(v);
    const what =
      p.ask === 'avg'
        ? `average ${p.period ? `${p.period.label} ` : 'lifetime '}spend per ${people.replace(/s$/, '')}`
        : p.ask === 'sum'
          ? `${p.period ? `${p.period.label} ` : 'lifetime '}spend in all`
          : p.ask === 'orders'
            ? `orders${p.period ? ` in ${p.period.label}` : ''}`
            : people;
    const lines = result.data.map(
      (r) => `- ${String(r[0])}${p.ask === 'count' ? '' : ` (${count(r[2])} ${people})`}: ${figure(r[1])}`,
    );
    return `${capitalise(who)} and the rest, ${what}:\n${lines.join('\n')}\n\n(${capitalise(cut)}; the rest are every other ${people.replace(/s$/, '')}.)`;
  }
  if (p.ask === 'count' && p.by) {
    const name = nameOf(plan, p.by).toLowerCase();
    const lines = result.data.map((r) => `- ${String(r[0])}: ${count(r[1])} ${people}`);
    const each = ofEntity(p.rows, p.by)
      ? ''
      : `; a ${people.replace(/s$/, '')} counts under each ${name} they have orders in`;
    return `${capitalise(who)}, by ${name}:\n${lines.join('\n')}\n\n(${capitalise(cut)}${each}.)`;
  }
  if (p.ask === 'share-with' && p.value) {
    const [share, hit, all] = row;
    text = `${formatPercent(share ?? 0)} of the ${count(all)} ${who} are ${p.value.values[0]} (${count(hit)} ${people})`;
  } else if (p.ask === 'share') {
    const [share, part, whole] = row;
    text = `The ${count(size)} ${who} account for ${formatPercent(share ?? 0)} of ${p.period ? `${p.period.label} ` : 'all '}spend (${money(part)} of ${money(whole)})`;
  } else if (p.ask === 'avg') text = `The ${count(size)} ${who} spent ${money(row[0])} on average each`;
  else if (p.ask === 'sum')
    text = `The ${count(size)} ${who} spent ${money(row[0])} in all${p.period ? ` in ${p.period.label}` : ''}`;
  else text = `${capitalise(who)}: ${count(row[0])} of ${count(every)} ${people}`;
  return `${capitalise(text)}.\n\n(${capitalise(cut)}.)`;
}

/**
 * A follow-up on the group ("and how many in each segment?", "what about per region?"): the same group counted per
 * value; anything else asked of it is refused (read alone it was a question about every customer).
 */
export function topPercentFollowUp(
  previous: Plan,
  question: string,
  catalog: readonly CatalogCube[],
): Plan | { refuse: string } | undefined {
  const p = previous.perEntity;
  if (p?.kind !== 'top-percent') return undefined;
  // (A question that names its own group, or a new definition, is read on its own.)
  if (topPercentSaid(question)) return undefined;
  const owned = ownMember(p.rows, catalog, previous.cube);
  const splits = breakdownsNamed(question, previous.cube, owned);
  const by = splits[0];
  const rest = question
    .replace(BREAKDOWN, ' ')
    .replace(
      /\b(?:and|what|about|how|many|of|them|those|these|the|are|there|is|now|then|split|broken|down|so)\b|[?.!,]/gi,
      ' ',
    )
    .trim();
  if (!by || splits.some((m) => m !== by) || rest !== '' || (p.ask !== 'count' && p.ask !== 'share'))
    return { refuse: REFUSAL };
  return { ...previous, perEntity: { ...p, ask: 'count', by } };
}
