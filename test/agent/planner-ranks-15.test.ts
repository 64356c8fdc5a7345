import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { answerFor } from '../../functions/agent/planner/respond';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Rankings, measures and follow-ups (tuning-15-ranks.ts): a plain top N keeps every row tied with the n-th, in a
 * fixed order, and says so; a second measure asked for is never silently dropped; a measure asked of the rows of
 * a previous ranking ("how much did they spend?") keeps those rows; "the same quarter a year earlier" steps the
 * previous period back a year. Each was answered confidently wrong (or refused) before. On the demo model.
 */
const TODAY = '2026-01-20';

describe('a top N cut inside a tie', () => {
  it('keeps every row tied with the n-th, ordered by value then name', () => {
    const plan = demoPlan(['who were the 5 customers with the most orders in Q3 2025?'], TODAY);
    const { sql } = queryFor(plan);
    expect(sql).toMatch(
      /^WITH t AS \(SELECT customers_name, MEASURE\(count\) AS count .* GROUP BY 1\) SELECT customers_name, count FROM t WHERE count >= COALESCE\(\(SELECT count FROM t ORDER BY 1 DESC LIMIT 1 OFFSET 4\), \(SELECT MIN\(count\) FROM t\)\) ORDER BY count DESC, customers_name LIMIT 30$/,
    );
  });

  it('says the cut fell inside a tie, and says nothing when it did not', () => {
    const plan = demoPlan(['top 3 custs by order count, august 2025'], TODAY);
    const query = queryFor(plan);
    const rows = [
      ['Customer 14840', 10],
      ['Customer 3963', 8],
      ['Customer 5098', 8],
      ['Customer 7624', 8],
    ];
    const tied = answerFor(plan, query, { columns: [], data: rows, totalRows: 4 } as never);
    expect(tied).toMatch(/4\. Customer 7624: 8/);
    expect(tied).toMatch(/The cut at 3 falls inside a tie at 8, so all 4 rows tied or above it are listed/);
    const plain = answerFor(plan, query, { columns: [], data: rows.slice(0, 3), totalRows: 3 } as never);
    expect(plain).not.toMatch(/tie/);
  });

  it('leaves a place in a ranking or a top with its total as it was', () => {
    expect(queryFor(demoPlan(['second best region by revenue in 2025'], TODAY)).sql).toMatch(
      /LIMIT 1 OFFSET 1$/,
    );
  });
});

describe('a second measure asked for', () => {
  it.each(['2025 revenue per region, and the number of orders too', 'AOV & order count per segment, 2025'])(
    '%s: never answered with one of the two measures alone',
    (question) => {
      const reading = demoReading([question], TODAY);
      if (reading.kind === 'plan') expect(reading.plan.measures.length).toBeGreaterThanOrEqual(2);
      else expect(reading.kind).toBe('refuse');
    },
  );

  it('keeps the readings whose words name the measure used ("highest and lowest order values")', () => {
    const plan = demoPlan(['what were the highest and lowest order values in 2023?'], TODAY);
    expect(plan.measures.map((m) => m.aggType).sort()).toEqual(['max', 'min']);
  });
});

describe('a measure of the rows of the previous ranking', () => {
  it.each([
    [['top 3 customers by orders in 2025', 'how much did they spend?'], 'count', 'total_amount'],
    [
      ['who were the 5 biggest customers by revenue in 2024?', 'how many orders did they place?'],
      'total_amount',
      'count',
    ],
    [
      ['my 3 best customers by revenue in 2025', 'how many orders did each of them place?'],
      'total_amount',
      'count',
    ],
    [['top 2 regions by revenue in 2025', 'what were their order counts?'], 'total_amount', 'count'],
  ])('%j: the same rows, ranked as before, with the new measure beside', (thread, ranked, beside) => {
    const plan = demoPlan(thread, TODAY);
    expect(plan.measures.map((m) => m.column)).toEqual([ranked, beside]);
    expect(plan.top?.n).toBeGreaterThan(1);
    expect(plan.range?.from).toMatch(/^202[45]-01-01$/);
  });
});

describe('the same period a year back', () => {
  it.each([
    [['what was revenue for Q2 2025', 'same quarter a year earlier?'], '2024-04-01', '2024-07-01', 'Q2 2024'],
    [
      ['orders in march 2025', 'what about the same month the year before?'],
      '2024-03-01',
      '2024-04-01',
      'March 2024',
    ],
    [['revenue in Q3 2025', 'and the same quarter last year?'], '2024-07-01', '2024-10-01', 'Q3 2024'],
  ])('%j', (thread, from, to, label) => {
    const plan = demoPlan(thread, TODAY);
    expect(plan.range).toMatchObject({ from, to, label });
    expect(plan.dimensions).toEqual([]);
  });
});

describe('a part against the whole', () => {
  it.each([
    ['east revenue in 2025 compared to overall', 'east'],
    ['toys orders vs all orders in 2024', 'toys'],
    ['electronics revenue last year against total revenue', 'electronics'],
  ])('%s: the part, the whole and the share', (question, value) => {
    const plan = demoPlan([question], TODAY);
    expect(plan.share?.part?.values).toEqual([value]);
    expect(plan.filters).toEqual([]);
  });

  it('answers an average beside the figure over every row', () => {
    const plan = demoPlan(
      ['avg order value for small business compared with the company average, 2025'],
      TODAY,
    );
    expect(plan.overall).toBe(true);
    expect(plan.dimensions.map((d) => d.column)).toEqual(['customers_segment']);
  });

  it('refuses several figures of one side against the whole ("stack up against the total")', () => {
    const reading = demoReading(["how does the west's 2025 order count stack up against the total?"], TODAY);
    expect(reading).toMatchObject({ kind: 'refuse', reason: expect.stringMatching(/only one side/) });
  });
});

describe("the cube's noun opening the question", () => {
  it('is the count asked for: not dropped for the average named after it', () => {
    expect(demoReading(['orders by category with avg order value, 2024'], TODAY).kind).toBe('refuse');
    expect(demoPlan(['orders by category in 2024'], TODAY).measures.map((m) => m.column)).toEqual(['count']);
  });
});
