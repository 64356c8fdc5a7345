/**
 * The hour of the day as a filter (issue 29, tuning-31-left): "orders placed between 9am and 5pm", "revenue from
 * orders placed after 6pm", "what share of orders come in before noon", "between midnight and 6am". The hours of
 * the stored time (UTC unless the model's time says otherwise), whole hours only: a number condition on the derived
 * hour of day (weekdays.ts), 0 to 23; "between 9am and 5pm" is hours 9 to 16 (up to 5pm, not including it). A span
 * that wraps past midnight ("between 10pm and 2am"), minutes ("after 6:30pm") or a part of the day named without
 * hours ("in the evening") is refused, never guessed. A span that ends on a last minute ("00:00-05:59", "9:00am to
 * 4:59pm") keeps its last hour whole (hours 0 to 5, 9 to 16).
 */
import type { CatalogMember } from './catalog';
import type { NumberFilter, Plan } from './plan';

const CLOCK = String.raw`(?:(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)|(\d{1,2}):(\d{2})(?!\s*(?:am|pm))|(noon|midday|midnight))`;
/** "between 9am and 5pm", "from 9 am to 5 pm", "9am-5pm". */
const SPAN = new RegExp(
  String.raw`\b(?:between\s+|from\s+)?${CLOCK}\s*(?:and|to|until|till|-|–)\s*${CLOCK}`,
  'i',
);
/** "between 1 and 2pm": the first hour said bare. */
const BARE_SPAN =
  /\b(?:between|from)\s+(\d{1,2})\s*(?:and|to|until|till|-|–)\s*(\d{1,2})\s*(am|pm|a\.m\.|p\.m\.)/i;
/** "after 6pm", "before noon". */
const ONE_SIDE = new RegExp(String.raw`\b(after|past|later\s+than|before|earlier\s+than)\s+${CLOCK}`, 'i');
/** A part of the day glossed by the hours beside it ("overnight, between midnight and 6am"). */
const DAYPART = String.raw`(?:\bovernight\b|\bat\s+night\b|\bduring\s+the\s+night\b|\bin\s+the\s+(?:morning|afternoon|evening|night)\b|\b(?:in|during|outside(?:\s+of)?|after|before)\s+(?:business|working|office)\s+hours\b|\bat\s+lunch(?:time)?\b|\blate\s+at\s+night\b)`;

export interface Hours {
  text: string;
  /** Hours from `from` (inclusive) to `to` (exclusive), 0 to 24. */
  from: number;
  to: number;
  said: string;
}

/** The hour (0 to 24) a time of day names, or undefined when it is not a whole hour. */
function hourOf(g: (string | undefined)[]): number | undefined {
  const [h12, m12, half, h24, m24, word] = g;
  if (word) return /midnight/i.test(word) ? 0 : 12;
  if (h12 !== undefined) {
    const h = Number(h12);
    if (h < 1 || h > 12 || (m12 !== undefined && Number(m12) !== 0)) return undefined;
    const pm = /^p/i.test(half ?? '');
    return (h % 12) + (pm ? 12 : 0);
  }
  if (h24 !== undefined) {
    const h = Number(h24);
    if (h > 24 || Number(m24) !== 0) return undefined;
    return h;
  }
  return undefined;
}

/**
 * The hour (1 to 24) a span's last minute ends, "05:59" and "4:59pm" as the next hour (the span keeps hour 5, hour
 * 16, whole); otherwise as `hourOf`.
 */
function endHourOf(g: (string | undefined)[]): number | undefined {
  const [h12, m12, half, h24, m24] = g;
  if (h24 !== undefined && m24 === '59' && Number(h24) <= 23) return Number(h24) + 1;
  if (h12 !== undefined && m12 === '59' && Number(h12) >= 1 && Number(h12) <= 12)
    return (Number(h12) % 12) + (/^p/i.test(half ?? '') ? 12 : 0) + 1;
  return hourOf(g);
}

/** The question without its hours of the day, and the hours; a refusal when they are not whole hours in one day. */
export function readHours(asked: string): Hours | { refuse: string } | undefined {
  // ("after 9pm UTC", "from 20:00 to midnight (UTC)": the stored times are UTC, the zone said of them is read away.)
  const question = asked.replace(
    /(\d\s*(?:am|pm|a\.m\.|p\.m\.)?|\d:\d\d|noon|midday|midnight)\s*(?:\(\s*)?\b(?:utc|gmt)\b(?:\s*\))?/gi,
    '$1',
  );
  const span = SPAN.exec(question);
  let from: number | undefined;
  let to: number | undefined;
  let match: RegExpExecArray | null = span;
  if (span) {
    from = hourOf(span.slice(1, 7));
    // ("from 00:00 to 03:59": through the last minute of hour 3, hours 0 to 3.)
    to = endHourOf(span.slice(7, 13));
    // ("between midnight and 6am": from the day's start; "until midnight": to its end.)
    if (to === 0 && from !== undefined && from > 0) to = 24;
  } else {
    const bare = BARE_SPAN.exec(question);
    if (bare) {
      // ("between 1 and 2pm": the first hour takes the second one's half of the day.)
      const [, h1, h2, half] = bare;
      const pm = /^p/i.test(half ?? '');
      const a = Number(h1);
      const b = Number(h2);
      if (a < 1 || a > 12 || b < 1 || b > 12 || a % 12 >= b % 12)
        return {
          refuse: `"${bare[0].trim()}" does not say which half of the day its first hour is in: say it ("1pm")`,
        };
      const start = (a % 12) + (pm ? 12 : 0);
      const end = (b % 12) + (pm ? 12 : 0);
      return cut(question, bare, start, end);
    }
    const side = ONE_SIDE.exec(question);
    match = side;
    if (!side) {
      // ("orders placed in the evening": a part of the day with no hours of its own here, never guessed.)
      const part = new RegExp(DAYPART, 'i').exec(question);
      return part
        ? {
            refuse: `"${part[0]}" has no fixed hours in this data: ask with the hours of the day ("between 6pm and midnight")`,
          }
        : undefined;
    }
    const at = hourOf(side.slice(2, 8));
    if (at === undefined)
      return { refuse: `"${side[0].trim()}" is not a whole hour: I can filter on the hour of the day only` };
    if (/^(?:after|past|later)/i.test(side[1] ?? '')) {
      from = at;
      to = 24;
    } else {
      from = 0;
      to = at;
    }
  }
  if (!match) return undefined;
  if (from === undefined || to === undefined)
    return { refuse: `"${match[0].trim()}" is not whole hours: I can filter on the hour of the day only` };
  if (to <= from)
    return {
      refuse: `"${match[0].trim()}" runs past midnight or is empty: ask for the hours on each side of midnight apart`,
    };
  return cut(question, match, from, to);
}

