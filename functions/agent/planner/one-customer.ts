/**
 * One customer named by a number (issue 29, counts per entity): "how many orders has Customer 1234 placed, ever?",
 * "what did customer #311 spend in 2024", "customer 42's revenue by category". The view of orders names its
 * customers by their name dimension only (no customer id), and the asker's "Customer 1234" is read as that name,
 * said in the answer's filter ("customer name is Customer 1234"); the rest of the question is the ordinary
 * reading. Read as they stand, the number was a figure the question does not explain and the question refused.
 */
import type { CatalogCube, CatalogMember } from './catalog';
import { hasCustomers } from './entity-conditions';
import { entityRows } from './per-entity';
import type { Plan } from './plan';

/** "customer 1234", "Customer #199", "client no. 42", "customer 42's": the word, then the number. */
const ONE =
  /\b(customer|client|account)\s*(?:#\s*|no\.?\s*|number\s+|id\s+)?(\d{1,9})(?:'s|’s|s')?(?![\d,.%]|\s*(?:k\b|customers?\b|clients?\b|days?\b|dollars?\b))/i;
/** A rank or a count before the word ("top customer 5", "how many customer 3 ..."): no one customer. */
const NOT_ONE = /\b(?:top|bottom|first|last|best|worst|every|each|per)\s*$/i;

/** The ordinary reading of the rest of the question with the customer's name as a filter, or undefined. */
export function readOneCustomer(
  question: string,
  catalog: readonly CatalogCube[],
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
): Plan | undefined {
  const match = ONE.exec(question);
  if (!match || NOT_ONE.test(question.slice(0, match.index))) return undefined;
  // Only one customer named ("customer 12 vs customer 40": two, not read here).
  if (ONE.test(question.slice(match.index + match[0].length))) return undefined;
  const cubes = catalog.filter((c) => hasCustomers(c) && entityRows(c) !== undefined);
  if (cubes.length === 0) return undefined;
  // "how many of customer 199's orders": the possessive's "of" goes with the name.
  const before = question.slice(0, match.index).replace(/\b(?:of|for|from|by|with)\s+$/i, '');
  const rest = `${before} ${question.slice(match.index + match[0].length)}`.replace(/\s+/g, ' ').trim();
  const plan = read(rest, cubes);
  const rows = plan ? entityRows(plan.cube) : undefined;
  if (!plan || !rows) return undefined;
  // A second-order reading ("the top customer", "customers with ...") is about many customers, not this one.
  if (
    plan.perEntity ||
    plan.having ||
    plan.first ||
    plan.top ||
    plan.share ||
    plan.percentile ||
    plan.perGroup
  )
    return undefined;
  if (plan.dimensions.includes(rows.entity) || plan.filters.some((f) => f.member === rows.entity))
    return undefined;
  const name: CatalogMember = rows.entity;
  // The model's word for them ("Customer name": "Customer 1234"), whichever the asker used ("client 42").
  const word = name.title.split(/\s+/)[0] ?? capitalised(match[1] ?? 'customer');
  const value = `${capitalised(word)} ${match[2]}`;
  return { ...plan, filters: [...plan.filters, { member: name, values: [value], negate: false }] };
}

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()}`;
