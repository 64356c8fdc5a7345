/**
 * Customers with no rows at all (issue 29): "how many customers have never placed an order", "what share of our
 * customers have no orders at all", "customers with zero orders, by segment". The rows' view knows only the
 * customers who have rows; the customers' own view knows them all: the ones with none are all the customers less
 * the ones with at least one row (counted distinct in the rows' view), per group where the group is the customer's
 * own (a segment, held by both views). When every customer has rows, the answer is zero and says so. With a period
 * ("no orders in 2025") or any word not read here ("never placed an order above $900") the question is another one,
 * left to the other readings (no-rows-in.ts, the cohort reader); a group the rows' view holds only of its rows (an
 * order's region) is refused.
 */
import type { ResultLike } from './answer';
import type { CatalogCube, CatalogMember } from './catalog';
import { formatFigure } from './format';
import { capitalise, entityWord } from './names';
import { countsEntities, entityRows } from './per-entity';
import type { PerEntity, Plan } from './plan';
import { ident, type PlannedQuery, plannedQuery, quote } from './sql';

type NeverRows = Extract<PerEntity, { kind: 'never-rows' }>;

const ROWS = '(?:orders?|purchases?)';
/** "have never placed an order", "never bought anything", "with no orders at all", "zero orders", "without any order". */
const NEVER = new RegExp(
  String.raw`\b(?:(?:have|has|had)\s+)?(?:never|not\s+yet|not\s+ever)\s+(?:(?:placed|made|put\s+in)\s+(?:an?|any|a\s+single)\s+${ROWS}|ordered|bought|purchased)(?:\s+(?:anything|a\s+thing|from\s+us))?|\b(?:with|having|have|has|had|placed|made)\s+(?:no|zero|0)\s+${ROWS}(?:\s+at\s+all)?|\bwithout\s+(?:any|a\s+single|an?)\s+${ROWS}|\bno\s+${ROWS}\s+at\s+all|\b(?:haven['’]?t|hasn['’]?t|have\s+not|has\s+not)\s+(?:ever\s+|yet\s+)?(?:(?:placed|made)\s+(?:an?|any|a\s+single)\s+${ROWS}|ordered|bought|purchased)(?:\s+(?:anything|a\s+thing))?`,
  'i',
);
const PEOPLE = /\b(?:customers?|clients?|accounts?|buyers?)\b/i;
const SHARE = /\b(?:share|percent(?:age)?|proportion|fraction|ratio)\b|%/i;
/** Words of the question this reading reads (besides a group's name and values). */
const KNOWN = new Set(
  `how many much count number no of the a an what whats what's is are were was there do does did we i us our my have
   has had never not yet ever placed made put in order orders purchase purchases ordered bought purchased anything
   thing from single any zero with without having at all who that which customers customer clients client accounts
   account buyers buyer share percent percentage proportion fraction ratio by per each every across broken down
   split so far total base list show me give get still them those these and or currently right now today`
    .split(/\s+/)
    .filter(Boolean),
);

const REFUSAL =
  'I can count the customers with no orders at all (or their share of all customers), overall or per group of their own such as a segment, but not this variant of it';

/**
 * The never-ordered reading: the rows' view and the customers' view of the catalog, an optional group of the
 * customer's own (breakdown or one value); a refusal where the question has the shape but asks more; undefined
 * otherwise (a period said, no customers, none of the words).
 */
