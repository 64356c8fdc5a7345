/**
 * Everyday analyst asks said in words the planner reads (issue 29, tuning-33-reach), before the definitions are read:
 * - the median customer's figure: "how much does the median customer spend in each region", "median customer's 2024
 *   revenue by segment", "for each segment, what is the median customer's average order value": the median of each
 *   customer's figure ("median spend per customer in each region", "median 2024 revenue per customer by segment").
 * - customers with no order in a window counted back from the clock: "how many customers haven't ordered in the last
 *   3 months", "customers with no orders in the past 60 days": the window the planner reads for "the last 3 months"
 *   (whole months before the clock's month; days up to the clock) said as its dates, which the cohort reading of
 *   "customers who did not order in/since ..." reads. Weeks, and any window that ends before the clock without being
 *   whole months, are left alone (refused as before).
 * - one customer's spend within one month: "the biggest one-month spend", "spent the most within one calendar
 *   month", "in a single calendar month": "spent the most in a single month" (the month is in the answer, so "and in
 *   which month was it" is already answered). "who" before it is the customer.
 * - a bound in every year of a span: "15 or more orders in every year from 2023 to 2025", "in each year between 2023
 *   and 2025": "in each of 2023, 2024 and 2025" (each-period-bounds.ts reads it, or refuses it with a group).
 */
import { addMonths } from './clock';
import { findRelative } from './dates';
import { entityRows } from './per-entity';
import { type Plan, plainParts } from './plan';
import { ident, type PlannedQuery, plannedQuery, scopeText } from './sql';
import { stem, words } from './text';

const PERSON = '(?:customer|client|buyer|shopper|account)';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "the median customer's 2024 revenue" and kin, as the median of a figure per customer. */
function medianCustomer(question: string): string {
  // ("how much does the median customer spend (in each region)": the median spend per customer.)
  let text = question.replace(
    new RegExp(
      String.raw`\bhow\s+much\s+(?:does|did|do)\s+(?:the|a|our|my)\s+median\s+${PERSON}\s+spend\b`,
      'i',
    ),
    'what is the median spend per customer',
  );
  // ("the median customer's (2024) revenue / average order value": the figure's words, then "per customer".)
  text = text.replace(
    new RegExp(
      String.raw`\b(?:the\s+|our\s+|my\s+)?median\s+${PERSON}['’]s\s+((?:20\d\d\s+)?(?:total\s+)?(?:spend|spending|revenue|sales|average\s+order\s+value|aov|average\s+order|number\s+of\s+orders|order\s+count|lifetime\s+spend|lifetime\s+value))\b`,
      'i',
    ),
    (_, figure: string) => `median ${figure} per customer`,
  );
  return text;
}

/** The window of "the last 3 months" (days, quarters, years) at `today`, read as the planner reads it. */
function windowOf(phrase: string, today: string): { from: string; to: string } | undefined {
  const tokens = words(phrase).map((raw) => ({ raw, stem: stem(raw), used: false }));
  const found = findRelative(tokens, today).found;
  const [only] = found;
  return found.length === 1 && only ? { from: only.period.from, to: only.period.to } : undefined;
}

const monthName = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** "haven't ordered in the last 3 months": the window's dates, which the cohort reading reads. */
function quietWindow(question: string, today: string): string {
  const none = String.raw`(?:(?:with|had|having|has|have|placed|made)\s+(?:no|zero)\s+(?:orders?|purchases?)|(?:did\s+not|didn['’]?t|have\s+not|haven['’]?t|has\s+not|hasn['’]?t)\s+(?:order(?:ed)?|purchased|bought|(?:placed|made)\s+(?:an?|any|a\s+single)\s+(?:orders?|purchases?)))`;
  const window = String.raw`(?:in|during|over|within)\s+(the\s+(?:last|past|previous)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)?\s*(?:days?|months?|quarters?|years?)\b)`;
  // ("the last 3 months of the data": the data's own last months, read elsewhere, not the clock's.)
  const found = new RegExp(
    String.raw`\b(${none})\s+${window}(?!\s+(?:of|in)\s+(?:the|our|your)\s+(?:data|dataset|records|history)\b)`,
    'i',
  ).exec(question);
  if (!found?.[1] || !found[2]) return question;
  const span = windowOf(found[2], today);
  if (!span) return question;
  const whole = span.from.slice(8) === '01' && span.to.slice(8) === '01' && span.to <= today;
  let said: string | undefined;
  if (whole) {
    const last = addMonths(span.to, -1);
    said =
      last === span.from
        ? `in ${monthName(span.from)}`
        : `between ${monthName(span.from)} and ${monthName(last)}`;
  } else if (span.to === today || span.to > today) {
    // (Days up to the clock: no order on or after the first day; none can be after the clock.)
    said = `since ${span.from}`;
  }
  if (!said) return question;
  // ("customers with no orders ...": "customers who did not order ...".)
  const lead = /^(?:with|had|having|has|have)\s+(?:no|zero)\b/i.test(found[1]) ? 'who ' : '';
  return question.replace(found[0], `${lead}did not order ${said}`);
}

