/**
 * A figure of the customers who signed up on a day of the week, over their orders of a period (tuning set 34, rows):
 * "what revenue did customers who signed up on a weekend bring in during 2024?", "how many orders in 2025 came from
 * customers whose signup date fell on a Saturday or Sunday, by segment?", "for 2023, the average order value of
 * customers who joined on a weekend". The day of the week is of the signup date and the period of the orders: the
 * question is read without the signup words (the orders' figure, period and breakdown), and a condition on the day
 * of the week of the signup date is added to it (reading.ts marks the plan). One query had one date, so both were
 * read on the signup date (refused, misreadings.ts), or the weekend of the orders was given (confidently wrong). A
 * plan of anything but a plain figure (a ranking, a share, a change) is refused.
 */
import type { CatalogCube } from './catalog';
import { entityRows } from './per-entity';
import { type Plan, plainParts } from './plan';
import { ident } from './sql';
import { derived } from './weekdays';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const DAY = `(?:weekends?|weekdays?|${DAYS.join('|')})`;
const DAY_LIST = `((?:a\\s+|the\\s+)?${DAY}(?:\\s*(?:,|or|and|/)\\s*(?:a\\s+|the\\s+)?${DAY})*)(?:\\s*\\((?:sat|sun|mon)[^)]*\\))?`;
const PEOPLE = '(customers|clients|accounts|buyers)';
const SIGNED =
  '(?:signed[-\\s]?up|joined|registered|onboarded|created\\s+(?:their|an|his\\s+or\\s+her)\\s+accounts?)';
/** "customers who signed up on a weekend", "customers whose signup date fell on a Saturday or Sunday". */
const SAID = [
  new RegExp(`\\b${PEOPLE}\\s+(?:who|that)\\s+${SIGNED}\\s+on\\s+${DAY_LIST}`, 'i'),
  new RegExp(
    `\\b${PEOPLE}\\s+whose\\s+(?:signup|sign-up|sign\\s+up|join(?:ing)?|registration)\\s+(?:date|day)\\s+(?:fell|falls|was|is|were)\\s+on\\s+${DAY_LIST}`,
    'i',
  ),
  new RegExp(`\\b(?:weekend|weekday)[-\\s]sign[-\\s]?up\\s+${PEOPLE}`, 'i'),
];

/** A period said right after the signup days ("in 2022", "during H1 2022"): the signup's. */
const SIGNUP_PERIOD =
  /^\s*((?:in|during)\s+(?:(?:q[1-4]|h[12]|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\s+)?(?:19|20)\d\d)\b/i;

export interface SignupDays {
  text: string;
  /** ISO days of the week (Monday 1 to Sunday 7) of the signup date kept. */
  days: number[];
}

/** The question without its signup days, and those days; undefined when it says none. */
export function readSignupWeekday(question: string): SignupDays | undefined {
  for (const [k, pattern] of SAID.entries()) {
    const found = pattern.exec(question);
    if (!found) continue;
    const said = k === 2 ? (/weekend/i.test(found[0]) ? 'weekend' : 'weekday') : (found[2] ?? '');
    const days = new Set<number>();
    for (const w of said.toLowerCase().match(/[a-z]+/g) ?? []) {
      if (/^weekends?$/.test(w)) for (const d of [6, 7]) days.add(d);
      else if (/^weekdays?$/.test(w)) for (const d of [1, 2, 3, 4, 5]) days.add(d);
      else if (DAYS.includes(w)) days.add(DAYS.indexOf(w) + 1);
    }
    if (days.size === 0) return undefined;
    // ("orders ... from customers who joined on a weekend": the orders; "what did customers who joined on a weekend
    // spend": the customers stay the subject. Left as "came from customers", the customers were counted.)
    const before = question.slice(0, found.index);
    const after = question.slice(found.index + found[0].length);
    const from = /\s*\b(?:from|of|by|among|for)\s+(?:the\s+|our\s+|my\s+)?$/i.exec(before);
    // ("customers who signed up on a Saturday or Sunday in 2022, by the year of the order": the period said right
    // after the days is of the signup, kept as "who signed up in 2022"; read as the orders' period it was no order.)
    const signup = SIGNUP_PERIOD.exec(after);
    const text = signup
      ? `${before}${found[1] ?? 'customers'} who signed up ${signup[1]}${after.slice(signup[0].length)}`
      : from
        ? `${before.slice(0, from.index)}${after}`
        : `${before}${found[1] ?? 'customers'}${after}`;
    return { text, days: [...days].sort() };
  }
  return undefined;
}

/** The plan with the signup date's day of the week kept to `days`, or undefined when it is no plain figure. */
export function signupWeekdayOf(plan: Plan, days: number[], cube: CatalogCube = plan.cube): Plan | undefined {
  const start = entityRows(cube)?.start;
  const plain =
    plan.measures.length >= 1 &&
    plainParts(plan) &&
    !plan.anyOf &&
    // (The period read must be the orders', never the signup date's.)
    (!plan.timeDimension || plan.timeDimension !== start) &&
    plan.dimensions.every((d) => !d.derived) &&
    plan.filters.every((f) => !f.member.derived);
  if (!start || !plain) return undefined;
  const names = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const cases = names.map((d, i) => `WHEN ${i + 1} THEN '${d}'`).join(' ');
  const member = derived(start, `CASE EXTRACT(ISODOW FROM ${ident(start.column)}) ${cases} END`, {
    column: 'signup_day_of_week',
    title: `${start.title} day of week`,
    values: names,
  });
  return {
    ...plan,
    filters: [...plan.filters, { member, values: days.map((d) => names[d - 1] ?? ''), negate: false }],
  };
}
