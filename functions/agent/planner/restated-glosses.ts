/**
 * Glosses that restate the ask (issue 29, wording): a note in parentheses or after a dash that says again, in the
 * asker's words, what the question already asks, so it is read away. "spent over 11k in 2024 (their orders added
 * up, not single orders)": a customer's total is what "spent" reads; "ordered in every month of 2024 (all 12)";
 * "active accounts in Dec 2025 (active = placed at least one order that month)"; "monthly orders (not cumulative)";
 * "top 2 categories - just the two please, don't add them up"; "total revenue (i.e. all regions together)";
 * "revenue (gross, incl. returns)"; "by region, not by category"; "... vs 2024? give me both years"; "median daily
 * revenue (total each day, then the median of those days)"; "quartiles (25th, 50th, 75th)"; "MoM change (each month vs
 * the one before)". A person or a
 * team before the ask ("Tomasz (my manager) wants ...", "Priya from finance asked: ...") is read as the asker's
 * colleague, whose need asides.ts reads away. Each gloss is dropped only when every word of it is one of its
 * restating shape AND the ask says the same thing; a negation in it must be the shape's own ("not per order",
 * "not cumulative", "don't add them up"), else the gloss stays and is read (or refused) as before.
 */

/** A gloss in parentheses anywhere, or after a dash at the end ("... - just the two please"). */
const PARENTHESES = /\s*\(\s*([^()]{1,90}?)\s*\)/g;
const DASHED = /\s+[-–—]+\s+([^-–—()]{1,90}?)\s*([?.!]*)\s*$/;

const normal = (gloss: string) =>
  gloss
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/\b(?:please|pls|plz|thanks|thx)\b/g, ' ')
    .replace(/^\s*i\.?\s?e\.?,?\s*/, '')
    .replace(/[.!?]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^,\s*|,\s*$/g, '');

const PEOPLE = '(?:customers?|clients?|accounts?|buyers?|shoppers?|purchasers?)';

/** "(their orders added up, not single orders)", "(summed over their orders)", "total across their orders". */
const SUMMED =
  /^(?:(?:all\s+)?(?:of\s+)?(?:their|the|all)\s+orders?\s+(?:summed|added\s+up|added\s+together|totall?ed|combined|together)(?:\s+up)?|(?:summed|added\s+up|totall?ed|total|combined)\s+(?:over|across|of)\s+(?:all\s+)?(?:of\s+)?(?:their|the)\s+orders?)(?:\s*,?\s*(?:not|rather\s+than)\s+(?:per|by|any\s+single|a\s+single|single|individual|one|each)\s+orders?)?$/;
/** "(exactly 70 counts)", "(70 itself included)" after "70+" or "70 or more": the bound's own end, inside it. */
const END_INCLUDED =
  /^(?:exactly\s+|and\s+)?\$?(\d[\d,]*k?)\s+(?:itself\s+)?(?:counts|counts\s+too|is\s+included|included(?:\s+too)?|qualifies|is\s+in|is\s+fine)$/;

/** "(the middle one, not the average)", "(middle value)": a median said again. */
const MIDDLE =
  /^(?:the\s+|i\.?e\.?\s+)?(?:middle|mid)(?:\s+(?:one|value|order|point|figure))?(?:\s+(?:pls|please|plz))?(?:\s*,?\s*(?:and\s+)?not\s+(?:the\s+|an?\s+)?(?:average|avg|mean))?$/;
/**
 * "(only counting people who've ordered at all)" beside customers over all time: the people the orders name, which
 * a count of customers by their orders is over already.
 */
