/**
 * The rest of a per-customer question read as an ordinary one (issue 29; recency.ts, no-rows-in.ts,
 * days-between.ts, best-period.ts): each of those readers takes its own words out of the question, and what is left
 * is read as a question about orders, its breakdown and filters then checked to be the customer's own.
 */
import type { CatalogCube, CatalogMember } from './catalog';
import { entityRows, ofEntity } from './per-entity';
import type { EntityRows, Plan } from './plan';

/** The ordinary reading of a text against some cubes. */
export type PlainRead = (text: string, cubes: readonly CatalogCube[]) => Plan | undefined;

/** The cubes with rows per customer (orders), which these readers read against. */
export const entityCubes = (catalog: readonly CatalogCube[]) =>
  catalog.filter((c) => entityRows(c) !== undefined);

/**
 * A string attribute of the rows that the entity's own table holds too ("region" on the orders and on the
 * customers): each customer's rows carry their own value of it, so a group or filter of it keeps whole customers.
 */
export const heldByEntity = (catalog: readonly CatalogCube[], cube: CatalogCube, m: CatalogMember) =>
  m.type === 'string' &&
  catalog.some(
    (c) =>
      c !== cube &&
      entityRows(c) === undefined &&
      c.members.some((o) => o.kind === 'dimension' && o.type === 'string' && o.column === m.column),
  );

/** Whether a member is the customer's own: an attribute of the rows' customer, or held by the customer's cube. */
export const ownMember =
  (rows: EntityRows, catalog: readonly CatalogCube[], cube: CatalogCube) => (m: CatalogMember) =>
    ofEntity(rows, m) || heldByEntity(catalog, cube, m);

/** "per region", "by segment", "in each region", "broken down by region", "break ... down by region". */
export const BREAKDOWN =
  /\b(?:broken\s+down\s+by|down\s+by|split\s+by|(?:for|in)\s+(?:each|every)|by|per|across)\s+(?:the\s+)?([a-z]+)\b/gi;

/** The attribute a breakdown word names ("region", "segment") among the customer's own (`owned`): one, or none. */
export function attributeNamed(word: string, cube: CatalogCube, owned: (m: CatalogMember) => boolean) {
  const one = word.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');
  const hits = cube.members.filter(
    (m) =>
      m.kind === 'dimension' &&
      m.type === 'string' &&
      m.values.length > 0 &&
      owned(m) &&
      (m.titleWords.includes(one) || m.names.includes(one)),
  );
  return hits.length === 1 ? hits[0] : undefined;
}

/** The attributes a text's breakdown words name (BREAKDOWN, attributeNamed), in order. */
export const breakdownsNamed = (text: string, cube: CatalogCube, owned: (m: CatalogMember) => boolean) =>
  [...text.matchAll(BREAKDOWN)]
    .map((m) => attributeNamed(m[1] ?? '', cube, owned))
    .filter((m): m is CatalogMember => m !== undefined);

/**
 * The plan a per-customer reader fills in (repeat-months, value-share-each, top-percent-group): the cube's plain
 * reading with no filters, breakdown or period of its own (the reader's `perEntity` holds them).
 */
export function perEntityBase(cubes: readonly CatalogCube[], read: PlainRead): Plan | undefined {
  const base = restPlan('', [], cubes, read);
  if (!base) return undefined;
  return { ...base, filters: [], numberFilters: [], dimensions: [], range: undefined, compare: undefined };
}

/** The question with the reader's own words (`own`) and its punctuation taken out, read as a question about orders. */
export function restPlan(
  question: string,
  own: readonly RegExp[],
  cubes: readonly CatalogCube[],
  read: PlainRead,
): Plan | undefined {
  let rest = question;
  for (const r of own) rest = rest.replace(r, ' ');
  rest = rest
    .replace(/[?.!,:;()'’-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return read(`orders ${rest}`, cubes);
}
