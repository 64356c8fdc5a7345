/**
 * The best and the worst of a rate (issue 29): "the best return rate" is the lowest one, "the worst cancellation
 * rate" the highest, "the healthiest segment by return rate" and "the most problematic category in terms of return
 * rate" likewise, because fewer returns and cancellations are better; "the best completion rate" is the highest.
 * Which way is better is read from the outcome the rate counts (a general English word, never a model's name): a
 * rate of an outcome the planner cannot place either way is refused by name rather than ranked the wrong way.
 */
import type { Token } from './plan';

/** Words that praise one end of a ranking ("best", "healthiest"), and words that blame it ("worst"). */
const PRAISE = new Set(['best', 'healthiest', 'safest', 'cleanest', 'strongest', 'nicest']);
const BLAME = new Set(['worst', 'unhealthiest', 'riskiest', 'weakest', 'poorest']);
/** "most problematic", "least concerning": a degree before an adjective of trouble. */
const TROUBLE = new Set([
  'problematic',
  'concerning',
  'worrying',
  'worrisome',
  'troubled',
  'risky',
  'troublesome',
]);

/** Outcomes whose rate is better low (roots), and outcomes whose rate is better high. */
const BAD_OUTCOME =
  /^(?:return|refund|cancel|churn|fail|reject|declin|abandon|lost|loss|late|delay|defect|complain|disput|chargeback|bounc|error|default|fraud|damag)/;
const GOOD_OUTCOME =
  /^(?:complet|deliver|paid|pay|won|win|success|convers|convert|retain|retention|fulfil|ship|renew|approv|resolv|repeat)/;
/** Changes have their own reading of best and worst ("the best growth rate": the largest growth). */
const CHANGE = /^(?:grow|growth|increas|decreas|declin|drop|fall|chang)/;

const RATES = new Set(['rate', 'rates', 'ratio']);

const token = (raw: string, asked: string, readAs: string): Token => ({
  raw,
  stem: raw,
  used: false,
  asked,
  readAs,
});

/**
 * The tokens with a praising or blaming word before a rate read as "lowest" or "highest" (the asker's word kept,
 * with the reading said), and "in terms of" before the rate read as "by"; `unplaced` names a rate whose better
 * end the planner cannot tell, so that the question is refused.
 */
export function readRateDirection(tokens: readonly Token[]): { tokens: Token[]; unplaced?: string } {
  const rateAt = tokens.findIndex((t) => RATES.has(t.raw));
  // "return rate", "rate of returns"; with no rate, the outcome counted ("how many returns did its worst month
  // have", "the worst month for cancellations"): the worst has the most of a bad outcome.
  const outcome =
    rateAt < 0
      ? countedOutcome(tokens)
      : tokens[rateAt + 1]?.raw === 'of'
        ? tokens[rateAt + 2]
        : (tokens[rateAt - 1] ?? tokens[rateAt + 1]);
  if (!outcome) return { tokens: [...tokens] };
  const word = outcome.raw;
  const evaluative = tokens.flatMap((t, i) => {
    if (PRAISE.has(t.raw)) return [{ at: i, span: 1, praise: true, asked: t.raw }];
    if (BLAME.has(t.raw)) return [{ at: i, span: 1, praise: false, asked: t.raw }];
    const next = tokens[i + 1]?.raw ?? '';
    if (['most', 'least'].includes(t.raw) && TROUBLE.has(next))
      return [{ at: i, span: 2, praise: t.raw === 'least', asked: `${t.raw} ${next}` }];
    return [];
  });
  const [found] = evaluative;
  if (!found || evaluative.length > 1 || CHANGE.test(word)) return { tokens: [...tokens] };
  const bad = BAD_OUTCOME.test(word);
  if (!bad && !GOOD_OUTCOME.test(word))
    return rateAt < 0 ? { tokens: [...tokens] } : { tokens: [...tokens], unplaced: `${word} rate` };
  const low = found.praise === bad;
  const end = low ? (rateAt < 0 ? 'fewest' : 'lowest') : rateAt < 0 ? 'most' : 'highest';
  const out = [...tokens];
  out.splice(
    found.at,
    found.span,
    token(
      end,
      found.asked,
      rateAt < 0
        ? `the ${end} ${word}, as ${bad ? 'fewer' : 'more'} is better`
        : `the ${end} ${word} rate, as a ${bad ? 'lower' : 'higher'} one is better`,
    ),
  );
  // "in terms of return rate": ranked by it.
  const terms = out.findIndex(
    (t, i) => t.raw === 'in' && out[i + 1]?.raw === 'terms' && out[i + 2]?.raw === 'of',
  );
  if (terms >= 0 && out.slice(terms + 3, terms + 7).some((t) => RATES.has(t.raw)))
    out.splice(terms, 3, { raw: 'by', stem: 'by', used: false });
  return { tokens: out };
}

/**
 * The outcome a question counts with no rate: after "how many" ("how many returns did its worst month have"), or
 * after "for"/"of"/"in" right after the praised or blamed unit ("the worst month for cancellations"). Only a bad or
 * good outcome word: "the worst month for sales" stays the lowest.
 */
function countedOutcome(tokens: readonly Token[]): Token | undefined {
  const placed = (t: Token | undefined) =>
    t !== undefined && (BAD_OUTCOME.test(t.raw) || GOOD_OUTCOME.test(t.raw)) && !CHANGE.test(t.raw)
      ? t
      : undefined;
  const many = tokens.findIndex((t, i) => t.raw === 'how' && tokens[i + 1]?.raw === 'many');
  if (many >= 0) return placed(tokens[many + 2]);
  const judged = tokens.findIndex((t) => PRAISE.has(t.raw) || BLAME.has(t.raw));
  // ("the worst share of orders that were returned": past "of orders", to the one outcome named below.)
  const after = judged >= 0 && ['for', 'of', 'in'].includes(tokens[judged + 2]?.raw ?? '');
  if (after && placed(tokens[judged + 3])) return placed(tokens[judged + 3]);
  if (after && !['share', 'percentage', 'proportion', 'fraction'].includes(tokens[judged + 1]?.raw ?? ''))
    return undefined;
  // ("which month was worst for returns": the unit before the judging word.)
  if (judged >= 0 && ['for', 'of', 'in'].includes(tokens[judged + 1]?.raw ?? ''))
    return placed(tokens[judged + 2]);
  // ("what % of orders were returned, by category, and which category was worst?": the one outcome the question
  // names, when it names exactly one.)
  const outcomes = tokens.filter((t) => placed(t) !== undefined);
  return judged >= 0 && outcomes.length === 1 ? outcomes[0] : undefined;
}
