import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { readQuestions } from '../../functions/agent/planner/reading';
import { refusalText } from '../../functions/agent/planner/respond';
import { demoCatalog } from './support/demo-reading';
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

const onDemo = async (question: string) => {
  const demo = demoCatalog(question);
  return { reading: readQuestions([question], demo, '2026-06-11'), demo };
};

describe('values of one dimension named apart (demo model)', () => {
  it.each([
    'How many customers in the north placed an order in the south?',
    'customers from the north with orders in the south',
  ])('%s: refused with why (was one filter of either region, confidently wrong)', async (question) => {
    const { reading, demo } = await onDemo(question);
    if (reading.kind !== 'refuse') throw new Error(`${question}: read as ${reading.kind}`);
    expect(refusalText(reading, demo)).toMatch(
      /^I can't answer that as one question: "\w+" and "\w+" are both sales region values, named in different parts/,
    );
  });

  it.each([
    ['revenue in the east and west regions in 2025', "region IN ('east', 'west')"],
    ['the north, the south and the west: revenue in 2025', "region IN ('north', 'south', 'west')"],
    ['orders in the north or in the south', "region IN ('north', 'south')"],
  ])('%s: values joined into one list stay one filter', async (question, condition) => {
    const { reading } = await onDemo(question);
    if (reading.kind !== 'plan') throw new Error(`${question}: read as ${reading.kind}`);
    expect(queryFor(reading.plan).sql).toContain(condition);
  });
});

describe('which of values joined by "or" leads (demo model)', () => {
  it.each([
    [
      'Did enterprise or consumer customers spend more in 2025?',
      /^SELECT customers_segment, MEASURE\(total_amount\) .*customers_segment IN \('consumer', 'enterprise'\).* GROUP BY 1/,
    ],
    [
      'were there more returns in the north or the south last year?',
      /^SELECT region, MEASURE\(count\) .*region IN \('north', 'south'\).* GROUP BY 1/,
    ],
  ])('%s: one row per value (was their sum, confidently wrong)', async (question, sql) => {
    const { reading } = await onDemo(question);
    if (reading.kind !== 'plan') throw new Error(`${question}: read as ${reading.kind}`);
    expect(queryFor(reading.plan).sql).toMatch(sql);
  });

  it('leaves bounds ("more than 900", "$500 or more") as filters, one total', async () => {
    for (const question of [
      'returned or cancelled orders in 2025, more than 900 dollars',
      'toys or electronics orders of $500 or more in 2025',
    ]) {
      const { reading } = await onDemo(question);
      if (reading.kind !== 'plan') throw new Error(`${question}: read as ${reading.kind}`);
      expect(queryFor(reading.plan).sql).toMatch(/^SELECT MEASURE\(count\) AS count FROM orders_view WHERE /);
    }
  });
});