/** "the biggest one-month spend", "within one calendar month": spent the most in a single month. */
function oneMonthSpend(question: string): string {
  let text = question.replace(
    /\b(?:had|has|have|with)\s+the\s+(?:biggest|largest|highest|top)\s+(?:one|single|1)[\s-]month\s+(?:spend|spending|total)\b/i,
    'spent the most in a single month',
  );
  text = text.replace(
    /\b(spent\s+the\s+most)\s+(?:with)?in\s+(?:one|a\s+single|a|a\s+given|any\s+one)\s+(?:calendar\s+)?month\b/i,
    '$1 in a single month',
  );
  if (text === question && !/\bspent\s+the\s+most\s+in\s+a\s+single\s+month\b/i.test(text)) return question;
  // ("who ...": the customer; ", and in which month was it?": the month is in the answer.)
  text = text.replace(/^\s*who\s+(?=spent\s+the\s+most\b)/i, 'which customer ');
  return text.replace(
    /,?\s+and\s+(?:in\s+)?which\s+month\s+(?:was\s+(?:it|that)|did\s+(?:it|that)\s+happen)(?=\s*[?.!]?\s*$)/i,
    '',
  );
}

/** "in every year from 2023 to 2025": each of the years listed. */
function everyYearOfSpan(question: string): string {
  return question.replace(
    /\b(?:in\s+)?(?:each|every)\s+(?:single\s+)?year\s+(?:(?:from|between)\s+)?(20\d\d)\s+(?:to|and|through|-)\s+(20\d\d)\b/i,
    (whole, a: string, b: string) => {
      const from = Number(a);
      const to = Number(b);
      if (to <= from || to - from > 5) return whole;
      const years = Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
      return `in each of ${years.slice(0, -1).join(', ')} and ${years.at(-1)}`;
    },
  );
}

/** The question in words the planner reads, or itself. */
export function readEverydayAsks(question: string, today: string): string {
  return everyYearOfSpan(oneMonthSpend(quietWindow(medianCustomer(question), today)));
}

const PEOPLE = '(?:customers|clients|buyers|shoppers|accounts)';
const SHARE_ASK = String.raw`(what\s+(?:share|percentage|percent|portion|proportion|fraction|%)\s+of\s+.+?)\s+do\s+(?:they|those|these|they\s+all|those\s+customers)\s+(.+?)`;
const END = String.raw`\s*([?.!]?)\s*$`;

/**
 * A top share with how many rows it holds asked beside it: "how many customers are in the top 10% by revenue, and
 * what share of revenue do they make up?", "what percentage of 2024 revenue came from our top 5% of customers, and
 * how many customers is that?", "my top 20% of customers by spend: how many are there and what share of my revenue
 * do they bring in?". The share question alone, and the count to state beside it (the plan must be a top share of
 * percent: reading.ts refuses it otherwise); undefined when no count is asked so.
 */
export function readTopCountAsked(question: string): { text: string } | undefined {
  const q = question.trim();
  // ("how many customers are in the top 10% by revenue, and what share of revenue do they make up?")
  const first = new RegExp(
    String.raw`^how\s+many\s+(${PEOPLE})\s+are\s+(?:there\s+)?in\s+(?:the|our|my)\s+(top|bottom)\s+(\d+(?:\.\d+)?\s*(?:%|percent))(\s+(?:by|on|of)\s+[a-z0-9 ]+?)?\s*,?\s+and\s+${SHARE_ASK}${END}`,
    'i',
  ).exec(q);
  if (first?.[1] && first[2] && first[3] && first[5] && first[6])
    return {
      text: `${first[5]} do the ${first[2]} ${first[3]} of ${first[1]}${first[4] ?? ''} ${first[6]}${first[7] ?? ''}`,
    };
  // ("my top 20% of customers by spend: how many are there and what share of my revenue do they bring in?")
  const led = new RegExp(
    String.raw`^((?:the\s+|our\s+|my\s+)?(?:top|bottom)\s+\d+(?:\.\d+)?\s*(?:%|percent)\s+of\s+[a-z0-9 ]+?)\s*[:,-]\s*how\s+many\s+(?:${PEOPLE}\s+)?(?:are\s+there|is\s+that|are\s+they|are\s+in\s+it)\s*,?\s+and\s+${SHARE_ASK}${END}`,
    'i',
  ).exec(q);
  if (led?.[1] && led[2] && led[3]) return { text: `${led[2]} do ${led[1]} ${led[3]}${led[4] ?? ''}` };
  // ("what percentage of 2024 revenue came from our top 5% of customers, and how many customers is that?")
  const trailing = new RegExp(
    String.raw`^(.*\b(?:top|bottom)\s+\d+(?:\.\d+)?\s*(?:%|percent\b).*?)\s*,?\s+(?:and\s+)?how\s+many\s+(?:${PEOPLE}\s+)?(?:is\s+that|are\s+there|are\s+they|are\s+in\s+it|does\s+that\s+make|would\s+that\s+be)${END}`,
    'i',
  ).exec(q);
  if (trailing?.[1]) return { text: `${trailing[1]}${trailing[2] || '?'}` };
  return undefined;
}

