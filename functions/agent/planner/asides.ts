/**
 * Words around an answerable ask that say nothing about the data (issue 29; README.md, "Words the model does not
 * know"), read before the question's words are matched against the model:
 * - an aside at the start that says who the answer is for ("for my weekly sync:", "for the board pack,", "quick
 *   one for finance -"): dropped only when none of its words is one the model or the planner's periods know, so
 *   "for the west team:" still filters and "for 2024," still dates;
 * - a parenthetical that names a value the model lists for the asker's own words ("got scrapped (cancelled)",
 *   "bounced back (returned)"): the value replaces the words before it when they are neither the model's nor
 *   the planner's own; otherwise both stay, and a word the model lacks is still refused by name;
 * - verbs of arrival ("came through", "landed", "were placed", "rolled in"): an order's own date already says
 *   when it came, so they read as "came", which carries no meaning of its own.
 */
import { cubeVocabulary } from './asker';
import type { CatalogCube } from './catalog';
import { readSlang } from './slang';
import { STOPWORDS, stem, words } from './text';
import { GRAIN_WORDS, LAST_WORDS, MONTHS, NOT_THE_DATA, UNITS } from './vocabulary';

/** When an event the answer is needed for takes place ("tomorrow's all-hands", "the offsite next week"). */
const EVENT_TIMES = new Set(['tomorrow', 'tonight', 'today', 'next', 'upcoming']);

/** Words of the planner's own periods and grains: an aside that has one may date or group the question. */
const PERIOD_WORDS = new Set([
  ...Object.keys(GRAIN_WORDS),
  ...LAST_WORDS,
  ...MONTHS,
  ...UNITS,
  'this',
  'next',
  'today',
  'yesterday',
  'ytd',
  'mtd',
  'qtd',
  'each',
  'every',
  'all',
  'any',
  // A weekday is a day of the rows ("on Monday"), unless it is a meeting's ("Monday's call", RHYTHMS below).
  ...['mon', 'tues', 'wednes', 'thurs', 'fri', 'satur', 'sun'].flatMap((d) => [`${d}day`, `${d}days`]),
]);

/** "For the enterprise review:": a value (group 1) before a meeting or a document, at the start. */
const VALUE_MEETING =
  /^\s*for\s+(?:the|our|my)\s+((?:[a-z]+\s+){0,2}[a-z]+)\s+(?:review|deck|slides?|meeting|sync|update|report|summary|qbr|offsite|call|presentation|memo|standup|1:1)\s*(?::|,|\s[-–—]+)\s+(?=\S)/i;

