/**
 * A per-customer figure ranked by a group (issue 29, counts per entity): "which segment's customers order most
 * often", "which region's customers place the most orders each, on average", "which segment spends the most per
 * customer". The group's orders (or spend) divided by its customers, the leading group (or the lowest one, ties
 * kept), in the words the average-per reading takes. Read as they stand, the first ranked segment x customer
 * pairs and the last the segments by their number of customers: confidently wrong.
 */

const PEOPLE = '(?:customers|clients|buyers|accounts|shoppers)';
const GROUP = "(?:which|what)\\s+(?:customer\\s+|client\\s+)?([a-z]+)(?:'s|’s|s'|s’)?";
const EACH =
  '(?:\\s+each)?(?:\\s*,?\\s*(?:on\\s+average|per\\s+(?:customer|head|person|user|buyer|client|capita)))?';

/** "which segment's customers order most often", "... buy the most frequently". */
const OFTEN = new RegExp(
  `^\\s*${GROUP}\\s+${PEOPLE}\\s+(?:order|buy|purchase|shop)\\s+(?:the\\s+)?(most|least)\\s+(?:often|frequently)${EACH}`,
  'i',
);
/** "which region's customers place the most orders each, on average". */
const ORDERS = new RegExp(
  `^\\s*${GROUP}\\s+${PEOPLE}\\s+(?:place|make|put\\s+in|have)\\s+(?:the\\s+)?(most|fewest|least)\\s+orders${EACH}`,
  'i',
);
/** "which segment's customers spend the most (each)". */
// ("spent" as well as "spend": "which region's customers spent the most in 2025" ranked region x customer pairs.)
const SPEND = new RegExp(`^\\s*${GROUP}\\s+${PEOPLE}\\s+spen[dt]\\s+(?:the\\s+)?(most|least)${EACH}`, 'i');
/** "which customer segment spends the most per customer", "which region orders the most per client". */
const PER =
  /^\s*(?:which|what)\s+(?:customer\s+|client\s+)?([a-z]+)\s+(spends?|orders?|buys?)\s+(?:the\s+)?(most|least|fewest)\s+per\s+(?:customer|client|buyer|head)\b/i;

/**
 * "which segment's customers placed the most orders per person" (said by phrases.ts as "placed the highest average
 * number of orders per customer"), "... made the most orders each": in the past tense only with the "per" or "each"
 * said ("which segment's customers placed the most orders" may be the segment's own orders).
 */
const AVERAGED = new RegExp(
  `^\\s*${GROUP}\\s+${PEOPLE}\\s+(?:placed|made|had|put\\s+in)\\s+(?:the\\s+)?(?:(most|fewest|least)\\s+orders(?=\\s+each|\\s*,?\\s*on\\s+average|\\s+per\\s+(?:customer|head|person|user|buyer|client|capita))${EACH}|(highest|lowest)\\s+average\\s+number\\s+of\\s+orders\\s+per\\s+customer)`,
  'i',
);

/** The question in the average-per reading's words, or undefined when it is not this shape. */
export function perCustomerRank(question: string): string | undefined {
  const per = PER.exec(question);
  const spend = per ? null : SPEND.exec(question);
  const averaged = per || spend ? null : AVERAGED.exec(question);
  if (averaged) {
    const group = (averaged[1] ?? '').toLowerCase();
    if (!group || /^(customer|client|buyer)s?$/.test(group)) return undefined;
    const high = averaged[2]
      ? averaged[2].toLowerCase() === 'most'
      : averaged[3]?.toLowerCase() === 'highest';
    const rest = question.slice(averaged.index + averaged[0].length);
    return `which ${group} has the ${high ? 'highest' : 'lowest'} average number of orders per customer${rest}`;
  }
  const match = per ?? spend ?? OFTEN.exec(question) ?? ORDERS.exec(question);
  if (!match) return undefined;
  const group = (match[1] ?? '').toLowerCase();
  // (A customer is no group of customers: "which customer's customers" reads nothing.)
  if (!group || /^(customer|client|buyer)s?$/.test(group)) return undefined;
  const money = per ? /spend/i.test(per[2] ?? '') : spend !== null;
  const way = ((per ? per[3] : match[2]) ?? '').toLowerCase();
  const figure = money ? 'revenue' : 'number of orders';
  const rest = question.slice(match.index + match[0].length);
  // ("which region's customers spent the most": the one leading group, ties kept, as the least is the lowest one.)
  return `which ${group} has the ${way === 'most' ? 'highest' : 'lowest'} average ${figure} per customer${rest}`;
}
