/**
 * Growth asked as a ratio (issue 29, period over period): "how many times bigger was 2025 revenue than 2023",
 * "how many times larger", "orders in 2024 as a multiple of 2023", "as a growth multiple (e.g. 1.05x)". The
 * answer is the change between the two periods with the later figure over the earlier one beside it (answer-second.ts);
 * these words are claimed here, before "how many" could be read as a count. The comparative after "times"
 * ("larger ... than") stays for the change's own reading.
 */
import type { Token } from './plan';

const COMPARATIVE = new Set(['bigger', 'larger', 'greater', 'higher', 'more', 'smaller', 'lower', 'less']);
/** The number of an example of the figure's form ("1.2x", "2x"). */
const NUMBER = /^\d+(?:\.\d+)?$/;
const EXAMPLE_LEAD = new Set(['like', 'eg', 'g', 'say', 'ie']);

/** Claims the words asking growth as a ratio; true when they were found. */
export function claimGrowthRatio(tokens: Token[]): boolean {
  let found = false;
  const claim = (...ws: (Token | undefined)[]) => {
    for (const w of ws) if (w) w.used = true;
    found = true;
  };
  tokens.forEach((t, i) => {
    if (t.used) return;
    const [a, b, c] = [tokens[i + 1], tokens[i + 2], tokens[i + 3]];
    // "how many times bigger (than)": the comparative after "times" is the change's word.
    if (t.raw === 'how' && a?.raw === 'many' && b?.raw === 'times' && COMPARATIVE.has(c?.raw ?? ''))
      claim(t, a, b);
    // "as a multiple of 2023", "as a growth multiple": the ratio itself.
    if (t.raw === 'as' && a?.raw === 'a' && b?.raw === 'multiple')
      claim(t, a, b, c?.raw === 'of' ? c : undefined);
    if (t.raw === 'as' && a?.raw === 'a' && b?.raw === 'growth' && c?.raw === 'multiple') claim(t, a, b, c);
  });
  if (!found) return false;
  // "(like 1.2x)", "(e.g. 1.05x)": the form the figure is wanted in (the words split "1.2x" into "1.2" and "x").
  tokens.forEach((t, i) => {
    const x = tokens[i + 1];
    if (t.used || !NUMBER.test(t.raw) || x?.raw !== 'x' || x.used) return;
    t.used = true;
    x.used = true;
    const lead = tokens[i - 1];
    if (lead && !lead.used && EXAMPLE_LEAD.has(lead.raw)) lead.used = true;
    // ("e.g.": two words.)
    const e = tokens[i - 2];
    if (lead?.raw === 'g' && e?.raw === 'e' && !e.used) e.used = true;
  });
  return true;
}

/**
 * Claims the words of a compound annual growth rate ("CAGR", "compound annual growth rate", "compounded annual
 * growth", "annualised growth rate"); true when found. The change between the two years named is read as usual, with
 * the rate per year beside it (sql-second.ts); any other shape of change is refused (misreadings.ts).
 */
export function claimCompoundGrowth(tokens: Token[]): boolean {
  let found = false;
  tokens.forEach((t, i) => {
    if (t.used) return;
    const [a, b, c] = [tokens[i + 1], tokens[i + 2], tokens[i + 3]];
    const claim = (...ws: (Token | undefined)[]) => {
      for (const w of ws) if (w) w.used = true;
      found = true;
    };
    if (t.raw === 'cagr') claim(t);
    else if (
      (t.raw === 'compound' || t.raw === 'compounded') &&
      a?.raw === 'annual' &&
      b?.stem.startsWith('grow')
    )
      claim(t, a, b, c?.raw === 'rate' ? c : undefined);
    else if ((t.raw === 'compound' || t.raw === 'compounded') && a?.stem.startsWith('grow'))
      claim(t, a, b?.raw === 'rate' ? b : undefined);
    else if (['annualised', 'annualized'].includes(t.raw) && a?.stem.startsWith('grow'))
      claim(t, a, b?.raw === 'rate' ? b : undefined);
  });
  return found;
}
