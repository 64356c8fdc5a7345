/**
 * A "group", "type" or "line" noun after a word that names one of the model's dimensions ("product group", "merch
 * type", "customer type", "the enterprise tier"; issue 29, README.md "Words the model does not know"): the asker
 * names the dimension by a near word. Read as that dimension only where exactly one dimension with listed values
 * has the word before the noun, and the model has no member of the noun's own; otherwise the noun stays unknown
 * and the question is refused by name.
 */
import type { CatalogCube } from './catalog';
import type { Token } from './plan';
import { stem, words } from './text';

/** Nouns of a kind of thing, which say "the values of" what comes before them. */
const KIND_NOUNS = new Set([
  'group',
  'groups',
  'grouping',
  'type',
  'types',
  'kind',
  'kinds',
  'class',
  'classes',
  'family',
  'families',
  'line',
  'lines',
  'bucket',
  'buckets',
  'tier',
  'tiers',
  'sort',
  'sorts',
]);

const token = (raw: string, asked: string): Token => ({ raw, stem: stem(raw), used: false, asked });

/** The tokens with "W group" read as the one listed dimension W names (its title's words). */
export function readKindNouns(tokens: readonly Token[], cube: CatalogCube): Token[] {
  const named = (m: CatalogCube['members'][number], w: string) =>
    m.titleWords.includes(w) || m.otherWords.includes(w);
  const anyMember = (w: string) => cube.members.some((m) => named(m, w));
  // A dimension W names: by its title ("product" of Product category) or the entity it is joined from
  // ("customers_segment": the customer's), never by a description word ("order" of "Order status").
  const titled = (m: CatalogCube['members'][number], w: string) =>
    m.titleWords.includes(w) || (m.column.includes('_') && stem(m.column.split('_')[0] ?? '') === w);
  const listed = cube.members.filter((m) => m.kind === 'dimension' && m.values.length > 0);
  const valueWords = new Set(listed.flatMap((m) => m.values.flatMap((v) => words(v).map(stem))));
  const out: Token[] = [];
  for (const t of tokens) {
    const before = out.at(-1);
    if (!before || t.used || before.used || !KIND_NOUNS.has(t.raw) || anyMember(t.stem)) {
      out.push(t);
      continue;
    }
    // "the enterprise tier", "the toys line": a value's kind is the value's.
    if (valueWords.has(before.stem)) continue;
    const dimensions = listed.filter((m) => titled(m, before.stem));
    // (The cube's own entity, "customer type" in a cube of customers, where it lists one dimension only.)
    if (dimensions.length === 0 && cube.words.includes(before.stem) && listed.length === 1)
      dimensions.push(...listed);
    const only = dimensions.length === 1 ? dimensions[0] : undefined;
    if (!only) {
      out.push(t);
      continue;
    }
    // "customer type": the segment (the one listed dimension "customer" names), never the customer's name.
    const asked = `${before.asked ?? before.raw} ${t.raw}`;
    out.pop();
    for (const w of words(only.title)) out.push(token(w, asked));
  }
  return out;
}