/** "for the Q3 board deck:", "need this for the 2026 planning offsite -": an event named with a period (group 1). */
const DATED_EVENT =
  /^\s*(?:(?:i\s+|we\s+)?need\s+(?:this|it|these)\s+|quick\s+one\s+)?for\s+(?:the|my|our|a|an|this|next)\s+((?:[a-z0-9'’&/-]+\s+){1,3}?)(?:board\s+)?(?:deck|offsite|off-site|review|meeting|planning|pack|slides?|report|summary|qbr|update|presentation|memo|kickoff|kick-off|all-hands|readout|forecast|plan|budget)\s*(?::|,|\s[-–—]+)\s+(?=\S)/i;
/** A period word of an event's name: "Q3", "2026", "FY26", "H1", "annual", "quarterly". */
const EVENT_PERIOD =
  /^(?:q[1-4]|h[12]|fy\d{2,4}|(?:19|20)\d{2}|annual|quarterly|monthly|weekly|yearly|year-end|eoy|eoq)$/i;
/** A period of the ask's own: a year, "Q3 2025", "last year", "this quarter", "YTD". */
const OWN_PERIOD =
  /\b(?:(?:19|20)\d{2}|(?:last|this|previous|prior)\s+(?:year|quarter|month|week)|ytd|qtd|mtd|year\s+to\s+date|all\s+time)\b/i;

/** Words that point back at rows or groups ("for each of those,", "for them:"): never an aside. */
const POINTERS = new Set([
  'each',
  'every',
  'all',
  'any',
  'those',
  'these',
  'them',
  'that',
  'it',
  'which',
  'what',
  'both',
]);

/** A meeting's rhythm before its noun ("weekly sync", "monday standup", "quarterly review"). */
const RHYTHMS =
  /^(?:daily|weekly|biweekly|monthly|quarterly|yearly|annual|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/;

/** Words a model (any cube of the catalog) knows, stemmed. */
function modelWords(catalog: readonly CatalogCube[]): Set<string> {
  const known = new Set<string>();
  for (const cube of catalog) for (const w of cubeVocabulary(cube)) known.add(w);
  return known;
}

/**
 * "for my weekly sync:", "for the board pack,", "quick one for finance -", "fyi for the QBR:", "before tomorrow's
 * pipeline review:", "ahead of Friday's board meeting,".
 */
const LEADING_ASIDE =
  /^\s*(?:(?:quick|small|short|one|a)\s+(?:one|q|question|ask|check)\s+|fyi\s+|hey\s+)?(?:for|before|ahead\s+of|prior\s+to)\s+((?:[a-z0-9'’&/]+\s+){0,4}[a-z0-9'’&/]+)\s*(?::|,|\s[-–—]+)\s+(?=\S)/i;
/** The day of a meeting in a leading aside ("tomorrow's review"): the meeting's, never the rows'. */
const MEETING_DAY =
  /^(?:tomorrow|today|tonight|tmrw|(?:mon|tues|wednes|thurs|fri|satur|sun)day)(?:['’]?s)?$/i;

/**
 * Who needs the figure and for what, before the ask: "My VP needs one number for the offsite:", "For the
 * spreadsheet I'm building I need", "the CFO asked for this for Monday -". The words of the need itself.
 */
const NEEDED_BY =
  /^\s*(?:(?:my|our|the)\s+(?:[a-z'’&]+\s+){0,2}(?:needs?|wants?|asked\s+(?:me\s+)?for|is\s+asking\s+(?:me\s+)?for)\b[^:,\-–—]{0,60}(?::|,|\s[-–—]+)|for\s+(?:the|my|our|a|an|this|[a-z]+['’]s)\s+(?:[a-z'’-]+\s+){1,4}(?:i\s+(?:just\s+|only\s+|really\s+)?need|i['’]d\s+like|we\s+(?:just\s+|only\s+)?need|i\s+(?:just\s+)?want)\b)\s+(?=\S)/i;
/**
 * Who needs the figure, said straight before the ask with no break: "Board pack needs order count by ...", "the
 * CFO wants total revenue for ...", "my boss keeps asking about this and I need ...". The words of the need.
 */
const NEEDS_INLINE =
  /^\s*(?:(?:ok(?:ay)?|so|hey|hi|basically)[,!]?\s+)*(?:(?:my|our|the|an?)\s+)?(?:[a-z0-9'’&-]+\s+){0,4}?(?:(?:needs|wants|requires|asked(?:\s+(?:me|us))?\s+for|is\s+asking(?:\s+(?:me|us))?\s+for)\s+(?:to\s+(?:know|see|get)\s+)?(?!(?:to|it|this|that)\b)|(?:keeps\s+|has\s+been\s+|is\s+|was\s+)asking(?:\s+(?:me|us))?(?:\s+(?:about|for)\s+(?:this|it|that|these))?\s*(?:,|\s(?:and|so))\s+|(?:keeps\s+|has\s+been\s+|is\s+|was\s+|are\s+|were\s+)asking(?:\s+(?:me|us))?\s+(?=(?:how|what|which|who|whether)\b))(?=\S)/i;
/**
 * A title that names a department ("the VP of sales", "our head of finance", "director of ops"): one person, so the
 * department's word ("sales") names nothing of the data there. Only departments: "the manager of the west" names
 * a region, and the need stays.
 */
const TITLE_OF =
  /\b(vp|svp|evp|avp|head|heads|director|chief|manager|lead|officer|team|dept|department|president)\s+of\s+(?:the\s+)?(?:sales|marketing|finance|ops|operations|revenue|growth|product|engineering|customer\s+success|cs|people|hr|analytics|data|strategy|partnerships|revops|bizops|sales\s+ops)\b/gi;
/**
 * Work in hand before the ask, joined by "and": "so i'm prepping for the quarterly review and my boss wants ...",
 * "ok so i'm putting together the monthly update and ...". The document or meeting and the words before it (group 1)
 * decide whether it names anything of the data.
 */
const PREPPING =
  /^\s*(?:(?:ok(?:ay)?|so|hey|hi|basically)[,!]?\s+)*(?:i\s*['’]?m|i\s+am|we\s*['’]?re|we\s+are)\s+(?:just\s+|currently\s+)?(?:prepping|preparing|getting\s+ready|putting\s+together|working\s+on|building|writing|drafting|pulling\s+together|doing)\s+(?:for\s+)?(?:the|my|our|a|an|this)\s+((?:[a-z0-9'’&-]+\s+){0,3}?(?:review|deck|slides?|meeting|sync|update|report|summary|qbr|offsite|call|presentation|memo|standup|pack|readout|all-hands|one-on-one|1:1))\s*(?:[,;]\s*|\s+[-–—]+\s*)?(?:and|so)\s+(?=\S)/i;
/**
 * A meeting named with when it is, as a clause of its own: "pipeline review tomorrow", "board meeting friday", "QBR
 * on monday", "ops sync next week", "one-on-one with my manager later today". The day is the meeting's, never the
 * question's period; the meeting and the words before it (group 1) decide whether it names anything of the data.
 */
const MEETING_WHEN =
  /^(?:(?:i\s+have|i\s*['’]ve\s+got|i\s+got|got|have|there\s*['’]?s)\s+(?:a|an|the|my|our)\s+)?((?:[a-z0-9'’&/-]+\s+){0,3}?(?:meeting|review|sync|call|standup|stand-up|qbr|offsite|off-site|all-hands|huddle|session|presentation|demo|briefing|one-on-one|check-in|catch-up|kickoff|kick-off|workshop|pitch|readout))(?:\s+(?:with|w\/)\s+(?:my|our|the)\s+[a-z]+)?(?:\s+(?:is|on|this|next|later|first\s+thing|coming\s+up))*\s+(?:today|tonight|tomorrow|tmrw|tmr|tomorow|tommorow|tomorrows|(?:mon|tues|wednes|thurs|fri|satur|sun)day|week|month|morning|afternoon|eod|soon)(?:\s+(?:morning|afternoon|evening|am|pm))?$/i;
/** Words a need may carry without naming data ("one number", "a figure"). */
const NEED_WORDS = new Set([
  'one',
  'number',
  'figure',
  'stat',
  'quick',
  'single',
  'needs',
  'need',
  'wants',
  'want',
  'requires',
  'asked',
  'asking',
  'keeps',
  'been',
  'ok',
  'okay',
  'so',
  'about',
  'know',
  'see',
]);

/** An article or a possessive: "per the ..." or "per Jordan's ..." names a source, "per rep" a breakdown. */
const DETERMINED = `(?:the|my|our|your|his|her|their|a|an|this|that|today['’]s|[a-z]+['’]s)\\s`;
/** A deadline after "by" ("by EOD", "by end of day"): nothing a figure is broken down by. */
const DEADLINE = 'eod|eow|eom|cob|asap|tomorrow|tonight|noon|lunch|end\\s+of\\s+(?:the\\s+)?(?:day|week)';
/** Openers of a quick question ("quick one", "quick sanity check"). */
const OPENS = '(?:(?:quick|small|short|one|a)\\s+)?(?:sanity\\s+)?(?:one|q|question|ask|check)';
/**
 * A clause that says where a figure was seen, when it was discussed, or when it is due, set off by punctuation
 * anywhere in the question: "per the Slack thread,", "as per the ops sync -", "according to Dana's dashboard,",
 * "as discussed on Monday's call,", "ahead of Thursday's board meeting,", "quick sanity check before the renewal
 * call -", "need this by EOD:", ", it's for the exec summary", "For the all-hands slide:". The lead's words, then
 * what the clause is about (group 1), which alone decides whether the clause names anything of the data.
 */
const ASIDE_CLAUSE = new RegExp(
  `^(?:${[
    `${OPENS}\\s+(?:for|before|after|ahead\\s+of)`,
    `(?:${OPENS}\\s+)?(?:as\\s+)?per\\s+(?=${DETERMINED})`,
    `(?:${OPENS}\\s+)?according\\s+to`,
    'as\\s+(?:discussed|mentioned|agreed|requested|promised|noted|flagged|asked|shared)(?:\\s+(?:on|in|at|during|with|by|over))?',
    '(?:following\\s+up|circling\\s+back|further)\\s+(?:on|to)',
    'ahead\\s+of',
    `(?:it\\s*['’]?s|its|this\\s+is|that\\s*['’]?s)\\s+for\\s+(?=${DETERMINED})`,
    `for\\s+(?=${DETERMINED})`,
    `(?:(?:i|we)\\s+)?need\\s+(?:this|it|these|that)\\s+(?:by\\s+(?:${DEADLINE})|asap|for\\s+(?=${DETERMINED}))`,
    `by\\s+(?:${DEADLINE})`,
  ].join('|')})(?:\\s*(.*))$`,
  'i',
);
/**
 * A clause alone that says nothing of the data: quick openers ("quick one -", "sanity check:") and how urgent
 * the ask is ("not urgent,", "no rush -", "when you get a chance,").
 */
const OPENER =
  /^(?:(?:quick|small|short|sanity)(?:\s+sanity)?(?:\s+(?:one|q|question|ask|check))?|not\s+urgent|no\s+(?:rush|hurry|pressure)|whenever|when\s+you\s+(?:get|have)\s+a\s+(?:chance|sec|second|minute|moment)|heads\s+up|circling\s+back(?:\s+on\s+this)?|(?:this\s+(?:is|may\s+be)\s+a\s+)?long\s+shot|(?:an?\s+)?(?:ballpark(?:\s+(?:numbers?|figures?))?|rough\s+(?:numbers?|figures?|idea|estimate)|round\s+numbers?|approximate(?:\s+(?:numbers?|figures?))?|approximations?)(?:\s+(?:is|are|would\s+be)\s+(?:fine|ok|okay|good|enough|plenty))?)$/i;
/** A doubt before the ask: "not sure if you can do this but", "long shot, but", "this may be a long shot:". */
const DOUBT =
  /^\s*(?:(?:this\s+(?:is|may\s+be|might\s+be)\s+a\s+|a\s+bit\s+of\s+a\s+)?long\s+shot|not\s+sure\s+(?:if|whether)\s+(?:you\s+can|this\s+is\s+possible|it\s*['’]?s\s+possible|you\s+have\s+(?:this|that))(?:\s+(?:do|answer|get)\s+(?:this|that|it))?|no\s+idea\s+if\s+you\s+can\s+(?:do|answer)\s+this)\s*[,:;.!-]*\s*(?:but\s+)?/i;
/**
 * An apology or self-doubt before the ask: "sorry if this is a dumb question but", "probably a silly question,",
 * "sorry to bother you again -", "apologies,".
 */
const SORRY = String.raw`(?:sorry|apologies|apologi[sz]e)(?:\s+(?:to\s+(?:bother|bug|pester)\s+(?:you|u)(?:\s+again)?|again|in\s+advance))?`;
const DUMB = String.raw`(?:(?:this|it)(?:['’]s|\s+is|\s+may\s+be|\s+might\s+be)\s+|(?:probably|maybe|possibly)\s+)?(?:an?\s+)?(?:dumb|silly|stupid|basic|naive|obvious|newbie|noob)\s+(?:question|q|ask)`;
const APOLOGY = new RegExp(
  String.raw`^\s*(?:${SORRY}(?:\s*[,:;.!-]*\s*(?:(?:if|for)\s+)?${DUMB})?|${DUMB})\s*[,:;.!—–-]*\s*(?:but\s+)?(?=\S)`,
  'i',
);

/** "pls send over ...", "can you shoot me ...": a request to send, before what is asked. */
const SEND =
  /^\s*(?:(?:pls|please|plz|kindly|can\s+(?:you|u)|could\s+(?:you|u)|would\s+(?:you|u))\s+)*(?:send|shoot|pass|fire)\s+(?:me\s+|us\s+)?(?:over\s+|across\s+|along\s+)?/i;
/**
 * A polite frame around the ask: "would you mind pulling ...", "would you be able to grab ...", "mind sharing ...",
 * "I'd really appreciate it if you could dig up ...", "is there any chance you could get me ...", "would it be
 * possible to get ...", "could I possibly see ...", "I was wondering if you could pull ...". The frame and its verb of
 * fetching say nothing of the data.
 */
const POLITE =
  /^\s*(?:(?:hey|hi|so|ok(?:ay)?)[,!\s]+)*(?:(?:(?:would|could|can|will|do)\s+(?:you|u)\s+)?(?:please\s+)?(?:mind|be\s+able\s+to|possibly)|(?:i|we)\s*(?:['’]d|\s+would|\s+had)\s+(?:really\s+|much\s+|greatly\s+|so\s+)?(?:appreciate|love)\s+(?:it\s+)?if\s+(?:you|u)\s+(?:could|can|would)|(?:is|any)\s+(?:there\s+)?(?:any\s+)?chance\s+(?:you|u)\s+(?:could|can)|if\s+(?:it\s*['’]?s|its|it\s+is)\s+not\s+too\s+much\s+(?:trouble|bother|hassle)\s*,?\s*(?:(?:could|can|would)\s+(?:you|u)\s+)?|(?:would|will|is)\s+it\s+(?:be\s+)?(?:at\s+all\s+)?possible\s+(?:for\s+(?:you|u|me|us)\s+)?to|(?:could|can|may|might)\s+(?:i|we)(?:\s+(?:possibly|please|just|quickly))?|(?:i|we)\s*(?:['’]m|\s+am|\s+was|\s+were|['’]re|\s+are)\s+(?:just\s+)?wondering\s+(?:if|whether)\s+(?:(?:you|u)\s+(?:could|can|would|might)|(?:i|we)\s+(?:could|can|might)))\s+(?:please\s+)?(?:(?:pull|grab|get|fetch|shar|send|find|run|giv|tell|show|look|dig|check|see|hav)(?:e|s|es|ing|ping|bing|ging|ting)?\s+(?:up\s+|out\s+)?(?:me\s+|us\s+)?(?:over\s+)?)?(?=\S)/i;

/**
 * Thanks at the end of the ask: "Thanks so much!", "Many thanks!", "thank you in advance", "cheers", "thx!", "much
 * appreciated". Nothing of the data, after the last word that is.
 */
const SIGN_OFF =
  /(?:[\s,.;!?:-]*(?<![\w'’])(?:thanks|thank\s+(?:you|u)|thx|ty|tia|cheers|many\s+thanks|much\s+appreciated|(?:i\s+)?appreciate\s+(?:it|you|the\s+help))(?:\s+(?:so|very)\s+much|\s+a\s+(?:ton|lot|bunch|million)|\s+in\s+advance|\s+again|\s+heaps)*(?:\s+(?:!+|:\)|🙏))?[\s!.]*)+$/iu;

/** "how are we tracking this month?", "where are we landing on revenue": how a period is going, which its figure says. */
const TRACKING =
  /^\s*(?:so\s+)?(?:how|where)\s+(?:are|r|is)\s+(?:we|things|it)\s+(?:tracking|pacing|trending|landing|shaping\s+up)(?:\s+(?:on|for|with|in))?\s*[?,:]?\s*(?=\S)/i;

/**
 * The asker's guess about the figure, beside the ask: "it will be small", "it'll probably be lower than Q1", "I
 * expect it to be tiny", "the share should be pretty low": what the answer will show, never a forecast asked for or
 * a condition on the rows.
 */
const GUESS =
  /(?:\s*[,;:(]\s*|\s+[-–—]+\s+|(?<=[.?!])\s+|^)(?:(?:i\s+)?(?:expect|bet|guess|think|assume|suspect)\s+)?(?:it|that|this|the\s+(?:number|figure|share|total|result|answer|percentage|%))\s*(?:['’]ll|\s+will|\s+should|\s+might|\s+may|\s+would|\s+is\s+going\s+to|['’]s\s+going\s+to|\s+to)\s+(?:probably\s+|likely\s+|prob\s+|definitely\s+)?be\s+(?:(?:very|quite|pretty|really|a\s+bit|fairly)\s+)?(?:small|tiny|low|lower|higher|high|big|large|bigger|smaller|modest|huge|similar|flat)\b(?:\s+than\s+(?:the\s+)?[a-z0-9]+(?:\s+[a-z0-9]+)?)?\s*\)?(?=\s*(?:[,;.!?]|\s[-–—]|$))/gi;
/** "just need the numbers", "only need the figures": how little the asker needs, nothing of the data. */
const JUST_NUMBERS =
  /\s*[,;:-]?\s*(?:i\s+)?(?:just|only)\s+need\s+the\s+(?:raw\s+)?(?:numbers|figures|data)\b\s*(?=[.!?]*\s*$)/gi;
/**
 * "(heads up, it's for the QBR next week)", "- this is for my review on Monday": when the meeting is, never a period
 * of the rows, which lie in the past.
 */
const MEETING_LATER =
  /\s*\(?\s*(?:heads\s+up\s*[,:-]?\s*)?(?:it\s*['’]?s|this\s+is|that\s*['’]?s)\s+for\s+(?:the|my|our|a|an)\s+(?:[a-z0-9-]+\s+){0,2}(?:qbr|review|meeting|sync|call|offsite|deck|board|all-hands|standup|presentation|kickoff|kick-off|readout|1:1|one-on-one)\s+(?:next\s+(?:week|month|quarter)|tomorrow|later\s+today|this\s+(?:week|afternoon|evening)|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s*\)?(?=\s*(?:[,;.!?]|$))/gi;

/** "for a report I'm writing", "for the deck we're building": the work the figure is for, at the end (group 1). */
const WORK_IN_HAND =
  /\s*,?\s+for\s+(?:a|an|the|my|our|this|some)\s+((?:[a-z'’-]+\s+){0,2})(?:report|deck|slides?|memo|presentation|email|doc|document|spreadsheet|analysis|review|update|proposal|post|note)\s+(?:(?:i|we)\s*['’]?\s*(?:m|re|am|are)\s+|(?:i|we)\s+(?:am|are)\s+)?(?:writing|building|preparing|putting\s+together|working\s+on|making|doing|drafting|pulling\s+together)\s*(?=[?.!]*\s*$)/i;
/** Separators of clauses: a comma, colon or semicolon, or a dash between spaces. */
const CLAUSE_BREAK = /(\s*[,:;]\s+|\s*[?!]\s+|\s+[-–—]+\s+|\s*[—–]\s*)/;
/**
 * Words that change what is counted, or say the figure is not the data's own: an aside with one of them is part
 * of the question ("per the forecast", "as discussed, excluding refunds"), and the question is refused if the
 * model lacks it.
 */
const NEVER_ASIDE = new Set([
  'not',
  'no',
  'never',
  'except',
  'excluding',
  'exclude',
  'without',
  'only',
  'net',
  ...NOT_THE_DATA,
]);

/**
 * The asker checking a document of their own against the data ("sanity-checking my forecast model -", "double
 * checking our budget spreadsheet:", "validating the plan deck,"): the words before the document (group 1) may
 * say what it forecasts or budgets; what is asked is still the data's own figure.
 */
const CHECKING =
  /^(?:(?:just|quickly|i\s*['’]?m|i\s+am|we\s*['’]?re|we\s+are)\s+)*(?:(?:sanity|double|cross|spot)[\s-]?check(?:ing)?|check(?:ing)?|validat(?:e|ing)|reconcil(?:e|ing)|verify(?:ing)|ty(?:e|ing)\s+out|updat(?:e|ing)|build(?:ing)|refresh(?:ing)|test(?:ing)?|prep(?:ping)?|prepar(?:e|ing)|draft(?:ing)?|work(?:ing)?\s+on|putting\s+together)\s+(?:(?:my|our|the|a|this|that|[a-z]+['’]s)\s+)?((?:[a-z0-9'’&-]+\s+){0,3})(?:model|spreadsheet|sheet|workbook|deck|numbers|file|dashboard|report|tracker|math|figures|slides?|plan|memo|proposal|presentation)(?:\s+(?:against|with|vs\.?|versus)\s+(?:the\s+)?(?:actuals?|data|numbers))?$/i;

/**
 * Why the asker asks, beside the ask: "trying to figure out where cancellations cluster", "want to see where the
 * returns are piling up", "just curious how sales are trending". The words after the question word (group 1)
 * may name the rows the ask names too, and nothing more.
 */
const PURPOSE =
  /^(?:(?:just|i\s*['’]?m|i\s+am|we\s*['’]?re|we\s+are|i|we)\s+)*(?:(?:trying|want(?:ing|ed)?|looking|hoping|need(?:ing)?)\s+to\s+(?:see|figure\s+out|understand|find\s+out|work\s+out|spot|get\s+a\s+(?:sense|feel)\s+(?:of|for))|curious(?:\s+(?:about|to\s+see))?)\s+(?:where|why|whether|if|how(?!\s+(?:many|much)\b))\b(.*)$/i;

/**
 * A disclaimer that names what the data lacks, beside an answerable ask: "(I know costs aren't in here)", "I
 * realise salaries aren't in this data", "no shipping data in here I guess". Group 1 is what is lacking: only
 * something the model and the planner do not name makes it a disclaimer ("I know cancelled orders aren't in
 * here" is a belief about the rows, and stays).
 */
const DISCLAIMERS = [
  /^(?:(?:i|we)\s+(?:know|reali[sz]e|understand|get\s+that|guess|assume|think)|i\s*['’]?m\s+aware|(?:i|we)\s+(?:know|reali[sz]e))?\s*(?:that\s+)?(?:the\s+|our\s+|any\s+)?((?:[a-z'’-]+\s+){0,3}[a-z'’-]+?)\s+(?:data\s+)?(?:isn\s*['’]?t|aren\s*['’]?t|is\s+not|are\s+not|won\s*['’]?t\s+be|not)\s+(?:in\s+(?:here|there|this(?:\s+data(?:set)?)?|the\s+(?:data(?:set)?|model))|tracked|available|captured|recorded|included)(?:\s+(?:here|in\s+here|in\s+this\s+data))?(?:\s*,?\s*(?:i\s+(?:guess|think|assume|know)|obviously|sadly))?$/i,
  /^(?:there\s*['’]?s\s+|there\s+is\s+|we\s+have\s+)?no\s+((?:[a-z'’-]+\s+){0,2}[a-z'’-]+?)(?:\s+data)?\s+(?:in\s+here|here|in\s+this(?:\s+data(?:set)?)?|in\s+the\s+data)(?:\s*,?\s*(?:i\s+(?:guess|think|assume|know)|obviously|sadly))?$/i,
];
/** What a disclaimer says the data lacks (group 1), or undefined when `clause` is none. */
const disclaimed = (clause: string): string | undefined => {
  const text = clause.trim().replace(/^(?:but|and|ok(?:ay)?|so)\s+/i, '');
  for (const pattern of DISCLAIMERS) {
    const found = pattern.exec(text);
    if (found) return found[1];
  }
  return undefined;
};

/** Names of an event after a word of plans ("the budget offsite", "the forecast review"): no figure's source. */
const EVENT_NOUNS = new Set([
  'offsite',
  'meeting',
  'review',
  'sync',
  'call',
  'session',
  'workshop',
  'discussion',
  'planning',
  'retreat',
  'summit',
  'kickoff',
  'kick-off',
  'all-hands',
  'standup',
  'qbr',
  'huddle',
]);

/** Stems that are one word's forms ("return" of "returns" and "returned", "cancel" of "cancellations"). */
const sameWord = (a: string, b: string) =>
  a === b || (Math.min(a.length, b.length) >= 5 && (a.startsWith(b) || b.startsWith(a)));

/**
 * The question without its aside clauses: each clause between separators that the lead above opens and whose
 * words name nothing of the model, the planner's periods or a number (`names`), and hold no word of
 * NEVER_ASIDE. A hyphenated word ("all-hands", "year-end") names something only through a part the model or the
 * planner's periods know other than "all". Something other than asides always stays.
 */
function withoutAsideClauses(text: string, names: (w: string, i: number, all: string[]) => boolean): string {
  const parts = text.split(CLAUSE_BREAK);
  const kept: string[] = [];
  let dropped = false;
  // A word of a purpose that the other clauses name too: the rows the ask is about, nothing of the purpose's own.
  const rowsOfTheAsk = (w: string, i: number, all: string[], at: number) => {
    const others = parts
      .filter((_, j) => j !== at && j % 2 === 0)
      .flatMap((p) => words(p))
      .map(stem);
    return names(w, i, all) && others.some((o) => sameWord(o, stem(w)));
  };
  for (let k = 0; k < parts.length; k += 2) {
    // ("FYI this is for the weekly standup -": a note to the reader before the aside.)
    const clause = (parts[k] ?? '')
      .trim()
      .replace(/[?.!]+$/, '')
      .replace(/^(?:fyi|btw|ps|heads\s+up)\s*[,:]?\s+/i, '');
    const lead = ASIDE_CLAUSE.exec(clause) ?? MEETING_WHEN.exec(clause);
    const checking = lead ? undefined : CHECKING.exec(clause);
    const purpose = lead || checking ? undefined : PURPOSE.exec(clause);
    const aside = lead
      ? asideWords(lead[1] ?? '')
      : checking
        ? asideWords(checking[1] ?? '').filter((w) => !NEVER_ASIDE.has(w))
        : purpose
          ? asideWords(purpose[1] ?? '').filter((w, i, all) => !rowsOfTheAsk(w, i, all, k))
          : OPENER.test(clause)
            ? []
            : undefined;
    const lacking = aside === undefined ? disclaimed(clause) : undefined;
    if (lacking !== undefined && !asideWords(lacking).some((w, i, all) => names(w, i, all))) {
      dropped = true;
      continue;
    }
    const named =
      aside === undefined ||
      aside.some((w, i, all) => NEVER_ASIDE.has(w) && !EVENT_NOUNS.has(all[i + 1] ?? '')) ||
      aside.some((w, i, all) => w.split('-').some((part) => part !== 'all' && names(part, i, all)));
    const last = k + 2 >= parts.length;
    if (!named && !(last && kept.length === 0)) {
      dropped = true;
      continue;
    }
    // ("not urgent, but what was ...": the "but" went with the clause before it.)
    const clauseText =
      dropped && kept.length === 0 ? (parts[k] ?? '').replace(/^\s*but\s+/i, '') : (parts[k] ?? '');
    kept.push(clauseText, parts[k + 1] ?? '');
  }
  if (!dropped) return text;
  // (The separator after the last clause kept goes with what followed it; a question mark stays.)
  const rest = kept.slice(0, -1).join('').trim();
  return /\?\s*$/.test(text) && !rest.endsWith('?') ? `${rest}?` : rest;
}

/** The words of an aside, with a hyphenated word kept whole ("all-hands"). */
const asideWords = (about: string): string[] =>
  (
    about
      .toLowerCase()
      .replace(/['’]s\b/g, '')
      .match(/[a-z0-9]+(?:-[a-z0-9]+)*/g) ?? []
  ).filter((w) => !STOPWORDS.has(w));

/** "got scrapped (cancelled)", "bounced back (returned)": up to three words, then a parenthesis. */
const PARENTHETICAL = /((?:[a-z'’]+\s+){0,2}[a-z'’]+)\s*\(\s*([^()]{1,40}?)\s*\)/gi;

/** Verbs of arrival after the rows they date ("orders that came through", "sales that landed in March"). */
const ARRIVALS: [RegExp, string][] = [
  [/\b(?:came|come|comes|coming|went|go|goes|going)\s+(?:through|thru|in|across)\b/gi, 'came'],
  [/\b(?:were|was|got|get|been|being)\s+placed\b/gi, 'came'],
  [/\b(?:landed|arrived|rolled\s+in|poured\s+in|showed\s+up|turned\s+up)\b/gi, 'came'],
];

/** The question with its asides dropped, the model's term read for the words it glosses, arrivals as "came". */
export function readAsides(question: string, catalog: readonly CatalogCube[]): string {
  const known = modelWords(catalog);
  const values = new Set(
    catalog.flatMap((c) => c.members.flatMap((m) => m.values.map((v) => words(v).join(' ')))),
  );
  const ours = (w: string) =>
    known.has(stem(w)) || PERIOD_WORDS.has(w) || PERIOD_WORDS.has(stem(w)) || /\d/.test(w);
  // ("five bucks", "did anybody ...", "how many such orders": slang.ts; "my 1:1": a meeting; "when you get a
  // chance": how urgent, anywhere.)
  let text = readSlang(question)
    .replace(/\b1\s*(?::|-on-|\s+on\s+)\s*1\b/gi, 'one-on-one')
    .replace(
      /\b(?:when(?:ever)?|if)\s+you\s+(?:get|have|find)\s+a\s+(?:chance|sec|second|minute|moment)\b,?\s*(?=\S)/gi,
      '',
    )
    // ("revenue-wise": in terms of revenue.)
    .replace(/\b([a-z]+)-wise\b/gi, '$1')
    // ("..., thanks so much!": what follows the last word asked.)
    .replace(SIGN_OFF, (all, offset: number) => (offset > 0 ? (/\?/.test(all) ? '?' : '') : all))
    // ("... it'll probably be lower than Q1, just need the numbers", "(heads up, it's for the QBR next week)".)
    .replace(GUESS, '')
    .replace(JUST_NUMBERS, '')
    .replace(MEETING_LATER, '')
    .replace(DOUBT, '')
    .replace(APOLOGY, '')
    .replace(POLITE, '')
    .replace(TRACKING, '')
    .replace(SEND, '');
  // ("... for a report I'm writing": what the figure is for, after the ask, when it names nothing.)
  const work = WORK_IN_HAND.exec(text);
  if (work && !words(work[1] ?? '').some((w) => ours(w) && !STOPWORDS.has(w)))
    text = text.slice(0, work.index);
  // "For the enterprise review:", "for our north QBR -": the meeting is about the value, which filters.
  const about = VALUE_MEETING.exec(text);
  // (Not a meeting's rhythm: "for my monday standup:" is no Monday filter.)
  const value = words(about?.[1] ?? '').join(' ');
  if (about && values.has(value) && !RHYTHMS.test(value))
    text = `for ${about[1]}, ${text.slice(about[0].length)}`;
  // ("for the Q3 board deck: revenue by region in 2024", "need this for the 2026 planning offsite -": the period
  // names the event when the ask names its own; the event's other words may name nothing of the data.)
  const datedEvent = DATED_EVENT.exec(text);
  if (datedEvent) {
    const rest = text.slice(datedEvent[0].length);
    const eventWords = asideWords(datedEvent[1] ?? '');
    const dated = eventWords.some((w) => EVENT_PERIOD.test(w));
    if (dated && OWN_PERIOD.test(rest) && eventWords.every((w) => EVENT_PERIOD.test(w) || !ours(w)))
      text = rest;
  }
  const aside = LEADING_ASIDE.exec(text);
  // (Its words may not date, group or filter anything: then it is no aside. A meeting's own rhythm, "weekly
  // sync", "monday standup", describes the meeting, not the rows.)
  const leadWords = (aside?.[1] ?? '')
    .split(/\s+/)
    .filter((w) => !MEETING_DAY.test(w))
    .flatMap((w) => words(w));
  const rhythm = (w: string, i: number) => i < leadWords.length - 1 && RHYTHMS.test(w);
  // "business" of "the quarterly business review": one word of a value of several ("small business") that the
  // aside does not name whole, and no member's title or name, names nothing.
  const asideText = leadWords.join(' ');
  const titled = new Set(catalog.flatMap((c) => c.members.flatMap((m) => [...m.titleWords, ...m.names])));
  const partOfValue = (w: string) =>
    !titled.has(stem(w)) &&
    [...values].some((v) => v.includes(' ') && v.split(' ').includes(w)) &&
    ![...values].some((v) => v.split(' ').includes(w) && asideText.includes(v));
  const names = (w: string, i: number) =>
    POINTERS.has(w) || (ours(w) && !STOPWORDS.has(w) && !rhythm(w, i) && !partOfValue(w));
  if (aside && !leadWords.some(names)) text = text.slice(aside[0].length);
  // "(I know costs aren't in here)": a disclaimer in parentheses, when what it says is lacking names nothing.
  text = text.replace(/\s*\(([^()]{3,80})\)/g, (all, inside: string) => {
    const lacking = disclaimed(inside);
    return lacking !== undefined && !asideWords(lacking).some((w, i) => names(w, i)) ? '' : all;
  });
  // ("per the Slack thread,", "as discussed on Monday's call,", "need this by EOD:", anywhere in the question.)
  text = withoutAsideClauses(text, (w, i, all) => {
    // "Monday's call", "Thursday's board meeting": the day of the meeting, not of the rows; so is "my last
    // message", "yesterday's email" (a period word before no unit, month or number).
    if (RHYTHMS.test(w) && i < all.length - 1) return false;
    const dated = (x: string) => UNITS.has(stem(x)) || MONTHS.includes(x) || /\d/.test(x) || x in GRAIN_WORDS;
    if (dated(w)) return true;
    const later = all.slice(i + 1);
    if ((LAST_WORDS.has(w) || ['yesterday', 'today'].includes(w)) && later.length > 0 && !later.some(dated))
      return false;
    return names(w, i);
  });
  // ("so i'm prepping for the quarterly review and my boss wants to know ...": the work in hand, then the need.)
  const prepping = PREPPING.exec(text);
  const prepWords = asideWords(prepping?.[1] ?? '');
  if (prepping && !prepWords.some((w, i) => !(RHYTHMS.test(w) && i < prepWords.length - 1) && names(w, i)))
    text = text.slice(prepping[0].length);
  for (const pattern of [NEEDED_BY, NEEDS_INLINE]) {
    const need = pattern.exec(text);
    // (A hyphenated word whole: "all-hands" names nothing through its "all"; "the VP of sales" is a person.)
    const needWords = asideWords((need?.[0] ?? '').replace(TITLE_OF, '$1')).filter((w) => !NEED_WORDS.has(w));
    // ("the quarterly business review deck needs": the review's rhythm, not a grain. "for tomorrow's all-hands",
    // "for the offsite next month": when the event is, never a period of the rows, which lie in the past.)
    // ("for the sales kickoff": a word naming the event, not a value of the rows, VALUE_MEETING above.)
    const eventTime = (w: string, i: number) =>
      EVENT_TIMES.has(w) ||
      (i > 0 && needWords[i - 1] === 'next' && UNITS.has(stem(w))) ||
      (EVENT_NOUNS.has(needWords[i + 1] ?? '') && !values.has(w));
    const needNames = (w: string, i: number) =>
      !(RHYTHMS.test(w) && i < needWords.length - 1) &&
      !eventTime(w, i) &&
      w.split('-').some((part) => part !== 'all' && names(part, i));
    if (need && !needWords.some(needNames)) text = text.slice(need[0].length);
  }
  text = text.replace(PARENTHETICAL, (all, before: string, inside: string) => {
    const term = words(inside);
    const glossed = words(before);
    // (Only a value the model lists: "(fewest orders)" after "slowest month" says how to rank, and stays.)
    if (!values.has(term.join(' '))) return all;
    // "returned (returned)": the asker's words already read as the term (phrases.ts).
    if (glossed.slice(-term.length).join(' ') === term.join(' ')) return before;
    // The asker's own words just before the parenthesis, back to the first word the model knows.
    const own: string[] = [];
    for (const w of [...glossed].reverse()) {
      if (ours(w) || STOPWORDS.has(w)) break;
      own.unshift(w);
    }
    if (own.length === 0) return all;
    const kept = glossed.slice(0, glossed.length - own.length);
    return [...kept, ...term].join(' ');
  });
  for (const [pattern, word] of ARRIVALS) text = text.replace(pattern, word);
  return withoutLabel(text, ours, values);
}

/** "what's our revenue concentration: share of ...", "Returns check: how many ...": a label, then the ask in full. */
const LABEL =
  /^\s*(?:(?:so|ok(?:ay)?|and)\s*,?\s+)?(?:(?:what|how)\s*(?:['’]s|\s+is|\s+are)\s+)?(?:(?:our|my|the)\s+)?([a-z][a-z'’ -]{1,60}?)\s*:\s+(?=\S)/i;
/** The last word of a label: what kind of note it is ("returns check", "revenue concentration", "quick one"). */
const LABEL_NOUN =
  /^(?:check|checks|question|q|one|concentration|health|snapshot|summary|overview|update|status|metric|kpi|stat|stats|pulse|recap|sanity|test|query|ask|request|item|topic|view)$/;
/** Words that join a label's parts into a group or a source ("whales vs the rest", "per our plan"). */
const LINKS = new Set([
  'vs',
  'versus',
  'against',
  'and',
  'or',
  'with',
  'without',
  'per',
  'of',
  'for',
  'by',
  'from',
  'to',
]);
/** Words of a label that shape the figure ("average: revenue by region" asks an average): never only a label. */
const SHAPING = new Set(
  `average avg mean median total sum share percent percentage count number growth change top bottom rate ratio min
   max minimum maximum per each by trend biggest largest smallest best worst highest lowest most least first last
   not no never only except excluding net gross cumulative running`.split(/\s+/),
);

/**
 * The question without a label before a colon ("revenue concentration: share of revenue from the top 10 customers",
 * "returns check: how many orders were returned ...") when the label dates, filters and shapes nothing: no number,
 * period or value of the model, no word that shapes a figure, every word of the model's it holds said again after
 * the colon, and none of its own words said again there (a word said again is one the label defines: definitions.ts).
 */
function withoutLabel(text: string, ours: (w: string) => boolean, values: Set<string>): string {
  const label = LABEL.exec(text);
  if (!label?.[1]) return text;
  const rest = text.slice(label[0].length);
  const own = asideWords(label[1]);
  // (Only a label's noun at its end, "... check", "... concentration": "the whales vs the rest:" names a group, "per
  // our plan:" a source.)
  const said = words(label[1]);
  if (!LABEL_NOUN.test(said.at(-1) ?? '') || said.some((w) => LINKS.has(w) || NEVER_ASIDE.has(w)))
    return text;
  // (Said again in the ask itself: a gloss in parentheses, "(orders with status returned)", is not the ask.)
  const restWords = words(rest.replace(/\([^()]*\)/g, ' ')).map(stem);
  // ("my returns:": a word of a model's value, "returned", in another form; it filters unless the ask says it.)
  const valueWords = [...values].flatMap((v) => v.split(' ')).map(stem);
  const valueLike = (w: string) =>
    valueWords.some((v) => v.length >= 4 && (v.startsWith(stem(w)) || stem(w).startsWith(v)));
  if (own.length === 0 || own.length > 4) return text;
  if (own.some((w) => /\d/.test(w) || SHAPING.has(w) || PERIOD_WORDS.has(w) || values.has(w))) return text;
  // (A model's word said again in any form, "returns" as "returned"; the label's own word said again as it is.)
  const saidAgain = (w: string) =>
    restWords.some((r) => r === stem(w) || r.startsWith(stem(w)) || stem(w).startsWith(r));
  const reused = (w: string) => restWords.includes(stem(w));
  if (own.some((w) => (ours(w) || valueLike(w) ? !saidAgain(w) : reused(w)))) return text;
  // (The ask after the colon stands alone: a question, or a figure asked for.)
  if (words(rest).length < 3) return text;
  return rest;
}
