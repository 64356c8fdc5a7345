/**
 * A customer's figure said over "all their orders" ("customers who average more than $550 per order over all their
 * orders", "an average order value above $600 across all of their orders"): with no period named it is the
 * customer's lifetime figure, the planner's reading with the words left out (was refused: "over all"); with a period
 * named, or said of customers pointed back at ("how much have they spent across all their orders": every row, not
 * the rows the question before kept), the words are left as they were. "never spent more than $900 on a single order": never placed an order over
 * $900, which never-rows.ts and the per-customer readings take (was refused: "customers never").
 */
const ALL_THEIR_ORDERS =
  /\s+(?:over|across|for|in|on)\s+all\s+(?:of\s+)?(?:their|his|her|the\s+customer['’]s)\s+orders\b/i;
const PERIOD_NAMED =
  /\b(?:19|20)\d\d\b|\b(?:this|last|past|previous)\s+(?:year|quarter|month|week)\b|\b(?:ytd|mtd|qtd)\b|\byear[-\s]to[-\s]date\b/i;
const NEVER_SPENT =
  /\bnever\s+spent\s+(more\s+than|over|above)\s+(\$\s?\d[\d,.]*k?)\s+(?:on|in|for)\s+(?:a\s+single|one\s+single|any\s+(?:single\s+|one\s+)?|one|a)\s*(?:order|purchase)\b/i;

/** The question with a customer's orders said in the planner's words, or as it was. */
export function readTheirOrders(question: string): string {
  const never = question.replace(
    NEVER_SPENT,
    (_all, _over: string, amount: string) => `have never placed an order over ${amount}`,
  );
  const lifetime =
    !PERIOD_NAMED.test(never) &&
    /\bcustomers?\b/i.test(never) &&
    /\b(?:average|averages|averaged|avg|aov|mean)\b/i.test(never) &&
    !/\b(?:they|them|those|these)\b/i.test(never);
  return lifetime ? never.replace(ALL_THEIR_ORDERS, '') : never;
}
