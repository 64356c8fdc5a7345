import { describe, expect, it } from '@jest/globals';
import { type EvalQuestion, parseQuestionModule } from '../../functions/agent/eval/questions';
import { type ChatOutcome, judgeRun, type Verdict } from '../../functions/agent/eval/run';
import * as tuning9shares from './questions/tuning-9-shares';
import { converse, lastResult } from './support/question-set';
import { MANAGER, rawDatabaseForFile } from './support/sample';

/**
 * The ninth tuning set (issue 29: the share of a part of a period, the top N's combined share, shares of rows
 * meeting a condition, gaps between percentiles, the customers behind a share of revenue, the size of a change),
 * judged by the eval's own verdicts (functions/agent/eval/run.ts) on the test sample: no question may be answered
 * confidently wrong, and the share answered right may not fall below what the planner change reached.
 */
// 8 of 34 right before the planner change it tunes (4 confident wrong, in the eval CLI); 34, none wrong, after.
const RIGHT_AT_LEAST = 34;

const raw = rawDatabaseForFile();
const cases = tuning9shares.tuning9shares;
const questions: EvalQuestion[] = parseQuestionModule(tuning9shares);

describe('offline planner: tuning set 9 (shares, percentile gaps, size of a change)', () => {
  const verdicts = new Map<string, Verdict>();

  async function outcome(q: EvalQuestion): Promise<ChatOutcome> {
    // The set's own typed user (the parsed question keeps it untyped).
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
      `tuning set 9: ${right} of ${questions.length} right${missed.map(([q, v]) => `\n  ${v}: ${q}`).join('')}\n`,
    );
    expect(verdicts.size).toBe(questions.length);
    expect(right).toBeGreaterThanOrEqual(RIGHT_AT_LEAST);
  });
});
