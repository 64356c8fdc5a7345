import { describe, expect, it } from '@jest/globals';
import { readDefinitions } from '../../functions/agent/planner/definitions';
import { queryFor } from '../../functions/agent/planner/query';
import { demoCatalog, demoPlan, demoReading } from './support/demo-reading';

/**
 * Figures read per period where the period is the unit of the condition itself (tuning set 32): customers counted
 * per period by that period's own spend or orders, each period's mean per calendar day ranked across periods (a word
 * defined as orders per day, "measured as" after it), the months whose order count (not an order's amount) passed a
 * bare number, a bound in each of three listed years, and "and 2025?" after the same quarter of two years. What is
 * not read in full stays refused. (Answers on the sample: tuning set 32 in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-11-04';

const refused = (questions: string[]) => demoReading(questions, TODAY).kind === 'refuse';

describe('customers counted per period by that period’s own figure', () => {
  it.each([
    ['How many customers spent over $1,000 in each quarter of 2025?', 'quarter', 'total_amount', '>', 1000],
    [
      'for every month of 2024, how many customers spent more than $800 that month?',
      'month',
      'total_amount',
      '>',
      800,
    ],
    [
      'quarter by quarter in 2025, how many customers placed 6 or more orders within the quarter?',
      'quarter',
      'count',
      '>=',
      6,
    ],
    [
      'In each quarter of 2024, how many customers spent less than $1,500 during the quarter?',
      'quarter',
      'total_amount',
      '<',
      1500,
    ],
  ])('%s', (question, grain, measure, op, value) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.grain).toBe(grain);
    expect(plan.having).toMatchObject({ perPeriod: true, op, value, output: 'count' });
    expect(plan.having?.measure.column).toBe(measure);
    const { sql } = queryFor(plan);
    // Each period's customers, tested on that period's rows: the period is part of the inner grouping.
    expect(sql).toMatch(
      new RegExp(`SELECT date_trunc\\('${grain}', "?created_at"?\\) AS ${grain}, .* GROUP BY 1, 2 HAVING`),
    );
  });

  it('reads a definition whose period is any one of a unit, asked for each unit', () => {
    const read = readDefinitions(
      [
        'An active customer is one who placed at least 3 orders in the quarter. How many active customers were there in each quarter of 2024?',
      ],
      demoCatalog('active customers orders quarter'),
    );
    expect(read.kind === 'read' ? read.questions[0] : read).toBe(
      'How many customers who placed at least 3 orders were there in each quarter of 2024?',
    );
  });

  it.each([
    // In every one of them, not each one's own count: left to other readings (refused here).
    'How many customers spent over $1,000 in every quarter of 2025?',
    'For each region, how many customers had 12 or more orders every year?',
  ])('leaves "in every" alone: %s', (question) => {
    const read = demoReading([question], TODAY);
    expect(read.kind === 'plan' ? read.plan.having?.perPeriod : undefined).toBeUndefined();
  });
});

describe('each period’s mean per calendar day, ranked', () => {
  it.each([
    [
      'Order velocity, measured as orders per day: which month of 2024 had the lowest?',
      'month',
      'count',
      'asc',
      1,
    ],
    ['which year had the highest order velocity, measured as orders per day?', 'year', 'count', 'desc', 1],
    [
      'Define velocity as orders per day. What were the top 3 months of 2025 by velocity?',
      'month',
      'count',
      'desc',
      3,
    ],
    [
      'my order velocity, measured as orders per day, for each quarter of 2025 - which quarter was slowest?',
      'quarter',
      'count',
      'asc',
      1,
    ],
    ['which month of 2024 had the highest average daily revenue?', 'month', 'total_amount', 'desc', 1],
  ])('%s', (question, grain, measure, direction, n) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.dayMeans).toBeDefined();
    expect(plan.grain).toBe(grain);
    expect(plan.measures[0]?.column).toBe(measure);
    expect(plan.top).toEqual({ n, direction });
    const { sql } = queryFor(plan);
    // Each period's total over its own calendar days, ties at the cut kept.
    expect(sql).toContain(`SUM(v) / (CAST(${grain} + INTERVAL`);
    expect(sql).toContain('RANK() OVER');
  });

  it('ranks every period whole when asked to rank them', () => {
    const plan = demoPlan(
      ['Rank the quarters of 2024 by revenue velocity (revenue per calendar day), highest first.'],
      TODAY,
    );
    expect(plan).toMatchObject({ grain: 'quarter', dayMeans: { order: 'desc' }, range: { label: '2024' } });
    expect(plan.top).toBeUndefined();
  });

  it('lists each period with no ranking asked', () => {
    const plan = demoPlan(['average daily orders in each quarter of 2025'], TODAY);
    expect(plan).toMatchObject({ grain: 'quarter', dayMeans: {} });
    expect(queryFor(plan).sql).toMatch(/ORDER BY 1$/);
  });

  it.each([
    // Another breakdown or filter is not read here.
    'which month of 2024 had the highest average daily orders for each region?',
    // A period still under way has days to come.
    'which month of 2027 had the highest average daily orders?',
  ])('is not read when not all of it is: %s', (question) => {
    const read = demoReading([question], TODAY);
    expect(read.kind === 'plan' ? read.plan.dayMeans : undefined).toBeUndefined();
  });
});

describe('periods whose order count passed a bare number', () => {
  it.each([
    ['How many months did orders fall below 27,000?', '<', 27000, 'count'],
    ['in how many months of 2025 did orders dip under 27,000?', '<', 27000, 'count'],
    ['which quarters did orders go over 81,000?', '>', 81000, 'list'],
  ])('%s', (question, op, value, output) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.numberFilters).toEqual([]);
    expect(plan.having).toMatchObject({
      measure: expect.objectContaining({ column: 'count' }),
      op,
      value,
      output,
    });
  });

  it('keeps an amount an amount', () => {
    const plan = demoPlan(['how many months did orders fall below $27,000?'], TODAY);
    expect(plan.numberFilters).toEqual([expect.objectContaining({ op: '<', value: 27000 })]);
  });
});

describe('a bound in each of several listed years', () => {
  it('reads "in each of 2023, 2024 and 2025" as the bound in all three', () => {
    const plan = demoPlan(['How many customers placed 15+ orders in each of 2023, 2024 and 2025?'], TODAY);
    const part = plan.perEntity?.kind === 'ratio' ? plan.perEntity.part : [];
    expect(part.map((p) => [p.period?.label, p.op, p.value])).toEqual([
      ['2023', '>=', 15],
      ['2024', '>=', 15],
      ['2025', '>=', 15],
    ]);
  });
});

describe('"and 2025?" after the same part of two years', () => {
  it.each([
    [
      ['How many orders did we get in Q4 2024 vs Q4 2023?', 'and 2025?'],
      ['Q4 2024', 'Q4 2025'],
    ],
    [
      ['revenue in Q2 2024 compared with Q2 2023', 'what about 2025?'],
      ['Q2 2024', 'Q2 2025'],
    ],
    [
      ['orders in March 2025 vs March 2024', 'and 2023?'],
      ['March 2023', 'March 2024'],
    ],
  ])('%j', (questions, labels) => {
    const plan = demoPlan(questions, TODAY);
    expect(plan.compare?.map((p) => p.label)).toEqual(labels);
    expect(plan.range).toBeUndefined();
  });

  it('keeps the whole year when it is asked', () => {
    const plan = demoPlan(
      ['How many orders did we get in Q4 2024 vs Q4 2023?', 'and for the whole of 2025?'],
      TODAY,
    );
    expect(plan.compare?.map((p) => p.label) ?? [plan.range?.label]).not.toContain('Q4 2025');
  });
});

describe('the top N% of customers within each value of an attribute', () => {
  it.each([
    [
      "In each region, what share of revenue comes from the top 10% of that region's customers by total spend?",
      10,
      'share',
      undefined,
    ],
    ['How much did the top 5% of customers in each region spend in 2025, all together?', 5, 'sum', '2025'],
    ['average lifetime spend of the top 20% of customers within each region', 20, 'avg', undefined],
    [
      'Within every region, how many enterprise customers are among the top 10% of spenders in that region?',
      10,
      'share-with',
      undefined,
    ],
  ])('%s', (question, percent, ask, year) => {
    const plan = demoPlan([question], TODAY);
    const p = plan.perEntity;
    expect(p?.kind).toBe('top-percent');
    if (p?.kind !== 'top-percent') return;
    expect({ percent: p.percent, ask: p.ask, year: p.period?.label, within: p.within?.column }).toEqual({
      percent,
      ask,
      year,
      within: 'region',
    });
    // Each value's own customers ranked, the cut at N% of that value's count.
    expect(queryFor(plan).sql).toContain('PARTITION BY g ORDER BY m DESC');
  });

  it('refuses a group within each value with no ranking said and no spend asked', () => {
    const read = demoReading(['how many orders did the top 10% of customers in each region place?'], TODAY);
    expect(
      read.kind === 'plan' && read.plan.perEntity?.kind === 'top-percent'
        ? read.plan.perEntity.within
        : undefined,
    ).toBeUndefined();
  });
});

describe('values ranked by their periods with a row', () => {
  it.each([
    ['Which region had orders in the most months of 2025?', 'region', 'month', 'desc', '2025'],
    ['which product category had sales in the most months?', 'category', 'month', 'desc', undefined],
    ['which status had orders in the fewest quarters?', 'status', 'quarter', 'asc', undefined],
  ])('%s', (question, member, unit, direction, year) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.dimensions.map((d) => d.column)).toEqual([member]);
    expect(plan).toMatchObject({ unitsWith: { unit }, top: { n: 1, direction } });
    expect(plan.range?.label).toBe(year);
    // Every tied value kept.
    expect(queryFor(plan).sql).toContain('RANK() OVER');
  });

  it('leaves a condition in the most months refused', () => {
    expect(
      refused(["Which category made up more than 20% of the month's revenue in the most months of 2024?"]),
    ).toBe(true);
  });
});

describe('phrasings read as their plain words', () => {
  it('orders that went over an amount are orders over it', () => {
    const plan = demoPlan(['What share of orders went over $500?'], TODAY);
    expect(plan.share?.rows?.numbers).toEqual([expect.objectContaining({ op: '>', value: 500 })]);
  });

  it("a share of that quarter's sales beside each quarter is the share within each quarter", () => {
    const plan = demoPlan(
      ['For every quarter of 2025, what percent of that quarter’s sales did each product category make up?'],
      TODAY,
    );
    expect(plan).toMatchObject({ grain: 'quarter', share: {} });
    expect(plan.dimensions.map((d) => d.column)).toEqual(['category']);
  });

  it("spending in that year over an amount, per year, is each year's own", () => {
    const plan = demoPlan(['Number of customers per year whose spending in that year topped $9,000'], TODAY);
    expect(plan).toMatchObject({ grain: 'year', having: { perPeriod: true, op: '>', value: 9000 } });
  });
});

describe('still refused', () => {
  it.each([
    'How many customers renewed their subscription in each quarter of 2025?',
    'Which sales rep had orders in the most months?',
  ])('%s', (question) => {
    expect(refused([question])).toBe(true);
  });
});
