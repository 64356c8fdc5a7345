/**
 * The asker's own name for a figure the model has (issue 29, unknown words): "we call revenue 'bookings' here.
 * total bookings in Q3 2025?", "avg basket value on toys orders (basket value = what we call the order amount)",
 * "we refer to orders as 'tickets'". The name stands for the model's words wherever the thread uses it, the
 * sentence or gloss that says so goes. Only a plain figure of the model is aliased (revenue, sales, orders, the
 * order amount, spend); a name for anything else is a definition (definitions.ts reads it or refuses).
 * A name given its figure in a clause of its own, before or after the ask, is one too: "What was the haul in
 * December 2024? By haul I mean total revenue.", "ticket size = average order amount", "the take is total revenue
 * from completed orders", "basket meaning average order value" (tuning set 27). Such a figure may name its orders
 * ("revenue from completed orders"), which the ordinary reader then reads or refuses; the name is put back in the
 * answer (namedBack).
 */

/** The figures a name may stand for, as the planner reads them. */
const FIGURE = String.raw`(?:the\s+)?(?:revenue|sales|orders|order\s+count|(?:the\s+)?order\s+amounts?|amounts?|spend|(?:avg|average)\s+order\s+(?:value|amount|size)|aov)`;
const NAME = String.raw`["'‘“]?([a-z][a-z\s-]{0,28}?[a-z])["'’”]?`;

/** "we call revenue 'bookings' here.", "we refer to orders as tickets;": the figure, then the name. */
const CALLED = new RegExp(
  String.raw`(?:^|(?<=[.?!;:]\s*))\s*(?:we|i|our\s+team)\s+(?:call|refer\s+to)\s+(${FIGURE})\s+(?:as\s+)?${NAME}(?:\s+(?:here|internally|in\s+house))?\s*[.;:!]\s*`,
  'i',
);
/** "(basket value = what we call the order amount)", "(bookings = revenue)": the name, then the figure. */
const GLOSSED = new RegExp(
  String.raw`\s*\(\s*${NAME}\s*(?:=|means|is)\s*(?:what\s+(?:we|you|i)\s+call\s+|just\s+)?(${FIGURE})\s*\)`,
  'i',
);

/** "'ticket size' is what we call avg order value - ...": the name, then the figure, before the question. */
const WHAT_WE_CALL = new RegExp(
  String.raw`(?:^|(?<=[.?!;:]\s*))\s*${NAME}\s+is\s+what\s+(?:we|i|our\s+team)\s+call\s+(${FIGURE})\s*(?:[.;:!]|\s[-–—]+\s)\s*`,
  'i',
);

/** A figure said as a sum, an average or a count of the order amounts, in the words the planner reads. */
const SAID_FIGURE = String.raw`(?:the\s+)?(?:(?:total|gross|overall)\s+)?(?:revenue|sales|turnover|order\s+count|number\s+of\s+orders|(?:sum|total)\s+of\s+(?:the\s+|all\s+)?(?:order\s+)?amounts?|(?:total\s+)?order\s+(?:value|amounts?)|(?:avg|average|mean)\s+(?:order\s+)?(?:value|amount|size)|aov)`;
/** The orders a figure may be of ("revenue from completed orders", "sales on toys orders"). */
const OF_ORDERS = String.raw`(?:\s+(?:from|of|on)\s+(?:the\s+)?[a-z]+\s+orders(?:\s+only)?)?`;
/** A word that asks rather than names ("what is revenue", "how is AOV ..."). */
const NOT_NAME = String.raw`(?!(?:what|whats|how|which|who|where|when|why|is|was|it|this|that|there|revenue|sales|aov|orders?)\b)`;
/** The name of a clause that gives it a figure, without an article ("the take", "our basket"). */
const CLAUSE_NAME = String.raw`(?:(?:the|our|my|a|an)\s+)?${NOT_NAME}["'‘“]?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)["'’”]?`;
/** Where a clause stands on its own: the turn's start or end, a sentence end, a spaced dash. */
const CLAUSE_START = String.raw`(?:^|(?<=[.?!;:]\s*)|\s[-–—]+\s|,\s+where\s+)\s*`;
const CLAUSE_END = String.raw`\s*(?:[.;!?]\s*|\s[-–—]+\s|$)`;

/**
 * "ticket size = average order amount", "the take is total revenue from completed orders", "by haul I mean total
 * revenue", "basket meaning average order value": a name given a figure in a clause of its own.
 */
