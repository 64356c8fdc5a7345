import { describe, expect, it } from '@jest/globals';
import { readQuestions } from '../../functions/agent/planner/reading';
import { refusalText } from '../../functions/agent/planner/respond';
import { SALES } from './support/sales-catalog';

/**
 * A refusal (issue 29; README, "What the analyst understands"): what is missing in one sentence, then at most three
 * close questions the data can answer. Unit level, on a small model written here.
 */
const catalog = SALES;

const refusal = (question: string) => {
  const reading = readQuestions([question], catalog, '2026-06-11');
  if (reading.kind !== 'refuse') throw new Error(`${question}: read as ${reading.kind}`);
  return refusalText(reading, catalog);
};

describe('refusals', () => {
  it('say what is missing in one sentence and offer at most three close questions', () => {
    const text = refusal('revenue by coupon code in 2025');
    const [why, ...rest] = text.split('\n');
    expect(why).toMatch(/^I can't answer that from this data: .*"coupon code"\.$/);
    expect(rest[0]).toBe('Close questions I can answer:');
    expect(rest.slice(1).length).toBeGreaterThan(0);
    expect(rest.slice(1).length).toBeLessThanOrEqual(3);
    // The refused question's period stays in the close questions: they answer it.
    for (const line of rest.slice(1)) expect(line).toMatch(/^- ".*, in 2025"$/);
  });

  it('drop a future period from the close questions: they would answer nothing', () => {
    const text = refusal('forecast our revenue for Q3 2026 by region');
    expect(text).toMatch(/not forecasts or future dates/);
    const close = text.split('\n').slice(2);
    expect(close.length).toBeGreaterThan(0);
    for (const line of close) expect(line).not.toMatch(/2026/);
  });
});
