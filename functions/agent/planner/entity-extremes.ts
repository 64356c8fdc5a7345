/**
 * Each entity's largest or smallest row, named as what a percentile is of (issue 29, tuning set 26): "the p90 of
 * every customer's biggest order", "p10 of customers' lowest order amount", "the median of the largest purchase each
 * customer made". One figure per entity (the MAX or MIN of the row's number), then the percentile of those figures
 * (sql-second.ts percentileQuery). Read only when the entity owns the row in so many words: a possessive before the
 * extreme ("each customer's", "customers'") or "each/every/per <entity>" with a verb after the row ("the largest
 * purchase each customer made"); anything else stays refused by second-order.ts.
 */
import type { CatalogCube, CatalogMember } from './catalog';
import { entityNamed } from './members';
import type { Token } from './plan';

const EXTREMES: Record<string, 'max' | 'min'> = {
  largest: 'max',
  biggest: 'max',
  highest: 'max',
  max: 'max',
  maximum: 'max',
  smallest: 'min',
  lowest: 'min',
  min: 'min',
  minimum: 'min',
};
const ROW_WORDS = new Set(['order', 'purchase']);
const EACH_WORDS = new Set(['each', 'every', 'per']);
const ACTS = new Set(['made', 'placed', 'had', 'has', 'makes', 'places', 'ever', 'bought', 'did']);

export interface EntityExtreme {
  extreme: 'max' | 'min';
  entity: CatalogMember;
}

/**
 * The entity whose largest or smallest row the question names, and which; undefined when the row is not plainly
 * each entity's own. Claims the extreme, the row noun and the entity's words.
 */
export function readEntityExtreme(tokens: Token[], cube: CatalogCube): EntityExtreme | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const extreme = EXTREMES[tokens[i]?.raw ?? ''];
    if (!extreme) continue;
    let k = i + 1;
    if (tokens[k]?.raw === 'single') k++;
    const rowAt = k;
    const row = tokens[k];
    if (!row || !ROW_WORDS.has(row.stem)) continue;
    // "every customer's biggest order", "customers' lowest order": the owner right before the extreme (the reader
    // of words drops the possessive's mark).
    const owner = tokens[i - 1];
    const before = owner ? entityNamed(cube, owner.stem) : undefined;
    if (before) {
      const each = EACH_WORDS.has(tokens[i - 2]?.raw ?? '') ? [i - 2] : [];
      return claim(tokens, [...each, i - 1, i, i + 1, rowAt], { extreme, entity: before });
    }
    // "the largest purchase each customer made": "each <entity>" and a verb after the row.
    const each = tokens[rowAt + 1];
    const named = tokens[rowAt + 2];
    const entity = named ? entityNamed(cube, named.stem) : undefined;
    if (each && EACH_WORDS.has(each.raw) && entity && ACTS.has(tokens[rowAt + 3]?.raw ?? ''))
      return claim(tokens, [i, i + 1, rowAt, rowAt + 1, rowAt + 2, rowAt + 3], { extreme, entity });
    return undefined;
  }
  return undefined;
}

/** Claims the reading's words (the "each"/"every" before a possessive too) and returns it. */
function claim(tokens: Token[], at: number[], read: EntityExtreme): EntityExtreme {
  for (const k of at) {
    const t = tokens[k];
    if (t) t.used = true;
  }
  return read;
}
