/**
 * A cohort's figures per value of one attribute (issue 29, cohorts): "customers whose last order was before July
 * 2025: how many per region?", "people whose first order came before March 2023 - how many in each segment?",
 * "signed up between April and June 2022: lifetime revenue broken down by region". The breakdown's words are read
 * here and taken out; the rest is the cohort reader's (cohort-reader.ts), and cohort-sql.ts groups the members by
 * the value. An attribute of the customer (their segment) puts each member in one group; an attribute of the rows
 * (an order's region) puts a member in each group they have rows in, and a group's figures count only those rows,
 * which the answer says. A word that names no attribute, or more than one, is no breakdown (left as it is).
 */
import type { CatalogCube, CatalogMember } from './catalog';
import { ofEntity } from './per-entity';
import type { EntityRows } from './plan';

/** "by region", "per segment", "in each region", "broken down by region", "split by segment", "across regions". */
const BREAKDOWN =
  /\b(?:broken\s+(?:out|down)\s+by|split\s+(?:by|into)|grouped\s+by|for\s+(?:each|every)|in\s+(?:each|every)|by|per|each|across)\s+(?:the\s+|their\s+|its\s+)?([a-z]+)\b(?:\s+([a-z]+)\b)?/g;

/** The words of "per customer", "per head": each member, no attribute. */
const PER_ONE = /^(?:customer|head|person|capita|buyer|client|member|account|people|shopper|user)$/;

/** The string attributes a cohort may be broken down by: the rows' own and the entity's, with known values. */
function attributes(cube: CatalogCube, rows: EntityRows): CatalogMember[] {
  return cube.members.filter(
    (m) => m.kind === 'dimension' && m.type === 'string' && m.values.length > 0 && m !== rows.entity,
  );
}

/** The one attribute a word names ("region", "regions", "segment"): the entity's own first, else the rows'. */
function named(word: string, cube: CatalogCube, rows: EntityRows): CatalogMember | undefined {
  const one = word.replace(/(?:ies)$/, 'y').replace(/s$/, '');
  // ("per customer", "per head": an average's words, never a breakdown; "customer" is in the segment's other words.)
  if (PER_ONE.test(one)) return undefined;
  const hits = attributes(cube, rows).filter((m) => m.titleWords.includes(one) || m.names.includes(one));
  const own = hits.filter((m) => ofEntity(rows, m));
  const pick = own.length > 0 ? own : hits;
  return pick.length === 1 ? pick[0] : undefined;
}

/** The breakdown said in `text` and the text without it, or undefined when it names none (or two). */
export function cohortBreakdown(
  text: string,
  cube: CatalogCube,
  rows: EntityRows,
): { member: CatalogMember; rest: string } | undefined {
  const found = [...text.matchAll(BREAKDOWN)].flatMap((m) => {
    const member = named(m[1] ?? '', cube, rows);
    if (!member) return [];
    // ("by product category": the attribute's whole title, both words taken.)
    const second = (m[2] ?? '').replace(/(?:ies)$/, 'y').replace(/s$/, '');
    const whole = second !== '' && member.titleWords.includes(second);
    const end = (m.index ?? 0) + m[0].length - (whole || !m[2] ? 0 : m[2].length);
    return [{ member, at: m.index ?? 0, end }];
  });
  const [one, ...others] = found;
  if (!one || others.some((o) => o.member !== one.member)) return undefined;
  let rest = text;
  for (const f of [...found].reverse()) rest = `${rest.slice(0, f.at)} ${rest.slice(f.end)}`;
  return { member: one.member, rest };
}

/** Whether each member stands in one group (an attribute of the entity), not in each group of their rows. */
export const perMember = (rows: EntityRows, member: CatalogMember) => ofEntity(rows, member);