/** The question without the hours `match` said (and a part of the day they gloss), and the hours. */
function cut(question: string, match: RegExpExecArray, from: number, to: number): Hours {
  let start = match.index;
  let end = match.index + match[0].length;
  const before = new RegExp(String.raw`${DAYPART}[\s,(–-]*$`, 'i').exec(question.slice(0, start));
  if (before) start = before.index;
  const after = new RegExp(String.raw`^[\s,)–-]*${DAYPART}`, 'i').exec(question.slice(end));
  if (after) end += after[0].length;
  const text = `${question.slice(0, start)} ${question.slice(end)}`
    .replace(/\s+([,?.!])/g, '$1')
    .replace(/,\s*,/g, ',')
    .replace(/\s{2,}/g, ' ')
    .trim();
  const said = question
    .slice(start, end)
    .trim()
    .replace(/^[,\s]+|[,\s]+$/g, '');
  return { text, from, to, said };
}

/** "what share of our orders come in before noon": the share word that makes the hours the share's part. */
const SHARE_LEAD =
  /^\s*(?:what|which)\s+(?:share|percent(?:age)?|fraction|proportion|portion|%)\s+of\s+(?:all\s+)?(.+?)\s+(?:come|comes|came|were|was|are|is|get|got|gets|arrive[sd]?|land(?:s|ed)?)(?:\s+in)?(\s.*|[,?.!].*)?$/i;
/** "percentage of 2025 revenue from orders placed ...": the share said as a title, its part "from orders". */
const SHARE_TITLE =
  /^\s*(?:the\s+)?(?:share|percent(?:age)?|fraction|proportion|portion|%)\s+of\s+(?:all\s+)?(.+?)(\s+from\s+(?:the\s+)?orders\b.*)$/i;

/** The question of the share's whole when the hours are its part ("our orders"), or undefined. */
export function hoursShareWhole(hours: Hours): string | undefined {
  const lead = SHARE_LEAD.exec(hours.text) ?? SHARE_TITLE.exec(hours.text);
  return lead ? `${lead[1]}${lead[2] ?? ''}` : undefined;
}

/** The plan of the share's whole with the hours as its part. */
export function hoursShare(plan: Plan, hours: Hours): Plan | string {
  const timed = withHours(plan, hours);
  if (typeof timed === 'string') return timed;
  if (plan.share || plan.dimensions.length > 0 || plan.grain || plan.compare || plan.top || plan.change)
    return `the share of an hour of the day ("${hours.said}") is read of one total only`;
  const measure = plan.measures[0];
  if (plan.measures.length !== 1 || !['sum', 'count'].includes(measure?.aggType ?? ''))
    return 'a share is read of a total or a count only';
  const numbers = timed.numberFilters.slice(plan.numberFilters.length);
  return { ...plan, share: { rows: { numbers } } };
}

/** The plan with the hours as conditions on the derived hour of day, or why not. */
export function withHours(plan: Plan, hours: Hours): Plan | string {
  const member: CatalogMember | undefined = plan.cube.members.find(
    (m) => m.column === 'hourofday' && m.derived,
  );
  if (!member) return 'the data has no time of day for these rows';
  if (plan.perEntity || plan.having || plan.percentile || plan.first || plan.perGroup || plan.reach)
    return `an hour of the day ("${hours.said}") works as a filter of plain totals, counts, averages and shares only, not for this kind of question`;
  const numberMember = { ...member, type: 'number' as const, format: undefined };
  // (Said as asked, "placed between 9am and 5pm (the order time's hour, UTC)": no hour number the asker did not say.)
  const time = plan.cube.members.find((m) => m.column === member.derived?.of)?.title.toLowerCase() ?? 'time';
  const said = `placed ${hours.said.replace(/^(?:overnight|at night|in the \w+)[\s,(–-]*/i, '')} (the hour of the ${time}, UTC)`;
  const filters: NumberFilter[] = [
    ...(hours.from > 0 ? [{ member: numberMember, op: '>=' as const, value: hours.from, said }] : []),
    ...(hours.to < 24 ? [{ member: numberMember, op: '<' as const, value: hours.to, said }] : []),
  ];
  return { ...plan, numberFilters: [...plan.numberFilters, ...filters] };
}