export function readNeverRows(
  question: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | { refuse: string } | undefined {
  const said = NEVER.exec(question);
  if (!said || !PEOPLE.test(question)) return undefined;
  const words = question
    .toLowerCase()
    .replace(/[?.!,:;()"]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  // A period ("in 2025", "last quarter") makes it another question: left to the readers of periods.
  if (
    words.some((w) =>
      /^(?:(?:19|20)\d\d|q[1-4]|h[12]|last|this|past|previous|since|during|between|before|after|year|quarter|month|week|day|yesterday|ytd|mtd|recently|lately)s?$/.test(
        w,
      ),
    )
  )
    return undefined;
  const rowsCube = catalog.find((c) => entityRows(c) !== undefined);
  const rows = rowsCube ? entityRows(rowsCube) : undefined;
  if (!rowsCube || !rows) return undefined;
  const prefix = rows.entity.column.slice(0, rows.entity.column.lastIndexOf('_') + 1);
  const ownName = rows.entity.column.slice(prefix.length);
  // The customers' own view: the one holding the entity's name unprefixed, with a count of its rows.
  const people = catalog.find(
    (c) =>
      c !== rowsCube &&
      c.members.some((m) => m.kind === 'dimension' && m.column === ownName) &&
      c.members.some((m) => m.kind === 'measure' && m.aggType === 'count'),
  );
  const everyone = people?.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  const withRows = rowsCube.members.find((m) => m.kind === 'measure' && countsEntities(m, rows));
  if (!people || !everyone || !withRows) return undefined;
  // A group: a string dimension of the customers' view named ("by segment") or one of its values said.
  const groups = people.members.filter(
    (m) => m.kind === 'dimension' && m.type === 'string' && m.values.length > 0,
  );
  const lower = ` ${words.join(' ')} `;
  const named = (m: CatalogMember) =>
    [m.column, ...m.titleWords, ...m.names].some((w) => new RegExp(String.raw`\b${w}s?\b`).test(lower));
  const by = groups.filter(
    (m) =>
      new RegExp(
        String.raw`\b(?:by|per|each|every|across|down\s+by|split\s+by)\s+(?:\w+\s+)?${m.column}s?\b`,
      ).test(lower) ||
      (named(m) && /\b(?:by|per|each|every|across)\b/.test(lower)),
  );
  const values = groups.flatMap((m) =>
    m.values.filter((v) => lower.includes(` ${v.toLowerCase()} `)).map((v) => ({ member: m, value: v })),
  );
  const counterpart = (m: CatalogMember) =>
    rowsCube.members.find((r) => r.kind === 'dimension' && r.column === `${prefix}${m.column}`);
  if (by.length > 1 || values.length > 1 || (by.length > 0 && values.length > 0)) return { refuse: REFUSAL };
  const group = by[0] ?? values[0]?.member;
  // (A group the rows' view holds only of each row, such as an order's region, is not the customer's.)
  if (group && !counterpart(group)) return { refuse: REFUSAL };
  // Every other word must be one read here.
  const groupWords = new Set(
    groups.flatMap((m) => [
      m.column,
      `${m.column}s`,
      ...m.values.flatMap((v) => v.toLowerCase().split(/\s+/)),
    ]),
  );
  const rest = lower
    .replace(/['’]s\b/g, '')
    .split(/\s+/)
    .filter((w) => w && !KNOWN.has(w) && !groupWords.has(w) && !groupWords.has(w.replace(/s$/, '')));
  // (Words not read here, "never placed an order above $900": another question, left to the other readings.)
  if (rest.length > 0) return undefined;
  const base = read('orders', [rowsCube]);
  if (!base) return undefined;
  const share = SHARE.test(question);
  if (share && by.length > 0) return { refuse: REFUSAL };
  const perEntity: NeverRows = {
    kind: 'never-rows',
    rows,
    people,
    everyone,
    withRows,
    share,
    ...(group ? { group, groupOfRows: counterpart(group) } : {}),
    ...(values[0] ? { value: values[0].value } : {}),
  };
  return { ...base, measures: [withRows], dimensions: [], filters: [], numberFilters: [], perEntity };
}

/** One query: all the customers (of the group) and those with rows, the difference those with none. */
export function neverRowsQuery(plan: Plan, p: NeverRows): PlannedQuery {
  const g = p.group ? ident(p.group.column) : undefined;
  const gRows = p.groupOfRows ? ident(p.groupOfRows.column) : undefined;
  const keep = (column: string | undefined) =>
    p.value !== undefined && column ? ` WHERE ${column} = ${quote(p.value)}` : '';
  const grouped = g && p.value === undefined;
  const c = `SELECT ${grouped ? `${g} AS g, ` : ''}MEASURE(${ident(p.everyone.column)}) AS n FROM ${ident(p.people.name)}${keep(g)}${grouped ? ' GROUP BY 1' : ''}`;
  const o = `SELECT ${grouped ? `${gRows} AS g, ` : ''}MEASURE(${ident(p.withRows.column)}) AS n FROM ${ident(plan.cube.name)}${keep(gRows)}${grouped ? ' GROUP BY 1' : ''}`;
  const people = entityWord(p.rows.entity);
  const none = `c.n - COALESCE(o.n, 0)`;
  const figures = p.share
    ? `round(100.0 * (${none}) / NULLIF(c.n, 0), 2) AS ${ident(`share_of_${people}_without_orders_percent`)}, ${none} AS ${ident(`${people}_without_orders`)}`
    : `${none} AS ${ident(`${people}_without_orders`)}`;
  const sql = grouped
    ? `WITH c AS (${c}), o AS (${o}) SELECT c.g AS ${g}, ${figures}, c.n AS ${ident(people)} FROM c LEFT JOIN o ON o.g = c.g ORDER BY 1`
    : `WITH c AS (${c}), o AS (${o}) SELECT ${figures}, c.n AS ${ident(people)} FROM c, o`;
  const scope =
    p.value !== undefined ? ` (${p.value})` : grouped && p.group ? ` by ${p.group.title.toLowerCase()}` : '';
  return plannedQuery(plan, sql, capitalise(`${people} who have never placed an order${scope}`), [
    ...(grouped && p.group ? [{ role: 'dimension' as const, member: p.group }] : []),
    ...(p.share ? [{ role: 'measure' as const }] : []),
    { role: 'measure' as const },
    { role: 'entities' as const },
  ]);
}

/** The answer: how many customers (or what share of them) have no orders, zero said as zero. */
export function neverRowsAnswer(p: NeverRows, query: PlannedQuery, result: ResultLike): string {
  const people = entityWord(p.rows.entity);
  const rule = `(All the ${people}${p.value !== undefined ? ` of ${p.value}` : ''}, less those with at least one order.)`;
  const count = (v: unknown) => formatFigure(undefined, v ?? 0);
  const line = (none: unknown, all: unknown, share?: unknown) =>
    `${p.share ? `${formatFigure(undefined, share ?? 0)}% (` : ''}${count(none)} of ${count(all)} ${people}${p.share ? ')' : ''}${Number(none ?? 0) === 0 ? `: none, every one of them has at least one order` : ''}`;
  const grouped = p.group && p.value === undefined;
  if (grouped) {
    const lines = result.data.map(([g, none, all]) => `- ${String(g)}: ${line(none, all)}`);
    const allZero = result.data.every((r) => Number(r[1] ?? 0) === 0);
    return `${query.title}:\n${lines.join('\n')}${allZero ? `\n\nEvery ${people.replace(/s$/, '')} has at least one order: 0 in each group.` : ''}\n\n${rule}`;
  }
  const [first, second, third] = result.data[0] ?? [];
  return `${query.title}: ${p.share ? line(second, third, first) : line(first, second)}.\n\n${rule}`;
}