const EVER_ORDERED =
  /^(?:only\s+)?(?:counting|among|of|out\s+of)\s+(?:the\s+)?(?:people|customers|clients|ones|those|folks)\s+(?:who(?:'ve|\s+have|\s+ever)?|that\s+have)\s+(?:ever\s+)?(?:ordered|bought|purchased)(?:\s+(?:at\s+all|anything|something|ever))?$/;

const MONTH3 = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
/** "(jul-sep)", "(Jan–Jun each)", "(oct-dec)", "(July to September)": the months of a quarter or half named in the ask. */
const MONTH_SPAN = new RegExp(
  `^${MONTH3}\\s*(?:-|–|—|to|through|thru)\\s*${MONTH3}(?:\\s+(?:each|both|each\\s+year|of\\s+each(?:\\s+year)?|in\\s+each))?$`,
);
const MONTHS3 = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Whether the ask names a quarter or a half that runs from month `a` to month `b` (0-11). */
function namesSpan(ask: string, a: number, b: number): boolean {
  const quarter = b - a === 2 && a % 3 === 0 ? a / 3 + 1 : undefined;
  const half = b - a === 5 && a % 6 === 0 ? a / 6 + 1 : undefined;
  if (quarter && new RegExp(String.raw`\bq${quarter}\b`, 'i').test(ask)) return true;
  if (
    half &&
    new RegExp(String.raw`\bh${half}\b|\b${half === 1 ? 'first' : 'second'}\s+half\b`, 'i').test(ask)
  )
    return true;
  return false;
}

/** "(looking at all their orders)", "(across all of their purchases)": each one's own rows, which a figure per person is over. */
const OWN_ROWS =
  /^(?:looking\s+at|across|over|using|counting|based\s+on|from|of)\s+(?:all\s+)?(?:of\s+)?their\s+(?:orders?|purchases?)(?:\s+(?:ever|overall|together))?$/;
/** (Only "spent over X", which the planner reads as a customer's total: "whose spend was above X" is not.) */
const SPEND_ASK =
  /\bspent\s+(?:(?:a\s+)?(?:total\s+of\s+)?)?(?:over|above|more\s+than|at\s+least|under|below|less\s+than)\b/i;

/** "(all 12)", "(all twelve)", "(all 4 quarters)", "(every month, no gaps)", "(no gaps)". */
const ALL_OF =
  /^(?:all|every|each)\s+(?:of\s+(?:them|the)\s+)?(12|twelve|4|four)(?:\s+(months|quarters))?(?:\s+of\s+them)?$/;
const NO_GAPS =
  /^(?:(?:every|each|all)\s+(?:single\s+)?(month|quarter)s?\s*,?\s*)?(?:no\s+(?:gaps?|misses|exceptions|skips|(?:months?|quarters?)\s+(?:missed|skipped))|without\s+(?:a\s+)?gaps?)$/;
const EVERY_UNIT = /\b(?:every|each|all)\s+(?:single\s+)?(?:one\s+of\s+the\s+)?(month|quarter)s?\b/i;

/** "(active = placed at least one order that month)", "active meaning at least one order in the quarter". */
const ACTIVE =
  /^(?:active\s*(?:=|:|means?|meaning|being|is|as\s+in|here\s+means)\s*)?(?:customers?\s+|accounts?\s+|buyers?\s+)?(?:who\s+|that\s+)?(?:placed|made|had|has|have|with|ordered|bought|did|purchased)?\s*(?:at\s+least\s+(?:one|1|once)|one\s+or\s+more|1\+)\s*(?:orders?|purchases?|times?)?\s*(?:in|during|within|over)?\s*(?:that|the|this|a|each)?\s*(?:same\s+)?(month|quarter|year|period|week|day|time|window|span)?$/;

/** "(not cumulative)", "not a running total", "each quarter on its own", "(standalone)". */
const NOT_RUNNING = [
  /\b(?:not|no|non-?)\s*(?:a\s+|the\s+)?(?:cumulative|running)(?:\s+(?:totals?|sums?|counts?|figures?|numbers?))?/g,
  /\b(?:each|every)\s+(?:one|month|quarter|year|week|day|period)\s+on\s+its\s+own\b/g,
  /\b(?:standalone|stand-alone|non-?cumulative)\b/g,
];
const RUNNING_ASK = /\b(?:cumulative|running|to\s+date|ytd|mtd|qtd|so\s+far|accumulated)\b/i;

/** "separately", "just the two", "don't add them up", "no combined figure", "each one listed". */
const APART = [
  /\b(?:separately|individually|one\s+by\s+one|side\s+by\s+side)\b/g,
  /\beach\s+(?:one\s+)?(?:listed|shown|on\s+its\s+own)(?:\s+separately)?\b/g,
  /\b(?:just|only)\s+the\s+(?:two|three|four|five|\d+)(?:\s+of\s+them)?\b/g,
  /\b(?:don'?t|do\s+not|no\s+need\s+to|without|not)\s+(?:add(?:ing)?|sum(?:ming)?|total(?:l?ing)?|combin(?:e|ing))\s+them(?:\s+(?:up|together))?\b/g,
  /\bno\s+(?:combined|overall|grand)\s+(?:figure|number|total|line|sum)\b|\bno\s+(?:total|sum)\b|\bnot\s+(?:combined|added\s+up|summed(?:\s+up)?)\b/g,
];
const TOP_ASK =
  /\b(?:top|best|worst|bottom|biggest|largest|smallest|highest|lowest)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\b/i;

/** "(the runner-up, not the top one)", "(runner up, not the winner)", "(i.e. #2, not #1)": a second place. */
const RUNNER_UP =
  /^(?:the\s+)?(?:runners?[\s-]+up|#\s*2|number\s+two|no\.?\s*2)(?:\s*,?\s*(?:not|rather\s+than)\s+(?:the\s+)?(?:top(?:\s+one)?|first(?:\s+one)?|winner|leader|best(?:\s+one)?|#\s*1|number\s+one|no\.?\s*1))?$/;
/** A second place asked ("second-best", "2nd highest", "runner-up"). */
const SECOND_ASK =
  /\b(?:second|2nd)[\s-]*(?:best|biggest|largest|highest|most|top|strongest)\b|\brunners?[\s-]+up\b|\bcame\s+second\b/i;

/** "(i.e. all regions and all categories together)", "(every region combined)", "(across all regions)". */
const WHOLE =
  /^(?:(?:all|every)\s+[a-z]+(?:\s*(?:,|and|&)\s*(?:all|every)\s+[a-z]+)*\s+(?:together|combined|included|in\s+one)|(?:across|over)\s+(?:all|every)\s+[a-z]+(?:\s*(?:,|and|&)\s*(?:all|every)\s+[a-z]+)*)$/;
const TOTAL_ASK = /\b(?:total|overall|whole|all\s+in|combined)\b/i;
const SPLIT_ASK = /\b(?:by|per|each|every|split|broken|breakdown|across|for\s+each)\b/i;

/** "(gross, incl. returns)", "(including cancelled orders)": every status counted, which the measure does. */
const INCLUDING =
  /^(?:gross\s*,?\s*)?(?:incl\.?|including|inc\.?|counting|with)\s+(?:the\s+)?(?:returns|returned(?:\s+orders)?|cancell?ations|cancell?ed(?:\s+orders)?|cancels)(?:\s*(?:,|and|&)\s*(?:returns|returned(?:\s+orders)?|cancell?ations|cancell?ed(?:\s+orders)?|cancels))*$/;
/**
 * "(by GMV we just mean all order $, returns and cancels included)", "(returns included)": every order's amount, as
 * the measure counts it (the statuses named were read as a filter of them: confidently wrong).
 */
const STATUSES = String.raw`(?:returns|returned(?:\s+orders)?|cancell?ations|cancell?ed(?:\s+orders)?|cancels)`;
const MEANT_ALL = new RegExp(
  String.raw`^(?:by\s+[a-z$]+\s+(?:we|i)\s+(?:just\s+|simply\s+|only\s+)?mean\s+(?:all|every|total)\s+(?:order\s*\$|order\s+dollars|orders?|order\s+amounts?|sales|revenue)\s*(?:,|;|-)?\s*)?(?:${STATUSES}(?:\s*(?:,|and|&)\s*${STATUSES})*\s+included)?$`,
);
const STATUS_ASK =
  /\b(?:net|gross|returns?|returned|cancell?(?:ed|ations?)|cancels?|completed|refunds?|status)\b/i;

/** "(by region, not by category)": the breakdown asked, and one not asked. */
const NOT_OTHER = /^(?:by|per)\s+([a-z]+)\s*,?\s*(?:not|rather\s+than)\s+(?:by|per)\s+([a-z]+)$/;

/**
 * "(total each day, then the median of those days)", "(sum per month, then take the median)": a percentile of a
 * per-period total, which "median daily revenue" reads. Its unit and its statistic must be the ask's.
 */
const PERIOD_THEN =
  /^(?:sum(?:med)?|total(?:l?ed)?|add(?:ed)?\s+up|aggregate)\s+(?:(?:for\s+)?each|every|per|by)\s+(day|week|month|quarter|year)\s*,?\s*(?:and\s+)?then\s+(?:take\s+|find\s+|get\s+)?(?:the\s+)?(median|middle|p\d\d|\d\d(?:st|nd|rd|th)\s+percentile)(?:\s+(?:one|value|day|week|month|quarter|year))?(?:\s+(?:of|across|over)\s+(?:those|these|the|all)(?:\s+(?:\d+|all))?\s+(?:days|weeks|months|quarters|years|totals|sums))?$/;
const PER_UNIT: Record<string, RegExp> = {
  day: /\b(?:daily|per\s+day|a\s+day|each\s+day)\b/i,
  week: /\b(?:weekly|per\s+week|a\s+week|each\s+week)\b/i,
  month: /\b(?:monthly|per\s+month|a\s+month|each\s+month)\b/i,
  quarter: /\b(?:quarterly|per\s+quarter|a\s+quarter|each\s+quarter)\b/i,
  year: /\b(?:yearly|annual|per\s+year|a\s+year|each\s+year)\b/i,
};
/** "quartiles of 2025 order values (25th, 50th, 75th)": the three quartiles listed again. */
const QUARTILE_LIST =
  /^p?25(?:th)?\s*,?\s*(?:and\s+)?p?50(?:th)?\s*,?\s*(?:and\s+|&\s*)?p?75(?:th)?(?:\s+percentiles?)?$/;

/**
 * "(among customers who ordered that year)", "(only counting clients who bought in 2024)" after a figure per customer
 * in a period: the customers such a figure is over already (each one with a row in the period).
 */
const ORDERED_THEN = new RegExp(
  String.raw`^(?:among|of|only|counting|just|for|(?:only|just)\s+count(?:ing)?)\s+(?:the\s+)?(?:ones\s+|those\s+)?(?:${PEOPLE}|people|folks)?\s*(?:who|that|with)\s+(?:actually\s+)?(?:ordered|bought|purchased|placed\s+(?:an?\s+|any\s+)?orders?|had\s+(?:an?\s+|any\s+)?orders?|were\s+active)\s+(?:(?:at\s+least\s+)?(?:once|one\s+time|one\s+order)\s+)?(?:that\s+(?:year|quarter|month|period)|then|in\s+(?:that|the)\s+(?:year|quarter|month|period)|in\s+(\d{4}))$`,
);
const PER_PERSON_ASK = new RegExp(String.raw`\bper\s+${PEOPLE}|\beach\s+${PEOPLE}|\ba\s+${PEOPLE}`, 'i');
/**
 * "how many customers placed under 14 orders in 2024?", "number of customers with more than 20 orders in 2023":
 * customers counted by a bound on their own orders or spend in a period, each with a row in it already.
 */
const COUNTED_BY_BOUND = new RegExp(
  String.raw`\b(?:how\s+many|number\s+of|count\s+of|no\.?\s+of)\s+${PEOPLE}\b.*\b(?:fewer|less|under|below|more|over|above|at\s+least|at\s+most)\s+(?:than\s+)?\$?\d[\d,.]*\s*k?\s*(?:orders?|times|purchases?|dollars)?\b`,
  'i',
);
/** A sentence after the ask ("... in 2025? Only counting people who bought at least once that year."). */
const TRAILING_SENTENCE = /([?.!])\s+([^?.!]{5,120}?)\s*[.!]?\s*$/;
/** "(month of their first ever order)", "(by the quarter of their very first purchase)" after first-time buyers by it. */
const FIRST_UNIT =
  /^(?:by\s+)?(?:the\s+)?(month|quarter|week|year)\s+of\s+(?:their|the|each\s+one's)\s+(?:very\s+)?first(?:[\s-]ever)?\s+(?:order|purchase)$/;
const FIRST_ASK = /\b(?:first[\s-]time|new)\s+(?:buyers|customers|clients|purchasers|shoppers)\b/i;
/** "(the 90th percentile)", "(i.e. p95)" after the amount above which the top N% of orders fall. */
const PERCENTILE_SAID = /^(?:the\s+)?(?:p(\d\d)|(\d\d)(?:st|nd|rd|th)\s+(?:percentile|pctile|pct))$/;

/**
 * "(each month vs the one before)", "(vs the previous quarter)", "(month over month)" after a change over that
 * period's steps (MoM, QoQ, "change by month"): each period against the one before it, as asked.
 */
const STEP_BACK =
  /^(?:(?:each|every)\s+(month|quarter|week|year|day)\s+)?(?:vs\.?|versus|compared\s+(?:to|with)|against|over|relative\s+to)\s+(?:the\s+)?(?:one|(month|quarter|week|year|day))\s+(?:before(?:\s+it)?|prior)$|^(?:each|every)?\s*(?:vs\.?|versus|compared\s+(?:to|with)|against|over)\s+(?:the\s+)?(?:previous|prior|preceding|last)\s+(?:one|(month|quarter|week|year|day))$|^(month|quarter|week|year|day)\s+over\s+\4$/;
const STEP_ASK: Record<string, RegExp> = {
  month:
    /\b(?:mom|m\/m|month[\s-]+(?:over|on)[\s-]+month|monthly\s+(?:change|growth)|(?:change|growth)\b.*\b(?:by|each|per|every)\s+month)\b/i,
  quarter:
    /\b(?:qoq|q\/q|quarter[\s-]+(?:over|on)[\s-]+quarter|quarterly\s+(?:change|growth)|(?:change|growth)\b.*\b(?:by|each|per|every)\s+quarter)\b/i,
  week: /\b(?:wow|w\/w|week[\s-]+(?:over|on)[\s-]+week|weekly\s+(?:change|growth)|(?:change|growth)\b.*\b(?:by|each|per|every)\s+week)\b/i,
  year: /\b(?:yoy|y\/y|year[\s-]+(?:over|on)[\s-]+year|yearly\s+(?:change|growth)|annual\s+(?:change|growth)|(?:change|growth)\b.*\b(?:by|each|per|every)\s+year)\b/i,
  day: /\b(?:dod|day[\s-]+(?:over|on)[\s-]+day|daily\s+(?:change|growth))\b/i,
};

/** Whether a per-period percentile gloss restates the ask: the same unit and the same statistic. */
function periodThenFits(unit: string, stat: string, ask: string): boolean {
  if (!PER_UNIT[unit]?.test(ask)) return false;
  if (stat === 'median' || stat === 'middle') return /\bmedian\b/i.test(ask);
  const n = /\d\d/.exec(stat)?.[0];
  return (
    n !== undefined &&
    new RegExp(String.raw`\b(?:p${n}|${n}(?:st|nd|rd|th)\s+(?:percentile|pct))\b`, 'i').test(ask)
  );
}

/** Whether `gloss` (normalized) restates what `ask` (the question without it) asks. */
/**
 * A rate's own parts ("furniture cancel rate (cancelled furniture orders / all furniture orders)", "electronics return
 * rate (returned ÷ all electronics orders)"): the rate's value (group 1), the rows it is of (groups 2 and 3).
 */
const RATE_PARTS =
  /^(?:the\s+)?([a-z]+)(?:\s+([a-z]+))?(?:\s+orders?)?\s*(?:\/|÷|over|out\s+of|divided\s+by|as\s+an?\s+(?:share|%|percent(?:age)?|fraction|proportion)\s+of)\s*(?:all\s+)?(?:the\s+)?(?:([a-z]+)\s+)?orders?$/;

/** Whether `gloss` states the parts of the rate the ask names before it ("<value> <word> rate"), and nothing else. */
function ratePartsRestated(gloss: string, ask: string): boolean {
  const parts = RATE_PARTS.exec(gloss);
  const rate = /\b([a-z]+)\s+([a-z]+)\s+rate\s*$/i.exec(ask);
  if (!parts?.[1] || !rate?.[1] || !rate[2]) return false;
  const [scope, word] = [rate[1].toLowerCase(), rate[2].toLowerCase()];
  const root = (w: string) => w.slice(0, 5);
  return (
    word.length >= 5 &&
    root(parts[1]) === root(word) &&
    parts[3] === scope &&
    (parts[2] === undefined || parts[2] === scope)
  );
}

function restates(gloss: string, ask: string): boolean {
  const ordered = ORDERED_THEN.exec(gloss);
  if (ordered)
    return (
      (PER_PERSON_ASK.test(ask) || COUNTED_BY_BOUND.test(ask)) &&
      (ordered[1] === undefined || new RegExp(String.raw`\b${ordered[1]}\b`).test(ask))
    );
  const first = FIRST_UNIT.exec(gloss);
  if (first?.[1])
    return FIRST_ASK.test(ask) && new RegExp(String.raw`\b(?:by|per|each)\s+${first[1]}\b`, 'i').test(ask);
  const said = PERCENTILE_SAID.exec(gloss);
  if (said) {
    const top = /\btop\s+(\d{1,2})\s*%/i.exec(ask)?.[1];
    const bottom = /\b(?:bottom|cheapest|smallest|lowest)\s+(\d{1,2})\s*%/i.exec(ask)?.[1];
    const n = Number(said[1] ?? said[2]);
    return (top !== undefined && 100 - Number(top) === n) || (bottom !== undefined && Number(bottom) === n);
  }
  if (MIDDLE.test(gloss)) return /\bmedian\b/i.test(ask);
  if (EVER_ORDERED.test(gloss))
    return new RegExp(String.raw`\b${PEOPLE}\b`, 'i').test(ask) && !/\b(?:19|20)\d\d\b/.test(ask);
  const end = END_INCLUDED.exec(gloss);
  if (end?.[1]) {
    const n = end[1].replace(/[$,]/g, '').replace(/\.?$/, '');
    return new RegExp(
      String.raw`\$?\b${n}\s*\+|\$?\b${n}\s+(?:or|and)\s+(?:more|above|up|over)\b|\bat\s+least\s+\$?${n}\b`,
      'i',
    ).test(ask.replace(/,/g, ''));
  }
  const months = MONTH_SPAN.exec(gloss);
  if (months?.[1] && months[2]) return namesSpan(ask, MONTHS3.indexOf(months[1]), MONTHS3.indexOf(months[2]));
  const step = STEP_BACK.exec(gloss);
  if (step) {
    const units = [step[1], step[2], step[3], step[4]].filter((u): u is string => u !== undefined);
    const unit = units[0];
    if (units.some((u) => u !== unit)) return false;
    return unit ? (STEP_ASK[unit]?.test(ask) ?? false) : Object.values(STEP_ASK).some((r) => r.test(ask));
  }
  const then = PERIOD_THEN.exec(gloss);
  if (then?.[1] && then[2]) return periodThenFits(then[1], then[2], ask);
  if (QUARTILE_LIST.test(gloss))
    return /\bquartiles\b/i.test(ask) && !/\b(?:first|third|1st|3rd|upper|lower)\s+quartile/i.test(ask);
  if (SUMMED.test(gloss)) return SPEND_ASK.test(ask) && new RegExp(String.raw`\b${PEOPLE}\b`, 'i').test(ask);
  // (Not beside a condition on every one of their orders: "all their orders" there is the condition, not a gloss.)
  if (OWN_ROWS.test(gloss))
    return (
      new RegExp(String.raw`\b${PEOPLE}\s+(?:whose|who|with)\b`, 'i').test(ask) &&
      !/\b(?:every|all|each)\b/i.test(ask)
    );
  const all = ALL_OF.exec(gloss);
  if (all) {
    const unit = EVERY_UNIT.exec(ask)?.[1]?.toLowerCase();
    const n = all[1] === '12' || all[1] === 'twelve' ? 'month' : 'quarter';
    return unit === n && (!all[2] || all[2].startsWith(n));
  }
  const gaps = NO_GAPS.exec(gloss);
  if (gaps) {
    const unit = EVERY_UNIT.exec(ask)?.[1]?.toLowerCase();
    return unit !== undefined && (!gaps[1] || gaps[1] === unit);
  }
  const active = ACTIVE.exec(gloss);
  if (active && /\d|\bonce\b|\bone\b|\bmore\b/.test(gloss))
    return /\bactive\b/i.test(ask) && periodFits(active[1], ask);
  if (covered(gloss, NOT_RUNNING)) return !RUNNING_ASK.test(ask);
  if (covered(gloss, APART)) return TOP_ASK.test(ask);
  // ("each region's second-best month (the runner-up, not the top one)": the second place said again.)
  if (RUNNER_UP.test(gloss)) return SECOND_ASK.test(ask);
  if (WHOLE.test(gloss)) return TOTAL_ASK.test(ask) && !SPLIT_ASK.test(ask);
  if (INCLUDING.test(gloss) || (gloss.trim() !== '' && MEANT_ALL.test(gloss)))
    return /\b(?:revenue|sales|orders?|gmv|turnover)\b/i.test(ask) && !STATUS_ASK.test(ask);
  const other = NOT_OTHER.exec(gloss);
  if (other?.[1] && other[2])
    return (
      new RegExp(String.raw`\b(?:by|per)\s+${other[1]}\b`, 'i').test(ask) &&
      !new RegExp(String.raw`\b${other[2]}`, 'i').test(ask)
    );
  return false;
}

/** Whether the gloss's words are all of the given shapes (commas and "and" between them). */
function covered(gloss: string, shapes: readonly RegExp[]): boolean {
  let rest = gloss;
  let found = false;
  for (const shape of shapes)
    rest = rest.replace(shape, () => {
      found = true;
      return ' ';
    });
  return found && /^[\s,;&]*(?:(?:and|but)[\s,;&]*)*$/.test(rest);
}

/** Whether the period a gloss names ("that month") is the kind of period the ask names. */
function periodFits(unit: string | undefined, ask: string): boolean {
  if (!unit || ['period', 'time', 'window', 'span'].includes(unit)) return true;
  if (unit === 'month')
    return /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\bmonth/i.test(ask);
  if (unit === 'quarter') return /\bq[1-4]\b|\bquarter/i.test(ask);
  if (unit === 'year') return /\b20\d\d\b|\byear/i.test(ask) && !/\bq[1-4]\b|\bh[12]\b/i.test(ask);
  return new RegExp(String.raw`\b${unit}`, 'i').test(ask);
}

/** "give me both years", "both years pls", "show me the two numbers", "can you check?" after a two-year claim. */
const BOTH_TAIL =
  /(?:[?.!,;]\s*|\s+[-–—]+\s+)(?:(?:can|could)\s+you\s+(?:check|confirm|verify)(?:\s+(?:that|this|it))?\s*[?.!]*\s*)?(?:(?:can|could)\s+you\s+)?(?:(?:show|give|send|tell)\s+me\s+)?(?:both\s+(?:years|numbers|figures|values|totals)|the\s+two\s+(?:years|numbers|figures|values|totals)|each\s+year'?s?\s+(?:number|figure|total))(?:\s+(?:pls|please|too|as\s+well|side\s+by\s+side))?\s*[?.!]*\s*$/i;

/** "Tomasz (my manager) wants ...", "Priya from finance asked: ...", "Jon in sales ops wants ...". */
const NAMED_ROLE =
  /^\s*[a-z][a-z'’-]*\s*\(\s*((?:my|our)\s+[a-z][a-z\s]{1,30}?)\s*\)\s+(?=(?:wants|needs|asked|is\s+asking|would\s+like|requested)\b)/i;
const NAMED_TEAM =
  /^\s*[A-Z][a-z'’-]+\s+(?:from|in|on)\s+(?:the\s+)?(?:finance|sales\s+ops|ops|operations|marketing|revops|bizops|cs|customer\s+success|support|accounting|hr|product|leadership|exec(?:utive)?s?|strategy|fp&a|analytics)(?:\s+team)?\s+(?=(?:wants|needs|asked|is\s+asking|would\s+like|requested)\b)/;

/** The question with its restating glosses read away, a named colleague read as "my colleague". */
export function readRestatedGlosses(question: string): string {
  let text = question
    .replace(NAMED_ROLE, (_, role: string) => `${role} `)
    .replace(NAMED_TEAM, 'my colleague ');
  let every = false;
  text = text.replace(PARENTHESES, (all, gloss: string, offset: number) => {
    const ask = `${text.slice(0, offset)} ${text.slice(offset + all.length)}`;
    if (ratePartsRestated(normal(gloss), text.slice(0, offset))) return '';
    if (!restates(normal(gloss), ask)) return all;
    every ||= ALL_OF.test(normal(gloss)) || NO_GAPS.test(normal(gloss));
    return '';
  });
  // ("ordered in each month of 2025 (every month, no gaps)": "each" is every month, never a breakdown.)
  if (every) text = text.replace(/\beach\s+(?:single\s+)?(month|quarter)\b/i, 'every $1');
  // ("toys return rate, i.e. returned toys orders over all toys orders: ...": the same parts after "i.e.".)
  text = text.replace(
    /,?\s+i\.?e\.?,?\s+([^:;?]{1,90}?)\s*(?=[:;?]|$)/i,
    (all, gloss: string, offset: number) =>
      ratePartsRestated(normal(gloss), text.slice(0, offset)) ? '' : all,
  );
  const dashed = DASHED.exec(text);
  if (dashed?.[1] && restates(normal(dashed[1]), text.slice(0, dashed.index)))
    text = `${text.slice(0, dashed.index)}${dashed[2] ?? ''}`;
  // ("... fewer than 10 times in 2025? Only counting people who bought at least once that year.")
  const sentence = TRAILING_SENTENCE.exec(text);
  if (sentence?.[2] && restates(normal(sentence[2]), text.slice(0, sentence.index)))
    text = `${text.slice(0, sentence.index)}${sentence[1]}`;
  const years = new Set(text.match(/\b20\d\d\b/g) ?? []);
  if (years.size === 2) text = text.replace(BOTH_TAIL, (all) => (/^\s*\?/.test(all) ? '?' : ''));
  return text;
}
