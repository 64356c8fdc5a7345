import { parse } from 'yaml';
import { z } from 'zod';

const user = z.strictObject({
  groups: z.array(z.string()).optional(),
  userAttributes: z.record(z.string(), z.unknown()).optional(),
  securityContext: z.record(z.string(), z.unknown()).optional(),
});

const pattern = z
  .string()
  .min(1)
  .refine(
    (p) => {
      try {
        new RegExp(p, 'i');
        return true;
      } catch {
        return false;
      }
    },
    { message: 'not a regular expression' },
  );

const question = z
  .strictObject({
    /** A list is a thread: every question is asked in turn and the last answer is scored. */
    ask: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    /** Reference SQL on the deployment's data source (its tables, not the model's views). */
    sql: z.string().min(1).optional(),
    /** The expected answer is an honest refusal: no query's numbers. */
    refuse: z.literal(true).optional(),
    class: z.string().optional(),
    /** Row order of the reference matters (rankings, top N). */
    ordered: z.boolean().optional(),
    /**
     * `answer`: compare the values stated in the answer with the reference (a figure derived from a result).
     * `range`: the period asked about lies wholly or partly past the data; the reference returns what the
     * answer must state (the data's last day, and the figure of the part the data covers), with or without a
     * query and in words that may sound like a refusal (there is no data for that period).
     */
    check: z.enum(['result', 'answer', 'range']).optional(),
    /** Allowed absolute difference of numbers (stated percentages are rounded). */
    tolerance: z.number().nonnegative().optional(),
    /** A column the answer's query must keep as its own series (comparisons of named values). */
    series: z.string().optional(),
    /** Patterns (case-insensitive regular expressions) the answer's text must match: the user's words, formats. */
    says: z.array(pattern).optional(),
    /** Patterns the answer's text must not match (an empty-looking `(none)`, a sum of shown rows called a total). */
    never: z.array(pattern).optional(),
    now: z.union([z.string(), z.date()]).optional(),
    timeZone: z.string().optional(),
    user: user.optional(),
  })
  .refine((q) => (q.sql === undefined) !== (q.refuse === undefined), {
    message: 'each question needs either sql or refuse: true',
  });

const file = z.strictObject({
  /** The turn's clock (ISO) for every question unless one sets its own. */
  now: z.union([z.string(), z.date()]).optional(),
  timeZone: z.string().optional(),
  user: user.optional(),
  questions: z.array(question).min(1),
});

export type EvalUser = z.infer<typeof user>;
export interface EvalQuestion {
  ask: string[];
  sql?: string;
  refuse: boolean;
  class: string;
  ordered: boolean;
  check: 'result' | 'answer' | 'range';
  tolerance: number;
  series?: string;
  says: string[];
  never: string[];
  /** Epoch ms of the turn's clock, when the file fixes one. */
  now?: number;
  timeZone?: string;
  user: EvalUser;
}

const epoch = (value: string | Date | undefined) => {
  if (value === undefined) return undefined;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`not a date: ${String(value)}`);
  return ms;
};

/** Reads a question file (YAML or JSON; JSON is YAML): defaults of the file applied to every question. */
export function parseQuestionFile(text: string): EvalQuestion[] {
  const parsed = file.safeParse(parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`question file: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`);
  }
  const f = parsed.data;
  return f.questions.map((q) => {
    const now = epoch(q.now ?? f.now);
    const timeZone = q.timeZone ?? f.timeZone;
    return {
      ask: Array.isArray(q.ask) ? q.ask : [q.ask],
      ...(q.sql !== undefined ? { sql: q.sql } : {}),
      refuse: q.refuse === true,
      class: q.class ?? 'unclassified',
      ordered: q.ordered ?? false,
      check: q.check ?? 'result',
      tolerance: q.tolerance ?? 0.005,
      ...(q.series !== undefined ? { series: q.series } : {}),
      says: q.says ?? [],
      never: q.never ?? [],
      ...(now !== undefined ? { now } : {}),
      ...(timeZone !== undefined ? { timeZone } : {}),
      user: q.user ?? f.user ?? { groups: [] },
    };
  });
}

/** A RegExp of a TypeScript question set as the eval's case-insensitive pattern (`s` read as any character). */
const patternOf = (r: unknown): string[] => {
  if (!(r instanceof RegExp)) return [];
  return [r.flags.includes('s') ? r.source.replace(/(?<!\\)\.(?![^[]*\])/g, '[\\s\\S]') : r.source];
};

/**
 * The questions of a TypeScript question set (test/agent/questions/tuning*.ts): every exported array of cases
 * (`ask`, `sql` or `refuse`, and the optional `class`, `ordered`, `check`, `tolerance`, `now`, `says`, `never`,
 * `user`), under the module's exported clock (`*_NOW`) unless a case sets its own.
 */
export function parseQuestionModule(module: Record<string, unknown>): EvalQuestion[] {
  const clock = Object.entries(module).find(([name, v]) => /_NOW$/.test(name) && typeof v === 'string')?.[1];
  const cases = Object.values(module).filter(Array.isArray).flat();
  const questions = cases.map((raw, i): EvalQuestion => {
    const c = raw as Record<string, unknown>;
    const ask = typeof c.ask === 'string' ? [c.ask] : Array.isArray(c.ask) ? c.ask.map(String) : [];
    const sql = typeof c.sql === 'string' ? c.sql : undefined;
    if (ask.length === 0 || (sql === undefined) === (c.refuse !== true))
      throw new Error(`question module: case ${i} needs ask and either sql or refuse: true`);
    const now = epoch(typeof c.now === 'string' ? c.now : typeof clock === 'string' ? clock : undefined);
    const check = c.check === 'answer' || c.check === 'range' ? c.check : 'result';
    const parsedUser = user.safeParse(c.user);
    return {
      ask,
      ...(sql !== undefined ? { sql } : {}),
      refuse: c.refuse === true,
      class: typeof c.class === 'string' ? c.class : 'unclassified',
      ordered: c.ordered === true,
      check,
      tolerance: typeof c.tolerance === 'number' ? c.tolerance : 0.005,
      ...(typeof c.series === 'string' ? { series: c.series } : {}),
      says: patternOf(c.says),
      never: patternOf(c.never),
      ...(now !== undefined ? { now } : {}),
      ...(typeof c.timeZone === 'string' ? { timeZone: c.timeZone } : {}),
      user: parsedUser.success && c.user ? parsedUser.data : { groups: ['managers'] },
    };
  });
  if (questions.length === 0) throw new Error('question module: no exported array of questions');
  return questions;
}
