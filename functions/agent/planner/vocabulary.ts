import type { CatalogMember } from './catalog';
import type { Grain, Period, Token } from './plan';
import { UNIT_WORDS } from './text';

export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
export const MONTH_ABBREVIATIONS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  sept: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};
/** A month's name or its abbreviation, as a regular-expression group ("jan", "january", "sept", "june"). */
export const MONTH_WORD =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/** The plural nouns an asker names the people of the data by ("buyers", "accounts"). */
export const PEOPLE_PLURALS = ['customers', 'clients', 'buyers', 'shoppers', 'accounts', 'purchasers'];
/** A capturing regular-expression alternation of words ("(customers|clients|...)"), for the text rewrites. */
export const alternation = (words: readonly string[]) => `(${words.join('|')})`;
export const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, last: 4 };
/** The ordinals with their numeric forms ("4th"). */
export const ORDINAL_NUMBERS: Record<string, number> = {
  ...ORDINALS,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
};
export const GRAIN_WORDS: Record<string, Grain> = {
  day: 'day',
  daily: 'day',
  week: 'week',
  weekly: 'week',
  month: 'month',
  monthly: 'month',
  quarter: 'quarter',
  quarterly: 'quarter',
  year: 'year',
  yearly: 'year',
  annual: 'year',
  annually: 'year',
};
export const GROUP_TRIGGERS = new Set([
  'by',
  'per',
  'each',
  'every',
  'across',
  'which',
  'top',
  'bottom',
  'best',
  'worst',
  'compare',
  // ("in 2024, rank the regions by revenue", "the runner-up category": a ranking asks for its breakdown, as "top"
  // does.)
  'rank',
  'runner',
]);
export const GROUP_AFTER = new Set(['breakdown', 'wise', 'split', 'distribution', 'mix']);
export const CLAUSE_BREAKS = new Set([
  'in',
  'for',
  'with',
  'where',
  'during',
  'from',
  'on',
  'at',
  'when',
  'excluding',
  'except',
  'of',
]);
export const COMPARE_WORDS = new Set([
  'vs',
  'versus',
  'compare',
  'compared',
  'comparing',
  'comparison',
  'against',
  'than',
  'change',
  'growth',
  'difference',
]);
export const DESC_SUPERLATIVES = new Set([
  'most',
  'highest',
  'largest',
  'biggest',
  'best',
  'max',
  'maximum',
  'greatest',
  'strongest',
  'top',
  'fastest',
  'busiest',
  // "the sharpest decline", "the steepest drop": the largest change.
  'sharpest',
  'steepest',
  // "fell hardest", "the deepest fall": the largest change too.
  'hardest',
  'deepest',
]);
export const ASC_SUPERLATIVES = new Set([
  'least',
  'lowest',
  'fewest',
  'smallest',
  'worst',
  'weakest',
  'poorest',
  'min',
  'minimum',
  'slowest',
  'quietest',
]);
export const FOLLOW_UP_START = [
  'and',
  'what about',
  'how about',
  'now',
  'same',
  'also',
  'only',
  'just',
  'then',
  'ok',
  'okay',
  'but',
  'what if',
  'instead',
];

export const pad = (n: number) => String(n).padStart(2, '0');
export const day = (y: number, m: number) => `${m > 11 ? y + 1 : y}-${pad((m % 12) + 1)}-01`;
export const yearPeriod = (y: number): Period => ({
  label: String(y),
  from: `${y}-01-01`,
  to: `${y + 1}-01-01`,
});
export const monthPeriod = (y: number, m: number): Period => ({
  label: `${MONTHS[m]?.replace(/^./, (c) => c.toUpperCase()) ?? m} ${y}`,
  from: day(y, m),
  to: day(y, m + 1),
});
export const quarterPeriod = (y: number, q: number): Period => ({
  label: `Q${q} ${y}`,
  from: day(y, (q - 1) * 3),
  to: day(y, q * 3),
});

