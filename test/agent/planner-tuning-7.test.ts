import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type EvalQuestion, parseQuestionModule } from '../../functions/agent/eval/questions';
import { type ChatOutcome, judgeRun, type Verdict } from '../../functions/agent/eval/run';
import { closeDrivers } from '../../functions/semantic';
import * as tuning7 from './questions/tuning-7-entities';
import { converse, lastResult } from './support/question-set';
import { MANAGER, rawDatabase } from './support/sample';

/**
 * The seventh tuning set (issue 29: entity lists, cohorts by a first date, combined shares, ranked follow-ups), judged by the eval's own
 * verdicts (functions/agent/eval/run.ts) on the test sample: no question may be answered confidently wrong
 * (a refusal is honest when the planner does not fully understand it), and the share answered right may not
 * fall below what the planner change reached.
 */
const questions: EvalQuestion[] = parseQuestionModule(tuning7 as unknown as Record<string, unknown>);
/** Right (or honestly refused) on the test sample when this floor was set (22 of 41 before the planner change). */
const RIGHT_AT_LEAST = 35;

let raw: Awaited<ReturnType<typeof rawDatabase>>;
const verdicts = new Map<string, Verdict>();

beforeAll(async () => {
  raw = await rawDatabase();
});

afterAll(async () => {
  raw.close();
  await closeDrivers();
});

/** The last answer and the last SQL result of the thread, as the eval reads them from the chat stream. */
async function outcome(q: EvalQuestion): Promise<ChatOutcome> {
  // The set's own typed user (the parsed question keeps it untyped).
  const user = tuning7.tuning7entities[questions.indexOf(q)]?.user ?? MANAGER;
  const { answer, messages, failed } = await converse(q.ask, user, q.now ? { now: q.now } : {});
  const result = lastResult(messages);
  return { answer, ...(result ? { result } : {}), ...(failed ? { failed } : {}) };
}

describe('offline planner: tuning set 7 (entity lists, cohorts by a first date, combined shares, ranked follow-ups)', () => {
  it.each(questions.map((q) => [`[${q.class}] ${q.ask.join(' → ')}`, q] as const))(
    '%s: right or an honest refusal, never confidently wrong',
    async (name, q) => {
      const got = await outcome(q);
      const judged = await judgeRun(q, got, async (sql) => {
        const data = await raw.query(sql);
        return { schema: (data[0] ?? []).map((_, i) => ({ name: `c${i}` })), data, totalRows: data.length };
      });
      verdicts.set(name, judged.verdict);
      expect({ verdict: judged.verdict, why: judged.why ?? '', answer: got.answer }).toEqual(
        expect.objectContaining({ verdict: expect.stringMatching(/^(right|honest refusal|wrong refusal)$/) }),
      );
    },
  );

  it(`answers at least ${RIGHT_AT_LEAST} of the ${questions.length} right`, () => {
    const right = [...verdicts.values()].filter((v) => v === 'right' || v === 'honest refusal').length;
    process.stderr.write(`tuning set 7: ${right} of ${questions.length} right\n`);
    expect(verdicts.size).toBe(questions.length);
    expect(right).toBeGreaterThanOrEqual(RIGHT_AT_LEAST);
  });
});
