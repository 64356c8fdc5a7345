/**
 * Scope words around a dimension's plural (issue 29, period over period: "yoy % change in aov, 2024 -> 2025? all
 * regions" was broken down by region, each year against the one before). Read before the question's words are
 * matched against the model:
 * - the whole, no breakdown: an aside set off by punctuation ("..., 2025? all regions", "all categories:"),
 *   "across/over/throughout all (every) regions", "all segments combined", "every region together";
 * - a breakdown: "for all regions" (each of them, as "for each region" and "for every region" are);
 * - neither told apart: "in all regions", "with all regions" (the whole, or the same in each one?), refused.
 */
import type { CatalogCube, CatalogMember } from './catalog';
import { dimensionKeys } from './members';
import { stem } from './text';
import { isIdentifier } from './vocabulary';

/** The words of a dimension's plural, with an optional title word before it ("product categories"). */
const NOUN = String.raw`(?:of\s+)?(?:the\s+|our\s+)?((?:[a-z]+\s+)?[a-z]+)`;
/** Words after the plural that join its values into one whole. */
const JOINED = String.raw`(?:combined|together|put\s+together|in\s+total|overall|included|as\s+a\s+whole)`;

/** "(across) all regions combined", "every region together": group 1 the noun, whatever leads it. */
const JOINED_SCOPE = new RegExp(
  String.raw`(?:\b(?:in|for|across|over|throughout|with|from)\s+)?\b(all|every)\s+${NOUN}\s+${JOINED}\b`,
  'gi',
);
/** "across all regions", "over every segment". */
const ACROSS_SCOPE = new RegExp(String.raw`\b(?:across|over|throughout)\s+(all|every)\s+${NOUN}\b`, 'gi');
/** "..., 2025? all regions", "all categories: ...": an aside set off by punctuation (group 1 what leads it). */
const ASIDE_SCOPE = new RegExp(
  String.raw`(^|[?.!,;:(]|\s[-–—]+)\s*all\s+${NOUN}\s*(?=[)?.!,;:]|\s[-–—]|$)`,
  'gi',
);
/** "for all regions": each of them. */
const FOR_ALL = new RegExp(String.raw`\bfor\s+all\s+${NOUN}\b`, 'gi');
/** "in all regions", "with all regions": the whole or each one, not said. */
const UNCLEAR = new RegExp(String.raw`\b(in|with)\s+all\s+${NOUN}\b`, 'gi');

/**
 * The string dimension a noun names after "all" (a plural: "all regions") or "every" (one: "every region"), with a
 * title word before it if any ("product categories").
 */
function dimensionOf(
  phrase: string,
  catalog: readonly CatalogCube[],
  quantifier = 'all',
): CatalogMember | undefined {
  const parts = phrase.toLowerCase().split(/\s+/);
  const noun = parts.at(-1) ?? '';
  const plural = noun.endsWith('s') && stem(noun) !== noun;
  if (plural !== (quantifier.toLowerCase() === 'all')) return undefined;
  const head = parts.length > 1 ? stem(parts[0] ?? '') : undefined;
  for (const cube of catalog)
    for (const m of cube.members) {
      if (m.kind !== 'dimension' || m.type !== 'string' || isIdentifier(m)) continue;
      if (!dimensionKeys(m).single.includes(stem(noun))) continue;
      if (head === undefined || m.titleWords.includes(head)) return m;
    }
  return undefined;
}

/** The question with its whole-scope words read away and "for all <plural>" read as a breakdown. */
export function readWholeScope(question: string, catalog: readonly CatalogCube[]): string {
  const named = (phrase: string, quantifier?: string) =>
    dimensionOf(phrase, catalog, quantifier) !== undefined;
  return question
    .replace(JOINED_SCOPE, (all, quantifier: string, noun: string) => (named(noun, quantifier) ? ' ' : all))
    .replace(ACROSS_SCOPE, (all, quantifier: string, noun: string) => (named(noun, quantifier) ? ' ' : all))
    .replace(ASIDE_SCOPE, (all, lead: string, noun: string) => (named(noun) ? lead : all))
    .replace(FOR_ALL, (all, noun: string) => (named(noun) ? `for every ${noun}` : all));
}

/**
 * Why "in all regions" or "with all regions" (left once the whole-scope words are read away) cannot be answered
 * as asked, or undefined: it may mean the regions together or each region.
 */
export function unclearScope(question: string, catalog: readonly CatalogCube[]): string | undefined {
  const text = readWholeScope(question, catalog);
  for (const m of text.matchAll(UNCLEAR)) {
    const noun = m[2] ?? '';
    if (!dimensionOf(noun, catalog)) continue;
    const one = noun
      .toLowerCase()
      .replace(/ies$/, 'y')
      .replace(/(ss|us)es$/, '$1')
      .replace(/([^s])s$/, '$1');
    const words = `${m[1]} all ${noun}`.toLowerCase();
    return `I could not tell whether "${words}" means all of them together or each one separately: ask for it "across all ${noun.toLowerCase()} combined" for one figure, or "by ${one}" for each`;
  }
  return undefined;
}