const CLAUSE_SHAPES: RegExp[] = [
  new RegExp(
    String.raw`${CLAUSE_START}${CLAUSE_NAME}\s*(?:=|:=|\bmeans\b|\bis\b|\bmeaning\b|\bstands\s+for\b)\s*(?:just\s+)?(${SAID_FIGURE}${OF_ORDERS})${CLAUSE_END}`,
    'i',
  ),
  new RegExp(
    String.raw`${CLAUSE_START}by\s+${CLAUSE_NAME}\s+(?:i|we)\s+(?:just\s+)?mean\s+(${SAID_FIGURE}${OF_ORDERS})${CLAUSE_END}`,
    'i',
  ),
];

/** The planner's words for a figure said ("sum of order amounts": revenue; "mean order size": average order value). */
function plainFigure(said: string): string {
  const orders = /\s+((?:from|of|on)\s+(?:the\s+)?[a-z]+\s+orders(?:\s+only)?)$/i.exec(said);
  const figure = (orders ? said.slice(0, orders.index) : said).replace(/^the\s+/i, '').toLowerCase();
  const plain = /\b(?:avg|average|mean|aov)\b/.test(figure)
    ? 'average order value'
    : /\b(?:count|number)\b/.test(figure)
      ? 'number of orders'
      : /\b(?:sales|turnover)\b/.test(figure)
        ? 'sales'
        : 'revenue';
  return orders?.[1] ? `${plain} ${orders[1]}` : plain;
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The aliases said in the thread: each name with the figure it names. */
export function aliasesSaid(questions: readonly string[]): [string, string][] {
  const names: [string, string][] = [];
  readAliases(questions, names);
  return names;
}

/**
 * The plan's words for its measures said back in the asker's names ("We call revenue "GMV" internally. GMV by region":
 * "GMV by sales region", not "Revenue by sales region").
 */
export function namedBack<P extends { terms?: Record<string, string> }>(
  plan: P,
  names: [string, string][],
): P {
  if (names.length === 0 || !plan.terms) return plan;
  const terms = Object.fromEntries(
    Object.entries(plan.terms).map(([column, term]) => {
      // ("the take = revenue from completed orders": the figure is revenue, its orders a condition.)
      const named = names.find(
        ([, figure]) =>
          figure
            .replace(/^the\s+/i, '')
            .replace(/\s+(?:from|of|on)\s+(?:the\s+)?[a-z]+\s+orders(?:\s+only)?$/i, '')
            .toLowerCase() === term.toLowerCase(),
      );
      return [column, named ? named[0] : term];
    }),
  );
  return { ...plan, terms };
}

/** The thread with each alias said replaced by the figure it names; unchanged when none is said. */
export function readAliases(questions: readonly string[], names: [string, string][] = []): string[] {
  const out = questions.map((turn) => {
    let text = turn;
    const called = CALLED.exec(text);
    if (called?.[1] && called[2]) {
      names.push([called[2].trim(), called[1].trim()]);
      text = text.replace(called[0], ' ');
    }
    const what = WHAT_WE_CALL.exec(text);
    if (what?.[1] && what[2]) {
      names.push([what[1].trim(), what[2].trim()]);
      text = text.replace(what[0], ' ');
    }
    for (const shape of CLAUSE_SHAPES) {
      const clause = shape.exec(text);
      if (!clause?.[1] || !clause[2]) continue;
      // ("Throughput = revenue." said first in its sentence: "throughput"; "GMV" stays as written.)
      const said = clause[1].trim();
      const name = /[a-z]/.test(said.slice(1)) ? said.toLowerCase() : said;
      // (The name must be used elsewhere in the thread, or it is no name: "the best is revenue".)
      const rest = [...questions.filter((q) => q !== turn), text.replace(clause[0], ' ')].join(' ');
      if (!new RegExp(String.raw`\b${escaped(name)}\b`, 'i').test(rest)) continue;
      names.push([name, plainFigure(clause[2].trim())]);
      text = text.replace(clause[0], ' ');
    }
    const glossed = GLOSSED.exec(text);
    if (glossed?.[1] && glossed[2]) {
      names.push([glossed[1].trim(), glossed[2].trim()]);
      text = text.replace(glossed[0], '');
    }
    for (const [name, figure] of names) {
      const plain = figure.replace(/^the\s+/i, '');
      // ("average ticket size", "the typical basket" where the name is an average: said once.)
      const averaged = /^average\b/i.test(plain) ? String.raw`(?:\b(?:average|avg|typical|mean)\s+)?` : '';
      text = text
        .replace(new RegExp(String.raw`${averaged}\b${escaped(name)}\b`, 'gi'), plain)
        // ("how big was the typical basket": what the average was.)
        .replace(
          /\bhow\s+(?:big|large|high)\s+(?=(?:was|is|were|are)\b)/gi,
          (how, offset: number, all: string) => (all.slice(offset).includes(plain) ? 'what ' : how),
        );
    }
    return text.replace(/\s+/g, ' ').trim();
  });
  return names.length > 0 ? out : [...questions];
}
