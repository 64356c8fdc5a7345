/**
 * Each customer's share of their own spend that went to one value (issue 29, unknown words): "how many customers get
 * less than 10% of their spending from toys?", "electronics-heavy = over 35% of their 2024 spend went to electronics:
 * how many per segment?", "a customer's furniture share is the part of their lifetime revenue that came from
 * furniture: how many have a furniture share above 30%?", "on average, what share of a customer's total spend goes to
 * clothing?". Per customer (over one year when said, else every row): the spend on the value over all their spend,
 * in percent; then the customers past the bound counted (per value of an attribute), or the mean of the shares. A
 * definition names it in the words read here (definitions.ts); any other ask of it is refused.
 */
import type { ResultLike } from './answer';
import type { CatalogCube, CatalogMember } from './catalog';
import { breakdownsNamed, entityCubes, ownMember, type PlainRead, perEntityBase } from './entity-rest';
import { formatFigure, formatPercent } from './format';
import { capitalise, entityWord, nameOf } from './names';
import { entityRows, ofEntity } from './per-entity';
import type { PerEntity, Period, Plan } from './plan';
import { ident, type PlannedQuery, plannedQuery, quote, withinPeriod } from './sql';
import { yearPeriod } from './vocabulary';

type ValueShare = Extract<PerEntity, { kind: 'value-share-each' }>;

/** The CTE of every query here: what a definition read as this share must find in its query. */
export const VALUE_SHARE_MARK = 'own_share';

type Op = '>' | '>=' | '<' | '<=';
const OPS: [RegExp, Op][] = [
  [/^(?:at\s+least|no\s+less\s+than)$/, '>='],
  [/^(?:at\s+most|no\s+more\s+than)$/, '<='],
  [/^(?:over|above|more\s+than|greater\s+than|higher\s+than|upwards\s+of)$/, '>'],
  [/^(?:under|below|less\s+than|lower\s+than|fewer\s+than)$/, '<'],
];
const OP = String.raw`(at\s+least|no\s+less\s+than|at\s+most|no\s+more\s+than|over|above|more\s+than|greater\s+than|higher\s+than|upwards\s+of|under|below|less\s+than|lower\s+than)`;
const PCT = String.raw`(\d{1,2}(?:\.\d+)?)\s*(?:%|percent|per\s+cent)`;
const THEIR = String.raw`(?:their|its|his|her|a\s+customer['’]s|each\s+customer['’]s|the\s+customer['’]s)`;
const SPEND = String.raw`(?:(lifetime|total|overall|all[-\s]time|20\d\d)\s+)?(?:spend|spending|revenue|purchases|sales|dollars)`;
const TO = String.raw`(?:went\s+to|goes\s+to|go\s+to|came\s+from|comes\s+from|come\s+from|was\s+on|is\s+on|was\s+from|is\s+from|that\s+came\s+from|that\s+comes\s+from|that\s+goes\s+to|on|from|in)`;

/** "over 35% of their 2024 spend went to electronics", "less than 10% of their spending from toys". */
const BOUND_FIRST = new RegExp(
  String.raw`\b${OP}\s+${PCT}\s+of\s+${THEIR}\s+${SPEND}\s+${TO}\s+([a-z]+)\b`,
  'i',
);
/** "a share of their lifetime spend from furniture above 30%". */
const SHARE_FIRST = new RegExp(
  String.raw`\bshare\s+of\s+${THEIR}\s+${SPEND}\s+${TO}\s+([a-z]+)\s+(?:(?:is|was|of)\s+)?${OP}\s+${PCT}`,
  'i',
);
/** "(on average,) what share of a customer's total spend goes to clothing", "the average per-customer ... share". */
const AVERAGE_SHARE = new RegExp(
  String.raw`\b(?:share|percent(?:age)?|proportion|fraction|part)\s+of\s+${THEIR}\s+${SPEND}\s+${TO}\s+([a-z]+)\b`,
  'i',
);
const AVERAGE = /\b(?:on\s+average|average|avg|mean|typical)\b/i;

const opOf = (said: string): Op | undefined =>
  OPS.find(([r]) => r.test(said.toLowerCase().replace(/\s+/g, ' ').trim()))?.[1];

