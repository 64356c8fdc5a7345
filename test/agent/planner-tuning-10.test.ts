import { describe, expect, it } from '@jest/globals';
import { type EvalQuestion, parseQuestionModule } from '../../functions/agent/eval/questions';
import { type ChatOutcome, judgeRun, type Verdict } from '../../functions/agent/eval/run';
import * as tuning10shapes from './questions/tuning-10-shapes';
import { converse, lastResult } from './support/question-set';
import { MANAGER, rawDatabaseForFile } from './support/sample';

/**
 * The tenth tuning set's shapes batch (issue 29: change between periods ranked or per group, leaders per group,
 * counts per entity, medians and percentiles, dates past the data, words around an answerable ask), judged by the
 * eval's own verdicts (functions/agent/eval/run.ts) on the test sample, as planner-tuning-6.test.ts judges the
 * earlier sets: no question may be answered confidently wrong, and the share answered right may not fall below what
 * the planner change reached.
 */
// 35 of 47 before the planner change it tunes (1 confident wrong, in the eval CLI); 43, none wrong, after.
const RIGHT_AT_LEAST = 43;

const raw = rawDatabaseForFile();

describe('offline planner: tuning set 10 (shapes)', () => {
  const questions: EvalQuestion[] = parseQuestionModule(tuning10shapes);
  const cases = tuning10shapes.tuning10shapes;
  const verdicts = new Map<string, Verdict>();

  /** The last answer and the last SQL result of the thread, as the eval reads them from the chat stream. */
  async function outcome(q: EvalQuestion): Promise<ChatOutcome> {
    const user = cases[questions.indexOf(q)]?.user ?? MANAGER;
    const { answer, messages, failed } = await converse(q.ask, user, q.now ? { now: q.now } : {});
    const result = lastResult(messages);
    return { answer, ...(result ? { result } : {}), ...(failed ? { failed } : {}) };
  }

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

  it(`answers at least ${RIGHT_AT_LEAST} right`, () => {
    const right = [...verdicts.values()].filter((v) => v === 'right' || v === 'honest refusal').length;
    const missed = [...verdicts].filter(([, v]) => v !== 'right' && v !== 'honest refusal');
    process.stderr.write(
      `tuning set 10 (shapes): ${right} of ${questions.length} right${missed.map(([q, v]) => `\n  ${v}: ${q}`).join('')}\n`,
    );
    expect(verdicts.size).toBe(questions.length);
    expect(right).toBeGreaterThanOrEqual(RIGHT_AT_LEAST);
  });
});
