import { describe, expect, it } from '@jest/globals';
import type { EvalQuestion } from '../../functions/agent/eval/questions';
import type { ChatOutcome } from '../../functions/agent/eval/run';
import {
  compareAnswer,
  compareResults,
  compareWording,
  REFUSAL,
  type ResultSet,
} from '../../functions/agent/eval/score';
import { TUNING_2_NOW, tuning2 } from './questions/tuning-2';
import { tuning3 } from './questions/tuning-3';
import { tuning4 } from './questions/tuning-4';
import { type Tuning5Case, tuning5second } from './questions/tuning-5-second';
import { tuning5words } from './questions/tuning-5-words';
import { tuning6ranks } from './questions/tuning-6-ranks-words';
import { tuning7words } from './questions/tuning-7-words';
import { converse, lastResult } from './support/question-set';
import { MANAGER, rawDatabaseForFile } from './support/sample';

/**
 * The second tuning set (issue 29: per-entity conditions, period-over-period change, cohorts, top per group,
 * combined shares, percentiles, periods past the data, wording, unknown words), scored as `npm run eval`
 * scores a held-out file: the last query's result against the reference SQL on the raw sample tables, or an
 * honest refusal; plus what the answer must or must never say.
 */
const raw = rawDatabaseForFile();

/** The last answer and the last SQL result of the thread, as the eval reads them from the chat stream. */
async function outcome(c: Tuning5Case): Promise<ChatOutcome> {
  const asked = Array.isArray(c.ask) ? c.ask : [c.ask];
  const { answer, messages, failed } = await converse(asked, c.user ?? MANAGER, {
    now: Date.parse(c.now ?? TUNING_2_NOW),
  });
  const result = lastResult(messages);
  return { answer, ...(result ? { result } : {}), ...(failed ? { failed } : {}) };
}

/**
 * The result-set judge the tuning set was written against (the eval's own judge, functions/agent/eval/run.ts,
 * also scores the answer text; the tuning set checks wording with its own `says` / `never`).
 */
async function judgeOutcome(
  question: EvalQuestion,
  outcome: ChatOutcome,
  reference: (sql: string) => Promise<ResultSet>,
): Promise<string | undefined> {
  if (outcome.failed) return outcome.failed;
  const refused = REFUSAL.test(outcome.answer);
  if (question.refuse) {
    if (!refused) return outcome.result ? 'answered with a query instead of refusing' : 'no honest refusal';
    return undefined;
  }
  if (question.check === 'range') {
    return compareAnswer(await reference(question.sql ?? ''), outcome.answer, question.tolerance);
  }
  if (!outcome.result) return refused ? 'refused an answerable question' : 'no query';
  const expected = await reference(question.sql ?? '');
  if (question.check === 'answer') return compareAnswer(expected, outcome.answer, question.tolerance);
  const why = compareResults(expected, outcome.result, {
    ordered: question.ordered,
    tolerance: question.tolerance,
  });
  return why ?? compareWording(outcome.answer, question.says, question.never);
}

async function judge(c: Tuning5Case): Promise<string | undefined> {
  const got = await outcome(c);
  const why = await judgeOutcome(
    {
      ask: Array.isArray(c.ask) ? c.ask : [c.ask],
      ...(c.sql ? { sql: c.sql } : {}),
      refuse: c.refuse === true,
      class: c.class,
      ordered: c.ordered ?? false,
      check: c.check ?? 'result',
      tolerance: c.tolerance ?? 0.005,
      says: [],
      never: [],
      user: c.user ?? MANAGER,
    },
    got,
    async (sql) => {
      const data = await raw.query(sql);
      return { schema: (data[0] ?? []).map((_, i) => ({ name: `c${i}` })), data, totalRows: data.length };
    },
  );
  const context = `\n  sql: ${got.result?.sqlQuery ?? '(none)'}\n  answer: ${got.answer}`;
  if (why) return `${why}${context}`;
  if (c.says && !c.says.test(got.answer)) return `the answer does not say ${c.says}${context}`;
  if (c.never?.test(got.answer)) return `the answer says ${c.never}${context}`;
  return undefined;
}

describe('offline planner: second-order questions (tuning set 2)', () => {
  it.each(
    [...tuning2, ...tuning3, ...tuning4, ...tuning5words].map(
      (c) => [`[${c.class}] ${Array.isArray(c.ask) ? c.ask.join(' → ') : c.ask}`, c] as const,
    ),
  )('%s', async (_name, c) => {
    expect(await judge(c)).toBeUndefined();
  });
});

describe('offline planner: second-order questions (tuning set 5, written before its planner change)', () => {
  it.each(
    tuning5second.map(
      (c) => [`[${c.class}] ${Array.isArray(c.ask) ? c.ask.join(' → ') : c.ask}`, c] as const,
    ),
  )('%s', async (_name, c) => {
    expect(await judge(c)).toBeUndefined();
  });
});

/**
 * Set 6's questions the planner still refuses (`npm run eval` scores them as wrong refusals): each must stay an
 * honest refusal, never the confident wrong answer it gave before (revenue of the returned orders only).
 */
const STILL_REFUSED = new Set(['revenue and returns by region in 2024']);

describe('offline planner: ranks, periods and words (tuning set 6, written before its planner change)', () => {
  it.each(
    tuning6ranks.map((c) => [`[${c.class}] ${Array.isArray(c.ask) ? c.ask.join(' → ') : c.ask}`, c] as const),
  )('%s', async (name, c) => {
    if (!STILL_REFUSED.has(name.replace(/^\[[^\]]+\] /, ''))) {
      expect(await judge(c)).toBeUndefined();
      return;
    }
    const got = await outcome(c);
    expect(got.result).toBeUndefined();
    expect(got.answer).toMatch(REFUSAL);
    expect(got.answer).toMatch(/"returns" \(read as returned\)/);
  });
});

/**
 * Set 7's questions the planner refuses in one sentence rather than answer (a value on one figure of a list:
 * returns beside revenue takes two queries here): each must stay that honest refusal, never revenue of the
 * returned orders only.
 */
const STILL_REFUSED_7 = new Set([
  'revenue and returns by category in 2023',
  'sales and number of returns in 2024',
  'orders and cancellations in 2024',
]);

describe("offline planner: the asker's words, several measures, superlatives (tuning set 7, written before its planner change)", () => {
  it.each(
    tuning7words.map((c) => [`[${c.class}] ${Array.isArray(c.ask) ? c.ask.join(' → ') : c.ask}`, c] as const),
  )('%s', async (name, c) => {
    if (!STILL_REFUSED_7.has(name.replace(/^\[[^\]]+\] /, ''))) {
      expect(await judge(c)).toBeUndefined();
      return;
    }
    const got = await outcome(c);
    expect(got.result).toBeUndefined();
    expect(got.answer).toMatch(REFUSAL);
  });
});
