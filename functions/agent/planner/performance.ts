/**
 * "How did each region do in 2025 compared to 2024?", "how did every segment perform last year vs 2024": how
 * something did between two periods is its change from the one to the other (issue 29, period over period), of
 * the measure named, else of the money (revenue: what "doing well" is measured by), said so in the answer. Read
 * only with a comparison word ("vs", "compared", "against", "than"); "how did the west do in 2025" alone is no
 * change, and its verb stays unread.
 */
import type { Token } from './plan';

/** Verbs of how something did ("do", "perform", "fare", "hold up"). */
const DID = new Set([
  'do',
  'did',
  'doing',
  'does',
  'perform',
  'performed',
  'performing',
  'fare',
  'fared',
  'faring',
]);
const ASKING = new Set(['how', 'hows']);
const AUXILIARY = new Set(['did', 'does']);
/** A word that starts a period after "vs" ("vs 2024", "vs the year before", "vs Q1", "vs last year"). */
const PERIOD_NEXT =
  /^(?:(?:19|20)\d\d|q[1-4]|h[12]|the|last|previous|prior|same|this|that|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|in|to|with)$/;
const COMPARING = new Set(['vs', 'versus', 'compared', 'against', 'than', 'relative']);

/** The verb of a "how did X do ... vs ..." question, claimed with its "how" (undefined when it is none). */
export function findPerformance(tokens: Token[]): Token | undefined {
  const how = tokens.findIndex((t) => ASKING.has(t.raw) && !t.used);
  if (how < 0 || !tokens.some((t) => COMPARING.has(t.raw))) return undefined;
  // The verb closes the subject: "how did each region do", "how have our segments performed". After "how many"
  // or "how much", "did" is the auxiliary of another verb: a change only when periods are compared ("how much did
  // our customers spend in 2024 vs 2023"), not values ("how many orders did we get on weekends vs weekdays": a
  // count by the two, which was refused as a change between two years).
  const amount = ['many', 'much'].includes(tokens[how + 1]?.raw ?? '');
  const periods = tokens.some((t, i) => COMPARING.has(t.raw) && PERIOD_NEXT.test(tokens[i + 1]?.raw ?? ''));
  const verb = tokens.find(
    (t, i) =>
      i > how + 1 &&
      i <= how + 6 &&
      !t.used &&
      DID.has(t.raw) &&
      !(amount && !periods && AUXILIARY.has(t.raw)),
  );
  if (!verb) return undefined;
  const at = tokens.indexOf(verb);
  // ("how did" itself: the auxiliary, not the verb, when another verb follows.)
  for (const t of tokens.slice(how, at + 1))
    if (
      t === tokens[how] ||
      t === verb ||
      ['did', 'does', 'do', 'has', 'have', 'is', 'are', 'was', 'were'].includes(t.raw)
    )
      t.used = true;
  // "revenue-wise", "in terms of revenue": the measure named after it (left to the measures).
  const wise = tokens.find((t, i) => t.raw === 'wise' && i > at);
  if (wise) wise.used = true;
  return verb;
}

/** "what did the south do in 2025?", "how did electronics do last year": how something did, with no comparison. */
const DID_ALONE =
  /^(?:(?:so|ok|okay|and|hey)\s+)?(?:what|how)\s+(?:did|does|has|have)\s+(.+?)\s+(?:do|done|perform|performed|fare|fared)\b\s*(.*?)\s*\??$/i;

/**
 * "what did the south do in 2025?" naming no measure and no comparison: what it did is both its money (revenue)
 * and its count of orders, the two figures side by side ("revenue and orders for the south in 2025"), never one
 * of them guessed (the order count alone was confidently wrong). Undefined when the question is no such ask, or
 * `named` says it names a measure of its own ("how did revenue do in 2025").
 */
export function howItDid(question: string, named: (text: string) => boolean): string | undefined {
  const did = DID_ALONE.exec(question.trim());
  if (
    !did ||
    COMPARING.has((did[2] ?? '').split(/\s+/)[0] ?? '') ||
    /\b(?:vs|versus|compared|against|than)\b/i.test(question)
  )
    return undefined;
  if (named(question)) return undefined;
  return `revenue and orders for ${did[1]} ${did[2] ?? ''}`.trim();
}
