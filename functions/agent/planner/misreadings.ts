/**
 * Readings that would answer another question than the one asked (issue 29: confident wrong answers found on fresh
 * questions): a plan that reads, but whose query cannot hold what the question says. Each is refused with the
 * reason, never answered as the question it was read as.
 */
import { contradicted } from './bands';
import { withinOneBucket } from './clock';
import type { Plan } from './plan';
import { wholeYearsApart } from './sql-second';

/** "how much bigger/higher/more was A than B": a comparative of the first period named over the second. */
const THAN_EARLIER =
  /\bhow\s+much\s+(?:bigger|higher|larger|greater|more|lower|smaller|less|fewer)\b(?=[^?]*\bthan\b)/i;
/** A figure said to move ("fell", "grew", "declined"). */
const MOVED =
  /\b(?:fell|fall|falls|dropped|drop|drops|declined?|declines|decreased?|decreases|shrank|shrunk|grew|grow|grows|rose|rise|rises|increased?|increases)\b/i;
/** A percent asked for. */
const PERCENT_ASKED = /%|\bper\s*cent|\bpercent(?:age)?\b|\bpct\b/i;

/** "in their first 30 days" with no first order named: the days after joining. */
const FIRST_DAYS_OF_JOINING =
  /\b(?:in|within|during)\s+(?:their|the)\s+first\s+\S+\s+(?:days?|weeks?|months?)\b(?!\s+(?:of|after|from|since)\s+(?:their|the)\s+first\s+(?:order|purchase))/i;

/** People described in brackets ("(customers all of whose orders were ...)", "(buyers who ...)"). */
const PEOPLE_DEFINED =
  /\(\s*((?:customers|clients|buyers|people|accounts|shoppers)\s+(?:all\s+of\s+whose|whose|who|with|that)\b[^)]*)\)/i;

/** A first order's amount ("a first order over $500", "whose first purchase was under $100"). */
const FIRST_ORDER_AMOUNT =
  /\b(?:first|1st)\s+(?:order|purchase)\s+(?:(?:was|is|of|worth|that\s+was)\s+)?(?:over|under|above|below|more\s+than|less\s+than|at\s+least|at\s+most|>|<|\$)/i;

/** Customers named by when they joined ("signed up in", "the H1 2022 signups", "joiners"). */
const SIGNED_UP = /\b(?:sign(?:ed)?[-\s]?ups?|joined|joiners?|registered|registrations?|onboarded)\b/i;

/** A number of orders or a spend said of all time ("60 or more orders ever", "$5k+ lifetime", "all-time spend"). */
const ALL_TIME_CONDITION =
  /\b(?:orders?|purchases?|times|spend|spent|\$?\d[\d,.]*k?)\s+(?:\w+\s+)?(?:ever|all[-\s]time|lifetime|to\s+date|of\s+all\s+time)\b|\b(?:lifetime|all[-\s]time)\s+(?:orders?|spend|purchases?|order\s+count)\b|\bever\s+(?:placed|made|ordered|spent|bought)\b/i;

