import { describe, expect, it } from '@jest/globals';
import { readHours } from '../../functions/agent/planner/hours';
import { readPeriodMinus } from '../../functions/agent/planner/period-minus';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Shapes earlier sets left unread or misread (tuning set 31, "left"): periods counted by a threshold over a span of
 * years, one year's figure minus another's, a bare year after a question of a part of a year, the hour of the day as
 * a filter, every year's quarter (months) pooled as a share's part, customers ranked by their months with an order,
 * "our take", "the most frequent buyers" and a slip of one letter left out. (Answers on the sample: tuning set 31 in
 * planner-tuning-6.test.ts.)
 */
const TODAY = '2026-02-10';
const plan = (...questions: string[]) => demoPlan(questions, TODAY);
const read = (...questions: string[]) => demoReading(questions, TODAY);

describe('periods counted by a threshold over a span', () => {
  it.each([
    'how many months had fewer than 600 orders from 2023 to 2025',
    'how many months from 2023 to 2025 had fewer than 600 orders',
    'how many months had fewer than 600 orders in 2023-2025',
  ])('reads %p over the whole span, not 2023 against 2025', (question) => {
    const p = plan(question);
    expect(p.compare).toBeUndefined();
    expect(p.range).toMatchObject({ from: '2023-01-01', to: '2026-01-01' });
    expect(p.having).toMatchObject({ grain: 'month', op: '<', value: 600 });
  });

  it('keeps two years compared by "than" a year', () => {
    expect(plan('which regions had more revenue in 2025 than 2024').compare).toHaveLength(2);
  });

  it('reads "go over $14 million" of each month, not of each order', () => {
    const p = plan('From 2024 to 2025, in how many months did revenue go over $14 million?');
    expect(p.numberFilters).toEqual([]);
    expect(p.having).toMatchObject({ grain: 'month', op: '>', value: 14_000_000 });
    expect(p.range).toMatchObject({ from: '2024-01-01', to: '2026-01-01' });
  });
});

describe('one year minus another', () => {
  it.each([
    ['2025 AOV minus 2024 AOV, per region', 'change in average order value from 2024 to 2025, per region'],
    [
      'for each category: orders in 2025 minus orders in 2024',
      'for each category: change in orders from 2024 to 2025',
    ],
    ['2025 revenue less 2023 revenue', 'change in revenue from 2023 to 2025'],
  ])('reads %p as the change', (question, text) => {
    expect(readPeriodMinus(question)).toEqual({ text });
  });

  it('refuses an earlier year minus a later one, and two measures are left alone', () => {
    expect(readPeriodMinus('2024 revenue minus 2025 revenue by segment')).toHaveProperty('refuse');
    expect(readPeriodMinus('2025 revenue minus 2024 orders')).toEqual({
      text: '2025 revenue minus 2024 orders',
    });
  });

  it('answers the difference per region with both years and the change', () => {
    const p = plan('2025 AOV minus 2024 AOV, per region');
    expect(p.compare?.map((c) => c.label)).toEqual(['2024', '2025']);
    expect(queryFor(p).sql).toContain('b - a AS change');
  });
});

describe('a bare year after a part of a year', () => {
  it.each([
    [['revenue in Q1 2024?', 'and in 2025?'], 'Q1 2025', '2025-01-01', '2025-04-01'],
    [
      ['how many orders did we get in March 2024', 'what about 2025?'],
      'March 2025',
      '2025-03-01',
      '2025-04-01',
    ],
    [
      ['average order value in the first half of 2023', 'and for 2024?'],
      'H1 2024',
      '2024-01-01',
      '2024-07-01',
    ],
    [['revenue by region in Q3 2024', 'same for 2025'], 'Q3 2025', '2025-07-01', '2025-10-01'],
  ])('reads %p as the same part of that year', (questions, label, from, to) => {
    expect(plan(...questions).range).toMatchObject({ label, from, to });
  });

  it('keeps the whole year when asked, or after a whole year', () => {
    expect(plan('revenue in Q1 2024?', 'and for the whole of 2025?').range).toMatchObject({
      from: '2025-01-01',
      to: '2026-01-01',
    });
    expect(plan('revenue in 2024', 'and in 2025?').range).toMatchObject({
      from: '2025-01-01',
      to: '2026-01-01',
    });
  });
});