export const isYear = (raw: string) => /^(19|20)\d\d$/.test(raw);
/** A small whole number that counts things (not a year, not already a date or a threshold). */
export const isCount = (t: Token | undefined) =>
  // ("the 1,000 customers with the fewest orders": up to five digits, not a year.)
  t !== undefined && !t.used && /^\d{1,5}$/.test(t.raw) && !isYear(t.raw) && Number(t.raw) > 0;
export const isSuperlative = (t: Token | undefined) =>
  t !== undefined && (DESC_SUPERLATIVES.has(t.raw) || ASC_SUPERLATIVES.has(t.raw));
export const monthIndex = (raw: string): number | undefined => {
  const full = MONTHS.indexOf(raw);
  if (full >= 0) return full;
  return MONTH_ABBREVIATIONS[raw];
};

/** A member that identifies rows rather than describing them (ids): never a breakdown. */
export const isIdentifier = (m: CatalogMember) =>
  m.column === 'id' || m.column.endsWith('_id') || m.titleWords.at(-1) === 'id';

export const UNITS = new Set(['day', 'week', 'month', 'quarter', 'year']);
export type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';
export const LAST_WORDS = new Set([
  'last',
  'previous',
  'past',
  'prior',
  'preceding',
  'latest',
  'recent',
  // "the trailing 12 months"
  'trailing',
]);
export const THIS_WORDS = new Set(['this', 'current']);
export const FUTURE_WORDS = new Set([
  'forecast',
  'forecasts',
  'predict',
  'prediction',
  'projected',
  'projection',
  'will',
  'next',
  'upcoming',
  'future',
]);
/** Words asking for an amount of money (the model's sum measure when no measure is named). */
export const MONEY_WORDS = new Set([
  'money',
  'spend',
  'spent',
  'spending',
  'earn',
  'earned',
  'earnings',
  'income',
]);
/** Words that turn a measure into a share of a total. */
export const RATIO_WORDS = new Set([
  'percentage',
  'percent',
  'pct',
  'share',
  'fraction',
  'proportion',
  'portion',
  'rate',
  'ratio',
]);
/**
 * General English that carries no data meaning (verbs of selling and asking, fillers): left over, these do
 * not make a question unanswerable. Anything else left over names something the model lacks. Greetings,
 * thanks and chat shorthand ("morning", "sorry to bother you", "gimme", "thx"), verbs of where something is
 * ("based in the north": the value after them is the filter) and the base form of selling verbs ("did the west
 * close", "did we process") are fillers too; their participles ("closed orders", "processed orders") may name a
 * status the model lacks and stay unknown.
 */
export const FILLER = new Set(
  `sell sold selling sale make made bring brought come comes came get got gets getting generate generated do
  done did doing go went see look find want need know like break down up out off into over so far overall
  currently now ever since total value worth money much single individual each per we us our your they them
  were are be been being had has have just only also too well then ok okay please thanks hi show display
  chart graph table plot give tell list compare compared comparing versus against vs between among within
  across during excluding except without not non including include included only what which who whom whose
  where when why how much many ever top bottom best worst most least more less highest lowest largest
  biggest smallest number amount figure figures data stats statistics numbers breakdown split per cent
  place placed put bought buy buying spend spent spending earn earned earning receive received receiving
  take took taken record recorded happen happened occur occurred size volume typical usual normal
  strongest weakest poorest good bad overview summary summarize summarise quick brief report reporting trend
  trends trending trended analysis analyse analyze insight insights detail details detailed info information
  performance perform performing performed doing going looking change changes changed metric metrics kpi kpis
  view views result results overall altogether whole entire full complete currently right exactly roughly
  approximately about around popular rank ranked ranking rankings sort sorted different
  distinct dollar dollars usd eur euro euros bucks currency roughly curious wondering wonder ballpark kindly
  saw seen experienced experience thank cheers sizes combined together summed collectively jointly one ones common pull grab fetch send question hey ignoring company business firm actual precise
  morning afternoon evening hello hiya howdy sorry bother bothering apologies gimme lemme wanna gonna thx ty tia
  pls plz appreciate appreciated folks guys mate sanity based located headquartered situated close win land book
  live lives living reside resides residing
  calendar until till idea looked looks process reckon ended lol lmao haha hahaha`.split(/\s+/),
);

