import { describe, expect, it } from '@jest/globals';
import { readDefinitions } from '../../functions/agent/planner/definitions';
import { rephrase } from '../../functions/agent/planner/phrases';
import { queryFor } from '../../functions/agent/planner/query';
import { spelledMeaning } from '../../functions/agent/planner/spelled-meanings';
import { demoCatalog, demoPlan, demoReading } from './support/demo-reading';

/**
 * Readings fixed from questions probed on a clock of the lead's own (2027-06-23, tuning-24-probed.ts): a defined
 * word whose meaning the planner reads when asked directly (was refused as a definition not read), "4 different
 * categories" (was read as orders of at least $4: confidently wrong), "... - count them" (was the list), another
 * measure added up over the rows just ranked (was each row's figure, no sum), the top N customers "in the north"
 * and "its top 10 customers" of a share (was each customer's own share, 100% each), revenue from new customers in
 * a period after every signup (was $0 by signup date, or a list of customers), one value "beating" another, an
 * average order value over the rows of customers meeting a condition (was refused), and customers counted beside
 * their average spend per group (the count was dropped).
 */
const TODAY = '2027-06-23';
const plan = (...questions: string[]) => demoPlan(questions, TODAY);
const defined = (question: string) => readDefinitions([question], demoCatalog(question));

describe('a definition spelled out for the ordinary readers', () => {
  it.each([
    [
      "how many 'loyal' customers did we have in 2024? loyal = placed at least one order in every quarter of 2024",
      'how many customers who placed at least one order in every quarter of 2024 did we have in 2024?',
    ],
    [
      'By lapsed I mean they did not place a single order in Q4 2025. How many lapsed customers are there?',
      'How many customers who did not place a single order in q4 2025 are there?',
    ],
    [
      "let's call customers who never had an order cancelled 'clean'. how many clean customers do we have?",
      'how many customers who never had an order cancelled do we have?',
    ],
    [
      "'tiny' orders are those under $15. how many tiny orders got cancelled in 2024?",
      'how many orders under $15 got cancelled in 2024?',
    ],
  ])('"%s" is read as "%s"', (question, read) => {
    expect(defined(question)).toMatchObject({ kind: 'read', questions: [read] });
  });

  it('keeps the meaning’s numbers as marks the query must hold', () => {
    expect(spelledMeaning('placed at least 3 orders in every quarter of 2024')?.marks).toEqual(['3', '2024']);
    expect(spelledMeaning('they spent over $1,500 in Q4 2025')?.marks).toEqual(['1500', '2025']);
  });

  it('spells out only words about what customers did', () => {
    expect(spelledMeaning('the west being our biggest')).toBeUndefined();
    expect(spelledMeaning('opened our newsletter at least 3 times')).toBeUndefined();
    expect(spelledMeaning('revenue minus returns')).toBeUndefined();
  });

  it('refuses a question whose period differs from the meaning’s', () => {
    expect(
      defined("how many 'steady' customers in 2024? steady = ordered in every month of 2025"),
    ).toMatchObject({
      kind: 'refuse',
      reason: expect.stringContaining('names its own period'),
    });
  });

  it('answers the question spelled out: customers with orders in every month of the year', () => {
    const { sql } = queryFor(
      plan("how many 'steady' customers in 2025? steady = ordered in every month of 2025"),
    );
    expect(sql).toContain("COUNT(DISTINCT date_trunc('month', created_at))");
    expect(sql).toContain("created_at >= '2025-01-01'");
  });

  it('refuses a meaning about data the model lacks rather than drop it', () => {
    expect(
      demoReading(
        ["'engaged' = opened our newsletter at least 3 times. how many engaged customers ordered in 2025?"],
        TODAY,
      ).kind,
    ).toBe('refuse');
  });
});

describe('a count of distinct values said with "different"', () => {
  it.each([
    ['how many customers bought from at least 4 different categories in Q1 2025?', 4],
    ['customers who bought at least 3 distinct categories in 2025, how many?', 3],
  ])('"%s" counts the categories, never bounds the amount', (question, n) => {
    const p = plan(question);
    expect(p.numberFilters).toEqual([]);
    expect(p.having).toMatchObject({ op: '>=', value: n, spread: { compared: true } });
  });

  it('reads a number followed by what is counted as no amount', () => {
    expect(plan('how many customers bought at least 3 distinct regions in 2025?').numberFilters).toEqual([]);
  });
});