/**
 * A run rate: "what's our annual revenue run rate based on the latest quarter", "annualised revenue run rate from the
 * most recent full month", "if we annualise Q3 2025, what is the run rate for the number of orders", "my annualized
 * revenue run rate off last quarter". The figure in the period said alone (reading.ts then checks it is one figure
 * of one whole month or quarter, and scales it to a year); a refusal when no figure or no period is said.
 */
export function readRunRate(question: string): { text: string } | { refuse: string } | undefined {
  if (!/\brun[-\s]?rate\b|\bannuali[sz]e\b/i.test(question)) return undefined;
  // ("annual revenue run rate by region, based on Q4 2025", "for each product category, annualise December 2025
  // orders: what is the run rate?": one breakdown said apart, the run rate of each of its rows.)
  let by = '';
  const apart = question
    .trim()
    .replace(/[?.!]+$/, '')
    .replace(
      /\s*,?\s*\b(?:by|per|for\s+each|for\s+every|in\s+each)\s+((?:product\s+|customer\s+|sales\s+)?[a-z]+)\s*(?:,\s*|(?=\s+(?:based|from|off|using|over)\b)|$)/i,
      (all, group: string) => {
        if (by || /^(?:month|quarter|year|week|day)s?$/i.test(group)) return all;
        by = group;
        return ' ';
      },
    )
    .trim();
  const q = apart.replace(
    /^annuali[sz]e\s+(.+?)\s*[:,;]\s*what(?:['’]s|\s+is|\s+would\s+be)\s+the\s+(?:annual\s+)?run[-\s]?rate$/i,
    (_all, figure: string) => `run rate based on ${figure}`,
  );
  const grouped = (read: { text: string } | { refuse: string }) =>
    'text' in read && by ? { text: `${read.text} by ${by}` } : read;
  if (q !== apart) {
    // ("annualise December 2025 orders": the period and the figure said together.)
    const figure = /^run rate based on (.+)$/i.exec(q)?.[1] ?? '';
    return grouped({ text: figure });
  }
  const refuse = {
    refuse:
      'I can give an annual run rate of one figure from one whole month or quarter (such as "the annual revenue run rate based on Q4 2025"); please say the figure and the period',
  };
  // ("bookings run-rate in December 2025": the period said with "in" too.)
  const PERIOD_LEAD = String.raw`(?:based\s+on|from|off(?:\s+of)?|using|over|for|in|during|as\s+of)`;
  const lead = String.raw`^(?:(?:what|how\s+much)(?:['’]s|\s+is|\s+was|\s+would\s+be)?\s+)?(?:our\s+|my\s+|the\s+)?(?:current\s+)?(?:annual(?:i[sz]ed)?\s+|yearly\s+)?`;
  // ("annual revenue run rate based on the latest quarter")
  const said = new RegExp(String.raw`${lead}(.*?)\s*run[-\s]?rate\s+${PERIOD_LEAD}\s+(.+)$`, 'i').exec(q);
  // ("if we annualise Q3 2025, what is the run rate for the number of orders")
  const annualise =
    /^if\s+we\s+annuali[sz]e\s+(.+?)\s*,?\s+what(?:['’]s|\s+is|\s+would\s+be)\s+the\s+(?:annual\s+)?run[-\s]?rate\s+(?:for|of|in)\s+(.+)$/i.exec(
      q,
    );
  const [measure, period] = annualise ? [annualise[2], annualise[1]] : said ? [said[1], said[2]] : [];
  if (!measure?.trim() || !period?.trim() || /\b(?:run|rate|annuali[sz]e)\b/i.test(`${measure} ${period}`))
    return refuse;
  const when = period
    .trim()
    .replace(
      /^(?:the\s+)?(?:latest|most\s+recent|last)\s+(?:full\s+|complete\s+)?(month|quarter)$/i,
      'last $1',
    );
  return grouped({
    text: `${measure.trim()} ${/^(?:in|during)\b/i.test(when) || /^last\b/i.test(when) ? '' : 'in '}${when}`,
  });
}

/** A run rate's scale for a plan of one figure of one whole month or quarter, or undefined for any other plan. */
export function runRateOf(plan: Plan): Plan['runRate'] {
  const range = plan.range;
  const plain =
    plan.measures.length === 1 &&
    plan.dimensions.length <= 1 &&
    plainParts(plan) &&
    !plan.grain &&
    plan.numberFilters.length === 0 &&
    ['sum', 'count'].includes(plan.measures[0]?.aggType ?? '');
  if (!plain || !range || !/-01$/.test(range.from) || range.to > addMonths(range.from, 3)) return undefined;
  if (range.to === addMonths(range.from, 1)) return { factor: 12, unit: 'month' };
  const month = Number(range.from.slice(5, 7));
  if (range.to === addMonths(range.from, 3) && month % 3 === 1) return { factor: 4, unit: 'quarter' };
  return undefined;
}

/** Words a new-vs-returning question may hold beside its period and grain (any other: left to the other readings). */
const NEW_RETURNING_WORDS = new Set(
  `new vs versus and or returning repeat customers customer how many were was did we have had our the number of count
  split broken down by per each every for in during what is are there first order orders their that this purchase
  month quarter year week a an compared with to who s meaning means very ever also before it ordered i e ie buyers their`.split(
    /\s+/,
  ),
);

/**
 * New against returning customers per period: "new vs returning customers per quarter in 2023", "for each month of
 * 2023, how many customers were new (first order that month) and how many were returning", "how many returning
 * customers did we have each year". A customer is new in the period of their first order, returning in a later
 * period they ordered in. Read as the customers who ordered per period (reading.ts then splits them); a question
 * with any other word (a group, a filter, another meaning of "returning") is left to the other readings.
 */
export function readNewReturning(question: string): { text: string } | undefined {
  if (!/\breturning\b/i.test(question) || !/\bcustomers?\b/i.test(question)) return undefined;
  const grain = /\b(?:per|each|every|by|for\s+each)\s+(day|week|month|quarter|year)\b/i
    .exec(question)?.[1]
    ?.toLowerCase();
  const year = /\b(?:in|of|during|for)\s+(20\d\d)\b/i.exec(question)?.[1];
  const rest = words(question.replace(/\b20\d\d\b/g, ' ')).filter((w) => !NEW_RETURNING_WORDS.has(w));
  // (Any other word, or no period to split by: left to the other readings, as before.)
  if (!grain || rest.length > 0) return undefined;
  return { text: `number of customers who ordered per ${grain}${year ? ` in ${year}` : ''}` };
}

/** Whether a plan is the customers who ordered per period, with nothing else (the base of a new-vs-returning split). */
export function newReturningOf(plan: Plan): boolean {
  const measure = plan.measures[0];
  return (
    plan.measures.length === 1 &&
    measure?.aggType === 'count_distinct' &&
    plan.grain !== undefined &&
    plan.dimensions.length === 0 &&
    plan.filters.length === 0 &&
    plan.numberFilters.length === 0 &&
    !plan.compare &&
    !plan.change &&
    !plan.share &&
    !plan.perEntity &&
    !plan.having &&
    entityRows(plan.cube) !== undefined
  );
}

/** Each period's customers: those whose first order (over all their rows) falls in it, and those with an earlier one. */
export function newReturningQuery(plan: Plan): PlannedQuery {
  const rows = entityRows(plan.cube);
  const grain = plan.grain;
  if (!rows || !grain) throw new Error('not a new-vs-returning split');
  const k = ident(rows.entity.column);
  const time = ident(rows.time.column);
  const view = ident(plan.cube.name);
  const range = plan.range ? ` WHERE ${time} >= '${plan.range.from}' AND ${time} < '${plan.range.to}'` : '';
  const unit = `date_trunc('${grain}', `;
  const sql = `WITH f AS (SELECT ${k} AS k, MIN(${time}) AS first_date FROM ${view} GROUP BY 1), a AS (SELECT DISTINCT ${k} AS k, ${unit}${time}) AS p FROM ${view}${range}) SELECT a.p AS ${ident(grain)}, COUNT(*) FILTER (WHERE ${unit}f.first_date) = a.p) AS new_customers, COUNT(*) FILTER (WHERE ${unit}f.first_date) < a.p) AS returning_customers FROM a JOIN f ON f.k = a.k GROUP BY 1 ORDER BY 1`;
  return plannedQuery(plan, sql, `New and returning customers by ${grain}${scopeText(plan)}`, [
    { role: 'time' },
    { role: 'measure' },
    { role: 'measure' },
  ]);
}