describe('hours of the day', () => {
  it.each([
    ['how many orders were placed between 9am and 5pm in 2025?', 9, 17],
    ['revenue from orders placed after 6pm, by region', 18, 24],
    ['what share of our orders come in before noon?', 0, 12],
    ['how many orders did I get overnight, between midnight and 6am, in 2024?', 0, 6],
  ])('reads %p as whole hours', (question, from, to) => {
    expect(readHours(question)).toMatchObject({ from, to });
  });

  it('drops a part of the day glossed by its hours', () => {
    expect(
      readHours('how many orders did I get overnight, between midnight and 6am, in 2024?'),
    ).toMatchObject({
      text: 'how many orders did I get, in 2024?',
    });
  });

  it.each([
    'orders between 10pm and 2am',
    'orders after 6:30pm',
    'orders placed in the evening',
    'revenue between 11 and 2pm',
  ])('refuses %p', (question) => {
    expect(read(question)).toMatchObject({ kind: 'refuse' });
  });

  it('filters on the derived hour, said in the asker words', () => {
    const p = plan('how many orders were placed between 9am and 5pm in 2025?');
    const sql = queryFor(p).sql;
    expect(sql).toContain('CAST(EXTRACT(HOUR FROM created_at) AS INTEGER) >= 9');
    expect(sql).toContain('CAST(EXTRACT(HOUR FROM created_at) AS INTEGER) < 17');
    expect(
      p.numberFilters.every((f) => f.said === 'placed between 9am and 5pm (the hour of the order date, UTC)'),
    ).toBe(true);
  });

  it('reads a bare first hour in the half of the day of the second', () => {
    expect(readHours('revenue between 1 and 2pm')).toMatchObject({ from: 13, to: 14 });
  });

  it('refuses a follow-up of a question with hours, which would drop them', () => {
    expect(read('how many orders were placed between 9am and 5pm in 2025?', 'and in 2024?')).toMatchObject({
      kind: 'refuse',
    });
  });

  it('makes the hours a share part when the share is of their rows', () => {
    const p = plan('what share of our orders come in before noon?');
    expect(p.share?.rows?.numbers).toHaveLength(1);
    expect(p.numberFilters).toEqual([]);
  });
});

describe('every year pooled as a share part', () => {
  it.each([
    ['what percentage of all our revenue, across every year, fell in a fourth quarter?', ['Q4']],
    [
      'taking every year together, what share of orders were placed in January and February?',
      ['January', 'February'],
    ],
    [
      'across all years, how much of our revenue came in the summer months (June to August), as a percentage?',
      ['June', 'July', 'August'],
    ],
    ['what share of my orders fell in December, counting all three years?', ['December']],
  ])('reads %p', (question, values) => {
    const p = plan(question);
    expect(p.share?.part?.values).toEqual(values);
    expect(p.range).toBeUndefined();
    expect(p.change).toBeUndefined();
    expect(p.grain).toBeUndefined();
  });

  it('leaves a quarter named in the whole, and an unknown word, alone', () => {
    expect(plan('what share of all Q1 revenue came from each year?').share?.part).toBeUndefined();
    expect(read('what share of profit came in every Q4')).toMatchObject({ kind: 'refuse' });
  });
});

describe('customers by their months with an order', () => {
  it.each([
    ['which customers ordered in the most months?', 'month', 'desc'],
    ['what is the largest number of different months any single customer placed orders in?', 'month', 'desc'],
    ['which customer ordered in the fewest distinct quarters in 2024?', 'quarter', 'asc'],
  ])('reads %p', (question, units, direction) => {
    const p = plan(question);
    expect(p.perEntity).toMatchObject({ kind: 'top', units, direction });
    expect(queryFor(p).sql).toContain(`COUNT(DISTINCT date_trunc('${units}', created_at))`);
  });
});

describe('words', () => {
  it('reads "our take" as revenue, and a take after tax stays refused', () => {
    expect(plan('our take by region last year').measures.map((m) => m.column)).toEqual(['total_amount']);
    expect(read('what was our take after tax in 2025?')).toMatchObject({ kind: 'refuse' });
  });

  it('reads "the most frequent buyers" as the customers with the most orders', () => {
    const p = plan('combined, what share of all orders did our three most frequent buyers place?');
    expect(p.share?.top).toMatchObject({ n: 3 });
    expect(p.measures.map((m) => m.column)).toEqual(['count']);
  });

  it('reads "were theirs" as came from them', () => {
    const p = plan(
      'the 5 customers with the most orders in 2024 - what % of 2024 orders were theirs, together?',
    );
    expect(p.share?.top).toMatchObject({ n: 5 });
  });

  it('reads "rgion" as region', () => {
    expect(plan('revenue by rgion in 2025').dimensions.map((d) => d.column)).toEqual(['region']);
  });
});
