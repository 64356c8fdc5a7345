import { describe, expect, it } from '@jest/globals';
import type { Plan } from '../../functions/agent/planner/plan';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Parts of a question that readings used to drop without a word (the lead's probes of 2026-11-27, third session,
 * tuning-14-probed.ts): a count named after "by" beside a selling verb, a column asked "with their ..." beside a
 * ranking, the years inside "2023-2025", and the other side of "vs overall".
 */
const TODAY = '2026-02-10';
const plan = (question: string) => demoPlan([question], TODAY);
const read = (question: string) => demoReading([question], TODAY);
const columns = (members: readonly { column: string }[]) => members.map((m) => m.column);

describe('a count named after "by" ranks', () => {
  it.each([
    'best-selling category by order count in 2025',
    "What's our best-selling category by order count in each year?",
    'which category sold the most by count of orders each year',
    'top category by number of orders in 2024',
  ])('"%s" by the number of orders', (question) => {
    expect(columns(plan(question).measures)).toEqual(['count']);
  });

  it('keeps both readings of a selling verb when nothing names the measure', () => {
    expect(columns(plan('best-selling category in 2025').measures)).toEqual(['total_amount', 'count']);
  });
});

describe('a column asked beside a ranking of customers', () => {
  it.each([
    'top 10 customers by revenue in 2024 and their segment',
    'Top 5 customers by spend in 2025, with their segment',
  ])('"%s" adds the customers\' own segment', (question) => {
    const p = plan(question);
    expect(columns(p.dimensions)).toEqual(['customers_name', 'customers_segment']);
    expect(p.top?.n).toBeGreaterThan(1);
  });

  it('refuses a column of the orders, which could split a customer, and says the model has it', () => {
    const reading = read('top 5 customers by revenue in 2023, with their region');
    expect(reading).toMatchObject({ kind: 'refuse', reason: expect.stringMatching(/region beside it/) });
    expect(JSON.stringify(reading)).not.toMatch(/nothing for/);
  });

  it('keeps "my region" (the asker\'s) and "those regions" (the previous answer\'s) as they were read', () => {
    expect(read('what is the median order value in my region?').kind).toBe('plan');
    expect(
      demoReading(
        ['orders by region in 2024', 'for each of those regions, which status had the most?'],
        TODAY,
      ).kind,
    ).toBe('plan');
  });
});

describe('a span of years asked as one figure', () => {
  it.each([
    ['total revenue 2023-2025', '2023-01-01', '2026-01-01'],
    ['combined orders 2024 to 2025 for the north', '2024-01-01', '2026-01-01'],
  ])('"%s" is one range', (question, from, to) => {
    const p = plan(question);
    expect(p.compare).toBeUndefined();
    expect(p.range).toMatchObject({ from, to });
  });

  it('still compares the two ends of "revenue 2023 to 2025"', () => {
    expect(plan('revenue 2023 to 2025').compare?.map((p) => p.label)).toEqual(['2023', '2025']);
  });
});

describe('one side of a comparison', () => {
  it.each([
    ["what's revenue per order in the east vs overall in 2025", 'region'],
    ["how does the east's AOV compare with the company average", 'region'],
  ])('"%s" is answered for both sides: each value beside the figure over every row', (question, column) => {
    // (Was refused with why; versus-whole.ts answers the whole too.)
    const p = plan(question);
    expect(p.overall).toBe(true);
    expect(columns(p.dimensions)).toEqual([column]);
  });

  it('answers "furniture orders vs all orders 2025" as the part, the whole and its share', () => {
    expect(plan('furniture orders vs all orders 2025').share?.part?.values).toEqual(['furniture']);
  });

  it('still refuses one side compared with something it does not read', () => {
    expect(read('east revenue in 2025 vs the plan')).toMatchObject({ kind: 'refuse' });
  });

  it('answers two values compared', () => {
    expect(columns(plan('revenue in the east vs the west in 2025').dimensions)).toEqual(['region']);
  });
});

/**
 * The first day of the later period a retention reading, or a ratio of customer counts (customer-ratios.ts: those
 * with rows in the later period among those with rows in the earlier), asks about.
 */
function laterFrom(p: Plan): string | undefined {
  const e = p.perEntity;
  if (e?.kind === 'retention') return e.later.period.from;
  if (e?.kind === 'ratio' && e.whole.length === 1 && e.part.length === 1 && e.part[0]?.op === '>=')
    return e.part[0].period?.from;
  return undefined;
}

describe('a later period said without its year', () => {
  it.each([
    ['how many of the customers who ordered in Q1 2025 also ordered in Q2?', '2025-04-01'],
    ['of customers who ordered in Q4 2024, what % ordered again in march', '2025-03-01'],
  ])('"%s" is the first such period after the cohort starts', (question, from) => {
    expect(laterFrom(plan(question))).toBe(from);
  });

  it('reads "how many of those ordered again in April?" after a count of Q1 2025 customers', () => {
    const p = demoPlan(
      ['how many customers ordered in Q1 2025', 'and how many of those ordered again in April?'],
      TODAY,
    );
    expect(laterFrom(p)).toBe('2025-04-01');
  });
});

describe('"as percentages" after a table', () => {
  it.each(['as percentages', 'and as percentages?', 'show those as percentages'])(
    '"%s" is each row\'s share',
    (question) => {
      const p = demoPlan(['orders by status in 2024', question], TODAY);
      expect(p.share).toBeDefined();
      expect(columns(p.dimensions)).toEqual(['status']);
    },
  );
});

describe('the measure a ranking is "by", and figures asked beside each row', () => {
  it('ranks by the measure after "by", the other one a column ("top 3 customers by orders in 2025, with revenue")', () => {
    expect(columns(plan('top 3 customers by orders in 2025, with revenue').measures)).toEqual([
      'count',
      'total_amount',
    ]);
  });

  it.each([
    ['top 3 customers by orders in 2025 and their spend', ['count', 'total_amount']],
    ['top categories by revenue in 2025 with order counts', ['total_amount', 'count']],
  ])('"%s" keeps the figure asked beside', (question, measures) => {
    expect(columns(plan(question).measures)).toEqual(measures);
  });
});

describe('an imperative to leave a value out', () => {
  it.each(['drop grocery', 'exclude grocery pls', 'now leave out the grocery'])(
    '"%s" after a table is "without" it',
    (question) => {
      const p = demoPlan(['revenue by category 2025', question], TODAY);
      expect(p.change).toBeUndefined();
      expect(p.filters).toEqual([expect.objectContaining({ values: ['grocery'], negate: true })]);
    },
  );

  it('keeps "the biggest drop" a fall', () => {
    expect(plan('which region had the biggest drop in revenue in 2025').change).toBeDefined();
  });
});

describe('held-out-14 misses read after its score', () => {
  it('reads "what share of all 2023 orders did they place" as a share of the orders, not of the customers', () => {
    const p = demoPlan(
      ['customers with 30+ orders in 2023 - what share of all 2023 orders did they place, combined?'],
      '2026-12-15',
    );
    expect(p.having?.output).toBe('share');
    expect(p.having?.total?.column).toBe('count');
  });

  it('reads "tomorrow\'s all-hands" as an event, never a future period', () => {
    expect(read("for tomorrow's all-hands I just need revenue per category for 2025")).not.toMatchObject({
      future: true,
    });
    expect(read("tomorrow's revenue")).toMatchObject({ kind: 'refuse', future: true });
  });
});