describe('"... - count them"', () => {
  it('asks how many', () => {
    expect(
      rephrase('customers with fewer than 12 orders in 2024 - count them. Only people who bought in 2024.'),
    ).toMatch(/^how many customers with fewer than 12 orders in 2024\?/);
  });
});

describe('another measure added up over the rows just ranked', () => {
  it('"how many orders did they place in total?" after the top 3 by spend sums their orders, ranked by spend', () => {
    const p = plan('top 3 customers by 2025 spend', 'how many orders did they place in total?');
    expect(p.share).toMatchObject({ top: { n: 3 }, total: true, sumOf: { column: 'count' } });
    const { sql } = queryFor(p);
    expect(sql).toContain('MEASURE(total_amount) AS m, MEASURE(count) AS s');
    expect(sql).toContain('ORDER BY m DESC, 1 LIMIT 3');
    expect(sql).toContain('SUM(s) OVER () AS part');
  });

  it('still sums the ranking measure itself when it is the one asked', () => {
    expect(
      plan('top 3 customers by 2025 spend', 'what did they spend in total?').share?.sumOf,
    ).toBeUndefined();
  });
});

describe('the top N customers of a value, in a share', () => {
  it('"the top 10 customers in the north" ranks within the north, of all revenue', () => {
    const p = plan('what share of 2024 revenue came from the top 10 customers in the north?');
    expect(p.share?.top?.n).toBe(10);
    expect(p.share?.wholeWithout?.map((f) => f.values)).toEqual([['north']]);
    expect(p.dimensions.map((d) => d.column)).toEqual(['customers_name']);
  });

  it('"the north\'s revenue ... its top 10 customers" keeps the north in the whole', () => {
    const p = plan("what share of the north's 2024 revenue came from its top 10 customers?");
    expect(p.share?.top?.n).toBe(10);
    expect(p.share?.wholeWithout).toBeUndefined();
    expect(p.filters.map((f) => f.values)).toEqual([['north']]);
  });
});

describe('revenue from new customers in a period after every signup', () => {
  it('is the period’s revenue of the customers whose first order came in it', () => {
    const p = plan('How much revenue came from new customers in 2023, going by their first order');
    expect(p.first).toMatchObject({ output: 'total', range: { label: '2023' } });
    expect(p.range?.label).toBe('2023');
  });

  it('reads "(new = first order that year)" as that first-order reading', () => {
    const p = plan('How much revenue came from new customers in 2023? (new = first order that year)');
    expect(p.first).toMatchObject({ output: 'total' });
  });

  it('keeps the signup reading beside a first-order one when no date is named', () => {
    const p = plan('How much revenue came from new customers in 2023?');
    expect(p.byFirstOrder?.first).toMatchObject({ output: 'total', range: { label: '2023' } });
  });
});

describe('one value beating another', () => {
  it('"did the west beat the east on revenue in 2025?" compares the two', () => {
    expect(rephrase('did the west beat the east on revenue in 2025?')).toBe('revenue, west vs east in 2025?');
    const p = plan('did the west beat the east on revenue in 2025?');
    expect(p.filters.flatMap((f) => f.values).sort()).toEqual(['east', 'west']);
    expect(p.dimensions.map((d) => d.column)).toEqual(['region']);
  });
});

describe('an average order value over the rows of customers meeting a condition', () => {
  it('is one average over their rows of the period', () => {
    const p = plan('Among customers with 10+ orders in 2025, what was their average order value that year?');
    expect(p.having).toMatchObject({ op: '>=', value: 10, output: 'total', overRows: true });
    const { sql } = queryFor(p);
    expect(sql).toMatch(/^SELECT MEASURE\(average_amount\) AS average_amount/);
    expect(sql).toContain("created_at >= '2025-01-01'");
  });
});

describe('customers counted beside their average per group', () => {
  it.each([
    'customers per segment and their average lifetime spend',
    'number of customers and average lifetime spend per segment',
    'how many customers do we have in each segment, and what is their average lifetime spend?',
  ])('"%s" gives both', (question) => {
    const p = plan(question);
    expect(p.percentile).toMatchObject({ stat: 'avg', withCount: true });
    expect(queryFor(p).sql).toContain('COUNT(*) AS customers');
  });

  it('adds no count where none is asked', () => {
    expect(plan('average lifetime spend per customer by segment').percentile?.withCount).toBeUndefined();
  });
});
