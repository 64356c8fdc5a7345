/**
 * The asker's own name for a figure the model has (issue 29, unknown words): "we call revenue 'bookings' here.
 * total bookings in Q3 2025?", "avg basket value on toys orders (basket value = what we call the order amount)",
 * "we refer to orders as 'tickets'". The name stands for the model's words wherever the thread uses it, the
 * sentence or gloss that says so goes. Only a plain figure of the model is aliased (revenue, sales, orders, the
 * order amount, spend); a name for anything else is a definition (definitions.ts reads it or refuses).
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
      const named = names.find(
        ([, figure]) => figure.replace(/^the\s+/i, '').toLowerCase() === term.toLowerCase(),
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
    const glossed = GLOSSED.exec(text);
    if (glossed?.[1] && glossed[2]) {
      names.push([glossed[1].trim(), glossed[2].trim()]);
      text = text.replace(glossed[0], '');
    }
    for (const [name, figure] of names)
      text = text.replace(new RegExp(String.raw`\b${escaped(name)}\b`, 'gi'), figure.replace(/^the\s+/i, ''));
    return text.replace(/\s+/g, ' ').trim();
  });
  return names.length > 0 ? out : [...questions];
}