/** The value a word names among the rows' own attributes ("toys", "furniture"), with its member. */
function valueNamed(word: string, cube: CatalogCube, rowsOwn: (m: CatalogMember) => boolean) {
  const hits = cube.members
    .filter((m) => m.kind === 'dimension' && m.type === 'string' && !rowsOwn(m))
    .flatMap((m) =>
      m.values.filter((v) => v.toLowerCase() === word.toLowerCase()).map((v) => ({ member: m, value: v })),
    );
  return hits.length === 1 ? hits[0] : undefined;
}

/** The share's words where a definition's word is used: "customers with over 35% of their 2024 spend on electronics". */
export function valueShareNoun(said: string): { noun: string; people: boolean } | undefined {
  const text = said.trim().replace(/[.!]+$/, '');
  const bound = BOUND_FIRST.exec(text);
  if (bound && bound.index === 0 && bound[0].length === text.length)
    return {
      noun: `customers with ${bound[1]} ${bound[2]}% of their ${bound[3] ?? 'lifetime'} spend on ${bound[4]}`,
      people: true,
    };
  // ("the part of their lifetime revenue that came from furniture": the share itself, bounded where used.)
  const share = /^(?:the\s+)?(?:share|percent(?:age)?|proportion|fraction|part|portion)\s+of\s+/i.exec(text);
  const bare = text.replace(/^the\s+/i, '');
  const of = share ? AVERAGE_SHARE.exec(bare) : undefined;
  if (of && of.index === 0 && of[0].length === bare.length)
    return { noun: `share of their ${of[1] ?? 'lifetime'} spend from ${of[2]}`, people: false };
  return undefined;
}

const REFUSAL =
  'I can count the customers whose share of their own spend on one value is past a bound (per region or segment), or average that share over customers, but not this question about it';

/** The share's reading of a question standing alone, a refusal when it names it but asks more, else undefined. */
export function readValueShareEach(
  question: string,
  catalog: readonly CatalogCube[],
  read: PlainRead,
): Plan | { refuse: string } | undefined {
  const bound = BOUND_FIRST.exec(question);
  const shareFirst = bound ? undefined : SHARE_FIRST.exec(question);
  const average = bound || shareFirst ? undefined : AVERAGE_SHARE.exec(question);
  if (!bound && !shareFirst && !(average && AVERAGE.test(question))) return undefined;
  const cubes = entityCubes(catalog);
  const cube = cubes[0];
  const rows = cube ? entityRows(cube) : undefined;
  const amount = cube?.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
  if (!cube || !rows || !amount) return { refuse: REFUSAL };
  const [opWord, pct, period, word] = bound
    ? [bound[1], bound[2], bound[3], bound[4]]
    : shareFirst
      ? [shareFirst[3], shareFirst[4], shareFirst[1], shareFirst[2]]
      : [undefined, undefined, average?.[1], average?.[2]];
  const found = bound ?? shareFirst ?? average;
  const value = valueNamed(word ?? '', cube, (m) => ofEntity(rows, m) || m === rows.entity);
  const op = opWord ? opOf(opWord) : undefined;
  if (!found || !value || (opWord && !op)) return { refuse: REFUSAL };
  const rest = `${question.slice(0, found.index)} ${question.slice(found.index + found[0].length)}`;
  const year = period && /^20\d\d$/.test(period) ? Number(period) : undefined;
  const years = [...rest.matchAll(/\b20\d\d\b/g)].map((m) => Number(m[0]));
  if (years.some((y) => y !== year)) return { refuse: REFUSAL };
  const owned = ownMember(rows, catalog, cube);
  const splits = breakdownsNamed(rest, cube, owned);
  const by = splits[0];
  if (splits.some((m) => m !== by) || (by && !op)) return { refuse: REFUSAL };
  if (op && !/\b(?:how\s+many|number\s+of|count)\b/i.test(question)) return { refuse: REFUSAL };
  const base = perEntityBase(cubes, read);
  if (!base) return { refuse: REFUSAL };
  const within: Period | undefined = year ? yearPeriod(year) : undefined;
  return {
    ...base,
    perEntity: {
      kind: 'value-share-each',
      rows,
      amount,
      member: value.member,
      value: value.value,
      ...(op && pct ? { bound: { op, percent: Number(pct) } } : {}),
      ...(within ? { period: within } : {}),
      ...(by ? { by } : {}),
    },
  };
}

