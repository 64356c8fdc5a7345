/**
 * A period given as an instruction after the ask (issue 29, wording): "number of cancelled orders per region. use
 * 2023 please", "revenue by category - stick to last year", "how many unique customers bought something? let's say
 * Q3 2025", "... in a year? take 2024". The instruction's verb says how to read the ask, nothing of the data: the
 * period is the question's. Read only where the ask names no period of its own (two periods would be a change or a
 * correction, which this reading does not guess) and the instruction holds nothing but the period.
 */
import { PERIOD } from './corrections';

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*';
/** The periods an instruction may name. */
const NAMED = String.raw`(?:(?:the\s+)?(?:calendar\s+|full\s+|fiscal\s+)?year\s+)?(?:19|20)\d{2}|(?:q[1-4]|h[12])\s+(?:of\s+)?(?:19|20)\d{2}|${MONTH}\s+(?:19|20)\d{2}|(?:last|this|previous|prior)\s+(?:year|quarter|month)`;
/** "use 2025", "stick to last year", "let's say Q3 2025", "go with 2024", "take 2024", "(2024 numbers only)". */
const INSTRUCTION = new RegExp(
  String.raw`(\s*[?.!;:,(]\s*|\s+[-–—]+\s*|\s*[—–]\s*)(?:(?:and|but|oh|also|btw|ok(?:ay)?)\s*,?\s+)?(?:please\s+|pls\s+|just\s+)?(?:use|using|stick\s+(?:to|with)|go\s+with|going\s+with|let\s*['’]?\s*s\s+(?:say|use|go\s+with|do|stick\s+(?:to|with)|take|look\s+at|keep\s+it\s+to)|say|take|assume|pick|keep\s+it\s+to|limit\s+(?:it|that|this)\s+to|restrict\s+(?:it|that|this)\s+to|focus\s+on|look\s+at|base\s+it\s+on)\s+(${NAMED})(?:\s+(?:data|numbers|figures|only|please|pls|thanks|thx|ty))*\s*[.!?)]*\s*$`,
  'i',
);

/** The question with a period given as an instruction after the ask read as the ask's own period. */
export function readPeriodInstruction(question: string): string {
  const found = INSTRUCTION.exec(question);
  if (!found) return question;
  const ask = question.slice(0, found.index);
  // (The ask's own period: the instruction would be a second one.)
  if (new RegExp(PERIOD.source, 'i').test(ask) || /\b(?:19|20)\d{2}\b/.test(ask)) return question;
  const period = (found[2] ?? '').replace(/^(?:the\s+)?(?:calendar\s+|full\s+|fiscal\s+)?year\s+/i, '');
  return `${ask.trimEnd()} in ${period}${/\?/.test(found[0]) ? '?' : ''}`;
}
