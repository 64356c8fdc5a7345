/**
 * "New customers" with no word for which date (issue 29; README, "Evaluating the analyst", tuning-9): a customer is
 * new in the period of their signup date when the data's signups reach that period; a period after every signup
 * date (the demo's signups all fall in 2022) is read by the first order instead, as a careful analyst would
 * ("how many new customers did we pick up in each quarter of 2023": first orders), and the answer says so.
 * The first-order reading is kept beside the signup one; which one answers is decided once the signup dates'
 * range is known (steps.ts).
 */
import type { CatalogCube } from './catalog';
import { entityRows } from './per-entity';
import type { Plan } from './plan';
import { startDate } from './readings';

/** Words that name which date "new" goes by: then the question is read as asked. */
const DATE_NAMED =
  /\b(?:sign(?:ed)?[\s-]?ups?|signing|joined|joins|registered|registrations?|onboarded|first|1st|created|creation)\b/i;
const NEW = /\b(?:new|brand[\s-]new)\b/i;

/** The first-order reading of a "new customers" question whose plan counts signups in a named period. */
export function newByFirstOrder(
  question: string,
  plan: Plan,
  read: (text: string, cubes: readonly CatalogCube[]) => Plan | undefined,
  catalog: readonly CatalogCube[],
): Plan | undefined {
  if (!NEW.test(question) || DATE_NAMED.test(question)) return undefined;
  const start = startDate(plan.cube);
  if (!plan.range || !start || plan.timeDimension !== start) return undefined;
  // ("how much revenue came from new customers in 2023": the period's rows of the customers whose first order came
  // in it, one sum.)
  const summed = summedByFirst(plan);
  if (summed) return summed;
  // ("did my region get": the asker's own rows, which row-level security already scopes; the customers are new.)
  const asked = question
    .replace(/[?.!\s]+$/, '')
    .replace(/\bdid\s+(?:my|our)\s+(?:region|territory|area|patch)\s+/i, 'did we ');
  const alt = read(`${asked}, going by their first order`, catalog);
  // (Per period, the first-date query counts whatever the output word: firstQuery.)
  if (!alt?.first || (alt.first.output !== 'count' && !alt.grain)) return undefined;
  // (The first-date query has no breakdown: "new customers per quarter by segment" stays as asked.)
  if (alt.dimensions.length > 0 || alt.top || alt.share) return undefined;
  // ("new customers did my region get": the first date must be the customers', never the regions'.)
  return alt.first.entity === entityRows(alt.cube)?.entity ? alt : undefined;
}

/**
 * The sum of a measure over a period's rows of the customers whose first row came in that period; undefined for
 * any other shape (a breakdown, a ranking, a share, a condition per customer).
 */
function summedByFirst(plan: Plan): Plan | undefined {
  const [measure, ...more] = plan.measures;
  const rows = entityRows(plan.cube);
  if (!measure || more.length > 0 || measure.aggType !== 'sum' || !rows || !plan.range) return undefined;
  if (plan.dimensions.length > 0 || plan.grain || plan.top || plan.share || plan.having || plan.compare)
    return undefined;
  if (plan.first || plan.perEntity || plan.change || plan.percentile) return undefined;
  return {
    ...plan,
    timeDimension: rows.time,
    first: { entity: rows.entity, output: 'total', range: plan.range, total: measure },
  };
}

/** "first-time buyers", "first time customers": new ones by their first order. */
const FIRST_TIME = /\bfirst[\s-]time\s+(?:buyers?|customers?|purchasers?|shoppers?)\b/i;
/** "going by the month of their first order", "based on the quarter of the 1st purchase", "their first ever purchase". */
const UNIT_OF_FIRST =
  /\s*[,;(–—-]*\s*(?:going\s+by|based\s+on|by|according\s+to|counted\s+by|using)\s+(?:the\s+)?(month|quarter|week|year)\s+of\s+(?:their|the)\s+(?:very\s+)?(?:first|1st)(?:[\s-]+ever)?\s+(?:order|purchase)s?\s*\)?/i;
/** "(by first purchase month)", "(by month of first order)". */
const FIRST_UNIT =
  /\s*[,;(–—-]*\s*by\s+(?:their\s+)?(?:first|1st)\s+(?:order|purchase)\s+(month|quarter|week|year)\s*\)?/i;

/**
 * "brand new in March 2023 (first order that month)", "new in Q1 (i.e. first purchase in that quarter)": a
 * restatement in brackets of which date "new" goes by, said the way the first-date reading takes it.
 */
export function restatedNew(question: string): string | undefined {
  if (!NEW.test(question) && !FIRST_TIME.test(question)) return undefined;
  const unit = UNIT_OF_FIRST.exec(question) ?? FIRST_UNIT.exec(question);
  if (unit) {
    // ("new customers per month, going by the month of their first order": the breakdown's unit said again; a
    // unit the question does not break down by is left unread.)
    const rest = `${question.slice(0, unit.index)} ${question.slice(unit.index + unit[0].length)}`;
    const word = (unit[1] ?? '').toLowerCase();
    const grain = new RegExp(`\\b(?:per|each|by|every|a)\\s+${word}\\b|\\b${word}ly\\b`, 'i');
    // ("first-time buyers" already go by their first order: said once.)
    if (!grain.test(rest)) return undefined;
    return FIRST_TIME.test(rest) ? rest.trim() : `${rest.trim()}, going by their first order`;
  }
  // ("... each month of 2023? By new I mean the month of their very first order.": the same said as a sentence.)
  const meant =
    /\s*[.;,]?\s*(?:by\s+['"‘’“”]?new['"‘’“”]?\s+i\s+mean|['"‘’“”]?new['"‘’“”]?\s+(?:=|means|meaning|here\s+means|is))\s+(?:the\s+)?(?:(?:month|quarter|year|week)\s+of\s+)?(?:their|the|a\s+customer['’]?s)\s+(?:very\s+)?(?:first|1st)(?:[\s-]+ever)?\s+(?:order|purchase)s?\s*[.!]?\s*$/i;
  if (meant.test(question))
    return `${question.replace(meant, '').replace(/[?.!\s]+$/, '')}, going by their first order`;
  const restated =
    /\s*\(\s*(?:['"‘’“”]?new['"‘’“”]?\s*(?==|means|meaning))?(?:i\.?e\.?,?\s*|=\s*|means\s+|meaning\s+|so\s+|by\s+)?(?:their\s+|the\s+)?(?:very\s+)?first\s+(?:order|purchase)s?(?:\s+(?:placed|made))?\s+(?:in\s+)?(?:that|this|the\s+same)\s+(?:month|quarter|year|week|period)\s*\)/i;
  if (!restated.test(question)) return undefined;
  return question.replace(restated, ', going by their first order');
}
