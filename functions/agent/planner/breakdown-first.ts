/**
 * A breakdown stated first, then the question about it (issue 29, tuning-32-miss): "revenue by month in 2024 - which
 * month fell the most over the month before?", "orders per quarter in 2025 — which quarter grew the most against the
 * previous quarter?", "monthly revenue for 2025: which month had the biggest drop from the prior month?". Read as it
 * stands, the breakdown's measure and period were words beside a second question and the whole was refused; said as
 * one question ("which month of 2024 fell the most in revenue over the month before?") it is the change per period
 * ranked, which the planner reads. Only a ranking of each period against the one before, of the same unit as the
 * breakdown, is said again; any other question after the breakdown is left as it stands.
 */

import { GRAIN_WORDS } from './vocabulary';

const UNIT = '(day|week|month|quarter|year)';
/** "revenue by month in 2024", "orders per quarter for 2025", "show me revenue by month for 2025". */
const BY_UNIT = new RegExp(
  String.raw`^\s*(?:(?:show|give|get)\s+(?:me\s+)?|list\s+)?(?:the\s+)?([a-z][a-z ]*?)\s+(?:by|per|for\s+each|each)\s+${UNIT}\s+(?:in|for|of|during|across)\s+((?:q[1-4]\s+|h[12]\s+)?20\d\d)\s*(?:[-–—:;,]+|\.)\s*`,
  'i',
);
/** "monthly revenue for 2025", "quarterly orders in 2024". */
const UNIT_WORD =
  /^\s*(?:(?:show|give|get)\s+(?:me\s+)?|list\s+)?(?:the\s+)?(daily|weekly|monthly|quarterly|yearly|annual)\s+([a-z][a-z ]*?)\s+(?:in|for|of|during|across)\s+((?:q[1-4]\s+|h[12]\s+)?20\d\d)\s*(?:[-–—:;,]+|\.)\s*/i;
/** The question after it: "which month fell the most over the month before?", its comparison with the one before. */
const WHICH = new RegExp(String.raw`^(?:so\s+|and\s+)?(which|what)\s+${UNIT}\b\s+(.*)$`, 'i');
const AGAINST_BEFORE = new RegExp(
  String.raw`\s+(?:over|against|from|vs\.?|versus|compared\s+(?:to|with)|relative\s+to|on)\s+(?:the\s+)?(?:(?:previous|prior|preceding|last)\s+(?:one|${UNIT})|${UNIT}\s+(?:before|prior)|one\s+before)\b`,
  'i',
);
/** Words that make the breakdown's words no measure ("customers who ..."). */
const NOT_MEASURE = /\b(?:which|who|that|where|whose|than|top|each|every)\b/i;

/** The question said as one ("which month of 2024 fell the most in revenue over the month before?"), or as it was. */
export function readBreakdownFirst(question: string): string {
  const by = BY_UNIT.exec(question);
  const word = by ? undefined : UNIT_WORD.exec(question);
  const head = by ?? word;
  if (!head) return question;
  const [measure, unit, period] = by
    ? [by[1], by[2], by[3]]
    : [word?.[2], GRAIN_WORDS[word?.[1]?.toLowerCase() ?? ''], word?.[3]];
  if (!measure || !unit || !period || NOT_MEASURE.test(measure) || measure.split(/\s+/).length > 4)
    return question;
  const rest = question.slice(head[0].length);
  const which = WHICH.exec(rest);
  if (!which?.[2] || !which[3] || which[2].toLowerCase() !== unit.toLowerCase()) return question;
  const against = AGAINST_BEFORE.exec(which[3]);
  if (!against) return question;
  // (The comparison's own unit is the breakdown's: "which month ... over the previous quarter" is not this shape.)
  const againstUnit = against[1] ?? against[2];
  if (againstUnit && againstUnit.toLowerCase() !== unit.toLowerCase()) return question;
  const said = which[3];
  return `${which[1]} ${unit} of ${period} ${said.slice(0, against.index)} in ${measure.trim()}${said.slice(against.index)}`;
}