const shareWords = (p: ValueShare) =>
  `share of their ${p.period ? `${p.period.label} ` : ''}spend on ${p.value}`;
const OP_WORDS: Record<Op, string> = { '>': 'over', '>=': 'at least', '<': 'under', '<=': 'at most' };

/** One query: each customer's spend by value (`own_share`), their share on the value, then the figure asked. */
export function valueShareQuery(plan: Plan, p: ValueShare): PlannedQuery {
  const entity = ident(p.rows.entity.column);
  const where = p.period ? ` WHERE ${withinPeriod(ident(p.rows.time.column), p.period)}` : '';
  const by = p.by ? `, ${ident(p.by.column)} AS v` : '';
  const t = `SELECT ${entity} AS k${by}, ${ident(p.member.column)} AS c, MEASURE(${ident(p.amount.column)}) AS m FROM ${ident(plan.cube.name)}${where} GROUP BY ${p.by ? '1, 2, 3' : '1, 2'}`;
  const s = `SELECT k${p.by ? ', v' : ''}, 100.0 * SUM(CASE WHEN c = ${quote(p.value)} THEN m ELSE 0 END) / NULLIF(SUM(m), 0) AS share_percent FROM t GROUP BY ${p.by ? '1, 2' : '1'}`;
  const ctes = `WITH t AS (${t}), ${VALUE_SHARE_MARK} AS (${s})`;
  const people = entityWord(p.rows.entity);
  const title = capitalise(`${people} by their ${shareWords(p)}`);
  if (!p.bound) {
    const sql = `${ctes} SELECT AVG(share_percent) AS average_share_percent, COUNT(*) AS ${ident(people)} FROM ${VALUE_SHARE_MARK}`;
    return plannedQuery(plan, sql, title, [{ role: 'share' }, { role: 'entities' }]);
  }
  const hit = `SUM(CASE WHEN share_percent ${p.bound.op} ${p.bound.percent} THEN 1 ELSE 0 END)`;
  const sql = `${ctes} SELECT ${p.by ? 'v, ' : ''}${hit} AS ${ident(people)}, COUNT(*) AS every_member FROM ${VALUE_SHARE_MARK}${p.by ? ' GROUP BY 1 ORDER BY 1' : ''}`;
  return plannedQuery(plan, sql, title, [
    ...(p.by ? [{ role: 'dimension' as const, member: p.by }] : []),
    { role: 'entities' },
    { role: 'entities' },
  ]);
}

/** The answer: the count or the mean, and how each share was worked out. */
export function valueShareAnswer(plan: Plan, p: ValueShare, result: ResultLike): string {
  const people = entityWord(p.rows.entity);
  const one = people.replace(/s$/, '');
  const n = (v: unknown) => formatFigure(undefined, v ?? 0);
  const rule = `(Each ${one}'s spend on ${p.value}${p.period ? ` in ${p.period.label}` : ''} over all their spend${p.period ? ` that year` : ''}, in percent${p.by && !ofEntity(p.rows, p.by) ? `, per ${nameOf(plan, p.by).toLowerCase()} of their orders` : ''}.)`;
  if (!p.bound) {
    const [avg, all] = result.data[0] ?? [];
    return `On average, ${formatPercent(avg ?? 0)} of a ${one}'s ${p.period ? `${p.period.label} ` : ''}spend went to ${p.value} (the mean of ${n(all)} ${people}' own shares).\n\n${rule}`;
  }
  const what = `${people} with ${OP_WORDS[p.bound.op]} ${p.bound.percent}% of their ${p.period ? `${p.period.label} ` : ''}spend on ${p.value}`;
  if (p.by) {
    const lines = result.data.map((r) => `- ${String(r[0])}: ${n(r[1])} of ${n(r[2])}`);
    return `${capitalise(what)}, by ${nameOf(plan, p.by).toLowerCase()}:\n${lines.join('\n')}\n\n${rule}`;
  }
  const [hit, all] = result.data[0] ?? [];
  return `${capitalise(what)}: ${n(hit)} of ${n(all)} ${people}.\n\n${rule}`;
}