/** "how many distinct months did a customer order in", "the average number of days each client bought on". */
const PERIODS_PER_ENTITY =
  /\bhow\s+many\s+(?:distinct\s+|different\s+|separate\s+|unique\s+)?(days|weeks|months|quarters)\s+(?:(?:has|have|does|do|did)\s+)?(?:an?|each|every|the\s+(?:average|typical|mean)|our|the)\s+(?:customer|client|buyer|shopper|account)s?\b|\b(?:average|avg|mean|median|typical)\s+(?:number\s+of\s+|count\s+of\s+|#\s*of\s+)?(?:distinct\s+|different\s+|separate\s+|unique\s+|active\s+)?(days|weeks|months|quarters)\s+(?:per|a|each|for\s+each)\s+(?:customer|client|buyer|shopper|account)\b/i;

/** "among customers with a cancelled order, what share also had a return?": a second kind of row said "also". */
const ALSO_OF_THOSE =
  /\b(?:among|amongst|of)\s+(?:the\s+|those\s+|our\s+)?(?:customers|clients|buyers|shoppers|accounts)\b[^?]*?,\s*(?:what|how|which)\b[^?]*\b(?:also|too|as\s+well|additionally)\b/i;

/** "in a single day", "in any one month", "within one calendar week": a figure of one period at a time. */
const SINGLE_PERIOD =
  /\b(?:in|on|within|during|for)\s+(?:a\s+single|any\s+(?:single|one)|one\s+single|a\s+given|one)\s+(?:calendar\s+)?(day|week|month|quarter|year)\b/i;

/** "2025 revenue as a percentage of its 2023 revenue": one period's figure over another's, of the same rows. */
const PERCENT_OF_ITS_OWN =
  /\bas\s+(?:a\s+)?(?:percent(?:age)?|share|proportion|fraction|%)\s+of\s+(?:its|their|the\s+same\s+\w+['’]s)\s+(?:own\s+)?(?:(?:19|20)\d\d|previous|prior|earlier|last|first)\b/i;

/**
 * The day of the week customers signed up on ("who signed up on a weekend", "joined on a Saturday or Sunday",
 * "by signup weekday"), with the period said right after it ("signed up on a weekend in 2022") when there is one.
 */
const DAYS = String.raw`(?:weekends?|weekdays?|week\s*days?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)`;
const SIGNUP_DAY = new RegExp(
  String.raw`\b(?:sign(?:ed)?[-\s]?up|joined|registered|onboarded)\s+on\s+(?:a\s+|the\s+)?${DAYS}(?:\s*(?:or|and|/)\s*(?:a\s+|the\s+)?${DAYS})*(?:\s*\([^)]*\))?(\s+(?:in|during|of)\s+(?:the\s+)?\S*\s*(?:19|20)\d\d)?|\bsign[-\s]?up\s+(?:${DAYS}|day\s+of\s+(?:the\s+)?week)\b`,
  'i',
);

/** "2025 revenue as a percent of 2023 revenue", "orders in 2024 as a % of 2023": one year's figure over another's. */
const PERCENT_OF_YEAR =
  /\b((?:19|20)\d\d)\b[^?.;]*?\bas\s+(?:a\s+)?(?:percent(?:age)?|%|share|proportion|fraction)\s+of\s+(?:(?:its|their|the|our|my|total|all)\s+)?(?:[a-z-]+\s+){0,3}?((?:19|20)\d\d)\b/i;
/** One named year's figure as a percentage of another named year's (two different years). */
const percentOfYear = (question: string) => {
  const m = PERCENT_OF_YEAR.exec(question);
  return m !== null && m[1] !== m[2];
};

/** The term a question defines in quotes (' "go-to category"'), or nothing. */
const quotedTerm = (question: string) => {
  const term = /(?:^|\s)['"‘“]([a-z][a-z -]{0,40}[a-z])['"’”]/i.exec(question)?.[1];
  return term ? ` ("${term}")` : '';
};

const listOr = (values: readonly string[]) =>
  values.length <= 2 ? values.join(' and ') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;

/**
 * "A customer's 'go-to category' is one they have ordered from 15 or more times": a word defined per customer and
 * value (a pair), which no reading counts per customer.
 */
const PAIR_DEFINED =
  /\b(?:a|each|every|any)\s+(?:customer|client|buyer|shopper|account)['’]s\s+['"‘’“”]?[a-z][a-z -]*['"‘’“”]?\s+(?:is|=|means)\s+(?:one|a|an|any|the)\b[^.?]*\b(?:they|they've|they'd|their|he|she)\b/i;

/** A period's figure against a year's average period ("more revenue than the 2024 daily average"). */
const YEAR_AVERAGE_PERIOD =
  /\b(?:19|20)\d\d(?:['’]s)?\s+(?:(?:daily|weekly|monthly|quarterly)\s+(?:average|avg|mean|median)|(?:average|avg|mean|median)\s+(?:day|week|month|quarter))\b|\b(?:daily|weekly|monthly|quarterly)\s+(?:average|avg|mean|median)\s+(?:of|in|for)\s+(?:19|20)\d\d\b|\b(?:average|avg|mean|median)\s+(?:day|week|month|quarter)\s+(?:of|in)\s+(?:19|20)\d\d\b/i;

/**
 * How often a value came first ("the top seller in the most months", "in how many months was X the top category"),
 * or a ranking by the number of periods or groups with rows ("which customers ordered in the most months").
 */
const TIMES_ON_TOP =
  /\b(?:in|for|during|across)\s+the\s+(?:most|fewest)\s+(?:(?:different|distinct|separate)\s+)?(?:days|weeks|months|quarters|years|regions|segments|categories)\b|\bin\s+how\s+many\s+(?:days|weeks|months|quarters|years|regions|segments|categories)\b[^?]*\b(?:top|best|first|leading|#\s*1|number\s+one|no\.?\s*1|highest|lowest|worst)\b|\bhow\s+(?:many\s+times|often)\b[^?]*\b(?:top|best|first|leading|#\s*1|number\s+one|no\.?\s*1)\b/i;

/** Why the plan would answer another question than `question` asks, or undefined when it answers it. */
/** "in most months of 2024", "the majority of weeks": a condition held in more than half the periods (tuning-33-reach). */
const MOST_PERIODS =
  /\b(?<!\bthe\s+)(?:most|the\s+majority|majority|more\s+than\s+half)\s+(?:of\s+(?:the\s+)?)?(days|weeks|months|quarters|years)\b/i;

/** "share of the lifetime (all-time, total) revenue ... came (fell, landed) in 2025": a period's part of all of it. */
const LIFETIME_WHOLE_IN_PERIOD =
  /\b(?:share|percent(?:age)?|proportion|fraction|%)\s+of\s+(?:the\s+|their\s+|its\s+|our\s+|my\s+)?(?:lifetime|all[-\s]time|total|entire|whole|overall)\s+(?:revenue|sales|spend(?:ing)?|orders|order\s+count)\b[^?]*\b(?:came|fell|landed|was\s+(?:earned|made|booked|generated)|happened|arrived)\s+in\b/i;

export function misreading(plan: Plan, question: string): string | undefined {
  // ("in which regions were more than 25% of orders placed in most months of 2025": read as orders over $25 by
  // month, the "most months" dropped; confidently wrong. Counting the periods a condition holds in is not built.)
  // ("the CAGR from 2023 to 2025": only between two whole calendar years, sql-second.ts; any other shape would drop it.)
  const [first, last] = [plan.compare?.[0], plan.compare?.at(-1)];
  if (
    plan.change?.cagr &&
    (!first || !last || plan.compare?.length !== 2 || !wholeYearsApart(first, last) || plan.grain)
  )
    return 'I can give a compound annual growth rate only between two whole calendar years (such as "the CAGR of revenue from 2023 to 2025")';
  // ("what share of the lifetime revenue from customers who joined in September 2022 came in 2025": a period's part of
  // an all-time whole, read as the filter's share of that period's revenue; confidently wrong.)
  if (plan.share && LIFETIME_WHOLE_IN_PERIOD.test(question))
    return 'I read a share of an all-time figure that came in one period as a share of that period\'s figure: I can give the figure per year ("revenue by year") for you to compare, not this share';
  const most = MOST_PERIODS.exec(question)?.[1]?.toLowerCase();
  if (most)
    return `I cannot count the ${most} in which a condition holds, so "most ${most}" is not something I can answer: I can give the figure per ${most.replace(/s$/, '')} for you to read`;
  // ("how many orders were under $100, between $100 and $500, and over $500": bands listed, read as one set of
  // conditions no row meets together; "0 orders" was confidently wrong.)
  // ("which customer placed the most orders in a single day": read as their orders over the whole span, the one
  // day dropped; confidently wrong.)
  const single = SINGLE_PERIOD.exec(question)?.[1]?.toLowerCase();
  // (Read as such elsewhere: a top by one period's figure, tops.ts; a bound met in one month, each-period-bounds.ts.)
  const topOverAll = plan.perEntity?.kind === 'top' && plan.perEntity.peak === undefined;
  if (single && (topOverAll || (!plan.grain && !plan.perEntity)) && !plan.having?.grain && !plan.perGroup)
    return `I read no figure of one ${single} at a time ("in a single ${single}"): I can give each one's figure per ${single} ("orders per customer by ${single}"), or over the whole span, not the largest in one ${single}`;
  // ("each segment's 2025 revenue as a percentage of its 2023 revenue": one year's figure over the other's, read as
  // the change of their shares of each year's whole; confidently wrong.)
  // ("total 2025 revenue as a percent of 2023 revenue?": the index, 100 * 2025 / 2023; the change was given.)
  if ((PERCENT_OF_ITS_OWN.test(question) || percentOfYear(question)) && (plan.share || plan.change))
    return "I read one period's figure as a percentage of another's as a change of shares: I can give the change between the two periods with its percent (\"the % change in each segment's revenue from 2023 to 2025\"), not the one as a percentage of the other";
  const empty = contradicted(plan)?.title;
  if (empty)
    return `I read conditions on ${empty.toLowerCase()} that no row meets together (bands listed one after another): ask for each band in turn ("how many orders were under $100")`;
  // ("which regions' order counts fell in every quarter of 2025": the rows in every period, counted, dropped the
  // change said; the regions with orders in every quarter were given: confidently wrong.)
  if (plan.having?.spread && !plan.change && MOVED.test(question))
    return 'I can list the ones whose figure rose or fell in every period against the one before ("which regions\' revenue fell in every quarter of 2025"), not in this question';
  // ("how many days in 2025 had more revenue than the 2024 daily average": each period against a year's average
  // period is no query built here unless read as one (period-relative.ts); it was read as the two years' averages.)
  // ("which category was the top seller in the most months of 2025", "in how many months was electronics the top
  // category", "which customers ordered in the most months": how often each value ranked first, or a ranking by the
  // number of periods with rows, is no query built here; one ranking of all the value-months was given.)
  // (Customers ranked by their distinct months with an order are read, tops.ts.)
  const unitsRanked = plan.perEntity?.kind === 'top' && plan.perEntity.units !== undefined;
  if (!plan.perGroup?.onTop && !unitsRanked && !plan.unitsWith && TIMES_ON_TOP.test(question))
    return 'I can rank the values within each period or group, and count the ones with rows in N or more periods ("in 10 or more months"), not count how often each came first or rank by how many periods they have: ask for the top one in each';
  if (!plan.having?.vsPeriod && YEAR_AVERAGE_PERIOD.test(question))
    return "I can compare each day, week or month with the average of its own month, quarter or year when read as such; not this comparison with a named period's average";
  // ("revenue share from customers who've placed 60 or more orders ever, 2025 revenue only": the condition is of all
  // time, the figure of 2025; one query counts both in 2025, so the 60 orders would be 2025's.)
  if (plan.having && !plan.having.grain && plan.range && ALL_TIME_CONDITION.test(question))
    return `your condition on each customer is over all time and the figure is of ${plan.range.label}: I can count both within ${plan.range.label}, or both over all time, not one over each`;
  // ("revenue from customers who signed up in H1 2022, by year": the period is of the signup date, and a breakdown
  // of that date within it is one row; the years asked are the orders'. One query of the plain reader has one
  // date, so the cohort by another date's breakdown is refused rather than answered as one signup year.)
  if (
    plan.grain &&
    plan.range &&
    plan.timeDimension &&
    SIGNED_UP.test(question) &&
    withinOneBucket(plan.range, plan.grain)
  )
    return `I read ${plan.range.label} as your customers' ${plan.timeDimension.title.toLowerCase()}, and a breakdown by ${plan.grain} of that date is one row: I cannot break a signup cohort down by the ${plan.grain} of its orders`;
  // ("how much did customers who signed up on a weekend spend in 2025?": the weekday is of the signup date and the
  // year of the orders; one query has one date, so both were read on the signup date (no signups in 2025, "$0":
  // confidently wrong). The year said right after the signup words is the signup year, and is read.)
  const signupDay = SIGNUP_DAY.exec(question);
  if (signupDay && plan.range && !signupDay[1])
    return `I read the day of the week your customers signed up on and ${plan.range.label} on one date, the signup date, but ${plan.range.label} is when the orders were placed: I can give the figure of customers who signed up on a weekend (or weekday) over all their orders, not of one period of their orders`;
  // ("of customers who joined in Q3 2022, what % placed an order in their first 30 days?": their first days are
  // from joining; the window is counted from each one's first order, which would answer another question.)
  const cohortRead = plan.perEntity?.kind === 'cohort' ? plan.perEntity : undefined;
  if (cohortRead?.cohort.by === 'start' && cohortRead.window.within && FIRST_DAYS_OF_JOINING.test(question))
    return `I count "their first ${cohortRead.window.within.n} ${cohortRead.window.within.unit}s" from each customer's first order, not from the day they signed up: ask for the orders within ${cohortRead.window.within.n} ${cohortRead.window.within.unit}s of their first order`;
  // ("how much bigger was 2023 revenue than 2025 revenue, in %?": the % is of the later one, 2025; the change is
  // always from the earlier period to the later, whose % is of the earlier: another figure.)
  // ("on average, how many distinct months did a customer order in during 2025?": the months each one ordered in,
  // counted; read as the orders per customer by month, another figure.)
  // ("among customers with at least one cancelled order in 2025, what share also had a return?": the two kinds of
  // rows read as one filter of either, the share of customers with either one; confidently wrong.)
  const both = plan.filters.find((f) => f.values.length > 1 && !f.negate);
  if (both && ALSO_OF_THOSE.test(question) && plan.perEntity?.kind !== 'ratio')
    return `I read ${listOr(both.values)} as one filter of either, which would answer another question: ask it as "of customers who placed a (first kind of) order in (period), what % also placed a (second kind of) order in (period)?"`;
  // ("A customer's 'go-to category' is one they have ordered from 15 or more times. How many of my customers have
  // one?": read as the categories with 15 orders in all, confidently wrong.)
  if (
    PAIR_DEFINED.test(question) &&
    !plan.perEntity &&
    !/customer|client|buyer|shopper|account/i.test(plan.having?.entity.title ?? '')
  )
    return `I could not read the word you define for each customer${quotedTerm(question)} as one figure or condition of theirs (a customer's own values, such as each category they buy from, are not counted one by one)`;
  // ("the very first order of customers who joined in H1 2022 versus H2 2022": the halves compared were read as the
  // orders' dates, the signup words dropped.)
  if (
    SIGNED_UP.test(question) &&
    plan.compare &&
    plan.compare.length > 1 &&
    plan.timeDimension &&
    !SIGNED_UP.test(plan.timeDimension.title) &&
    !/\bsign|\bjoin|\bregist/i.test(plan.timeDimension.title) &&
    !plan.also &&
    !plan.perEntity
  )
    return `I read ${plan.compare.map((p) => p.label).join(' and ')} as the ${plan.timeDimension.title.toLowerCase()}s, but you asked about when the customers signed up`;
  const periods = PERIODS_PER_ENTITY.exec(question);
  if (periods && !plan.having?.spread)
    return `I can count each customer's orders or the distinct values of a field they ordered (categories), but not the number of distinct ${periods[1] ?? periods[2]} each one ordered in`;
  const than = THAN_EARLIER.exec(question);
  const [early, late] = plan.compare ?? [];
  if (plan.change && than && early && late && plan.compare?.length === 2 && PERCENT_ASKED.test(question)) {
    const first = /\b(?:19|20)\d\d\b/.exec(question.slice(than.index))?.[0];
    if (first && early.label.includes(first) && !late.label.includes(first))
      return `I give the change from the earlier period to the later one (${early.label} to ${late.label}), whose percent is of ${early.label}; "${than[0].toLowerCase()} ... ${early.label} than ${late.label}" asks for a percent of ${late.label}, which I do not compute`;
  }
  // ("one-category shoppers in Q4 2025 (customers all of whose Q4 2025 orders were in a single category): how
  // many?": people defined in brackets, read by no reader, were dropped and every customer counted.)
  if (
    PEOPLE_DEFINED.test(question) &&
    !plan.having &&
    !plan.perEntity &&
    !plan.first &&
    !plan.distribution &&
    !plan.percentile &&
    !plan.share
  )
    return `I could not read the customers you describe in brackets ("${PEOPLE_DEFINED.exec(question)?.[1] ?? ''}") as a condition on their orders, so I did not answer rather than leave it out`;
  // ("of customers who signed up in Q2 2022, how many had a first order under $100?": the signup quarter was read
  // as the orders' dates, confidently wrong; a first order's amount within a signup cohort is not built.)
  // (The cohort reader's signup cohort narrowed by its first order's amount holds it: cohort-reader.ts.)
  const narrowed = plan.perEntity?.kind === 'cohort' && plan.perEntity.cohort.firstAmount !== undefined;
  if (SIGNED_UP.test(question) && FIRST_ORDER_AMOUNT.test(question) && !narrowed)
    return "I can count a signup cohort's customers by when their first order came, not by its amount: ask for the cohort's orders of that size instead";
  // ("avg orders per weekday in Nov 2025": each day of the week holds several dates, and its derived column is no
  // column of the cube to group by; an average over the seven buckets would be none of the days' averages.)
  if (plan.percentile?.per?.derived)
    return `I can average per day, week, month or customer, not per ${plan.percentile.per.title.toLowerCase()} (each one holds several dates): ask for the ${plan.percentile.per.title.toLowerCase()} breakdown's totals instead`;
  // ("customers whose orders were all completed (no returns or cancellations)": the rows kept are all completed,
  // so none of them can be returned; a count that is 0 by the query's own filter answers nothing asked.)
  const counted = plan.having?.rows;
  const clash =
    counted &&
    !plan.having?.only &&
    plan.filters.find(
      (f) =>
        f.member.column === counted.member.column &&
        !f.negate &&
        !counted.negate &&
        f.values.every((v) => !counted.values.includes(v)),
    );
  if (clash && counted)
    return `I read both "${clash.values.join(' or ')}" as the only rows counted and "${counted.values.join(' or ')}" as the rows each customer must lack, which no row can be at once: please ask for one of the two`;
  return undefined;
}