/**
 * Words that do not change what is counted: manner ("quickly"), vague objects ("something"), and adjectives the
 * model's measures already are ("gross" revenue is the recorded revenue). Left out, and said so, when the rest
 * of the question reads; never where a breakdown is named ("by channel" stays a missing dimension).
 */
export const SOFT_WORDS = new Set(
  `quickly fast asap urgently urgent really actually basically simply honestly just kindly
  something anything everything stuff things thing gross cumulative aggregate aggregated raw headline
  latest current overall grand all-time alltime btw fyi`.split(/\s+/),
);

/** Words for a kind of thing that follow a value ("enterprise tier", "north area"): they name the value's group. */
export const QUALIFIERS = new Set([
  // "grocery items", "electronics products": the things of a category value, no further filter.
  'item',
  'good',
  'merchandise',
  'sector',
  // "the grocery vertical", "the toys department": a line of business named by its value.
  'vertical',
  'department',
  'division',
  // "our north team": the people of a region value.
  'team',
  'tier',
  'level',
  'group',
  'type',
  'kind',
  'class',
  'band',
  'bracket',
  'bucket',
]);

/** Words for the size of one row ("order size", "order value"): a row-level number, not a total. */
export const SIZE_WORDS = new Set([
  'size',
  'value',
  'amount',
  'price',
  'sizes',
  'values',
  'amounts',
  'prices',
]);

/** Count words written out ("all five categories", "the ten largest orders"): two to twelve, and twenty. */
export const NUMBER_WORDS: Record<string, number> = {
  ...Object.fromEntries(Object.entries(UNIT_WORDS).filter(([, n]) => n >= 2 && n <= 12)),
  twenty: 20,
};

/**
 * Words that say a figure is not the data's own ("according to the budget", "per the forecast", "vs target"): a
 * clause with one is part of the question, never an aside, and the question is refused if the model lacks it.
 */
export const NOT_THE_DATA = new Set([
  'forecast',
  'forecasts',
  'forecasted',
  'projection',
  'projections',
  'projected',
  'plan',
  'plans',
  'planned',
  'budget',
  'budgets',
  'budgeted',
  'target',
  'targets',
  'quota',
  'quotas',
  'goal',
  'goals',
  'estimate',
  'estimates',
  'estimated',
  'prediction',
  'predicted',
  'expected',
  'benchmark',
]);

/**
 * People who may be "returning" (coming back: "returning customers"), which no order status says: the word before
 * them is never read as the value "returned" (asker.ts, members.ts).
 */
export const RETURNING_PEOPLE = new Set(
  'customer customers client clients buyer buyers shopper shoppers user users account accounts visitor visitors people purchasers'.split(
    ' ',
  ),
);

/**
 * "every one of the 12 months of 2024", "each of the 4 quarters of 2025", "all of the 12 months in 2023": every month
 * (quarter) of that year, its count said beside it (phrases.ts).
 */
export const EVERY_UNIT_OF =
  /\b(?:every\s+(?:single\s+)?one\s+of|each\s+(?:one\s+)?of|all(?:\s+of)?)\s+the\s+(?:(12|twelve)\s+months|(4|four)\s+quarters)\s+(of|in)\s+/gi;
/** The words of EVERY_UNIT_OF's match: "every month of ", "every quarter in ". */
export const everyUnitWords = (
  _all: string,
  months: string | undefined,
  _quarters: string | undefined,
  of: string,
) => `every ${months ? 'month' : 'quarter'} ${of} `;
