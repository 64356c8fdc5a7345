/**
 * A comparative set between two periods (issue 29): "which categories had more returns in 2025 than in 2024",
 * "what regions sold less in 2025 than 2024", "more cancelled orders in 2023 than 2024". Read as the change
 * between the two years, kept to the rows that moved the way the comparative says (second-order.ts keeps only
 * those rows of a "which" question): listing both years' figures without saying which rose answered nothing.
 * Only two different years on either side of "than" are read; anything else is left to the other readings.
 */
import type { Grain, Token } from './plan';

const MORE = new Set(['more', 'higher', 'bigger', 'larger', 'greater']);
const LESS = new Set(['fewer', 'less', 'lower', 'smaller']);
/** Words between "than" and the year after it ("than in 2024", "than during 2024"). */
const LEADS = new Set(['in', 'during', 'for', 'of']);

const yearOf = (t: Token | undefined) => (t && /^\d{4}$/.test(t.raw) ? Number(t.raw) : undefined);

/**
 * The change a "more ... in 2025 than in 2024" asks for: `down` when the later year has less (the comparative
 * said of the later year) or more (said of the earlier one). Claims the comparative and "than" (and the lead
 * word of the second year).
 */
export function findPeriodComparative(
  tokens: Token[],
): { grain?: Grain; down: boolean; rank: 'absolute'; counted?: boolean } | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i];
    if (!word || word.used || (!MORE.has(word.raw) && !LESS.has(word.raw))) continue;
    // "more than 60 orders" is a bound: the comparative's own year comes before "than".
    const than = tokens.findIndex((t, k) => k > i && k <= i + 8 && t.raw === 'than');
    if (than < 0) continue;
    const years = tokens.slice(i + 1, than).filter((t) => yearOf(t) !== undefined);
    let k = than + 1;
    while (LEADS.has(tokens[k]?.raw ?? '')) k++;
    const other = yearOf(tokens[k]);
    const first = yearOf(years[0]);
    if (years.length !== 1 || first === undefined || other === undefined || first === other) continue;
    // (Nothing after the second year but the question's end or a new clause: "than 2024 in the north" is not
    // read here, as a filter after it would be ambiguous.)
    word.used = true;
    const thanToken = tokens[than];
    if (thanToken) thanToken.used = true;
    for (let j = than + 1; j < k; j++) {
      const lead = tokens[j];
      if (lead) lead.used = true;
    }
    // The change runs from the earlier year to the later: "more in 2025 than 2024" rose, "more in 2023 than
    // 2024" fell.
    const less = LESS.has(word.raw);
    // ("fewer returns": a count of rows, whatever else is named.)
    return {
      down: less !== first < other,
      rank: 'absolute',
      ...(word.raw === 'fewer' ? { counted: true } : {}),
    };
  }
  return undefined;
}
