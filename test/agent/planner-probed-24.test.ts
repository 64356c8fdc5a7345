import { describe, expect, it } from '@jest/globals';
import { readAsides } from '../../functions/agent/planner/asides';
import { readDefinitions } from '../../functions/agent/planner/definitions';
import { rephrase } from '../../functions/agent/planner/phrases';
import { previousUnitSaid } from '../../functions/agent/planner/previous-pointers';
import { queryFor } from '../../functions/agent/planner/query';
import { readRestatedGlosses } from '../../functions/agent/planner/restated-glosses';
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
 * their average spend per group (the count was dropped). And from the second batch (2027-09-29,
 * tuning-24-second.ts): a guess about the figure or a meeting next week beside the ask (was refused as a forecast),
 * the rows of a combined share asked for by name (were not named: confidently wrong), a trailing sentence restating
 * who counts, a top percent glossed with its count, "for customers who have at least two orders" after a second
 * order, a change of each previous row from "the one before" (was every quarter of every category: confidently
 * wrong), and a first-order cohort "broken down by product category".
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
    expect(spelledMeaning('they returned orders worth $1,500 in Q4 2025')).toBeUndefined();
    expect(spelledMeaning('they placed over 1,500 orders in Q4 2025')?.marks).toEqual(['1500', '2025']);
    // (A customer's spend is read by the definitions reader or not at all: spelled out it read as an order's amount.)
    expect(spelledMeaning('they spent over $1,500 in Q4 2025')).toBeUndefined();
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

describe('the second batch', () => {
  const TODAY_2 = '2027-09-29';
  const plan2 = (...questions: string[]) => demoPlan(questions, TODAY_2);
  const asides = (question: string) => readAsides(question, demoCatalog(question));

  it.each([
    [
      'share of 2024 revenue from the top 15 customers? two decimals, it will be small',
      'share of 2024 revenue from the top 15 customers? two decimals',
    ],
    [
      "revenue by category for Q2 2025 - it'll probably be lower than Q1, just need the numbers",
      'revenue by category for Q2 2025',
    ],
    [
      "each region's top customer by 2025 spend (heads up, it's for the QBR next week)",
      "each region's top customer by 2025 spend",
    ],
  ])('reads away a guess about the figure or a meeting later: "%s"', (question, read) => {
    expect(asides(question)).toBe(read);
  });

  it('keeps a question about the future, which is refused elsewhere', () => {
    expect(asides('will revenue be higher in 2026?')).toBe('will revenue be higher in 2026?');
  });

  it.each([
    'The 2 weakest regions by 2024 revenue: what share of 2024 revenue do they make up together? And which regions are they?',
    'the three smallest categories by 2023 orders, combined share of 2023 orders - name them too',
    'The two smallest categories by 2025 revenue - together, what share of 2025 revenue are they? Which two are they?',
  ])('names the rows of a combined share when asked: "%s"', (question) => {
    expect(plan2(question).share).toMatchObject({ total: true, top: { direction: 'asc' } });
  });

  it('reads away a trailing sentence that restates who is counted', () => {
    expect(
      readRestatedGlosses(
        'how many customers ordered fewer than 10 times in 2025? Only counting people who bought at least once that year.',
      ),
    ).toBe('how many customers ordered fewer than 10 times in 2025?');
  });

  it('reads away a top percent glossed with its count, only when the count is that percent', () => {
    expect(
      rephrase('top 2% of customers by 2025 spend: their share? 2% = the number of customers divided by 50.'),
    ).not.toMatch(/divided/);
    expect(
      rephrase('top 2% of customers by 2025 spend: their share? 2% = the number of customers divided by 40.'),
    ).toMatch(/divided by 40/);
  });

  it('reads "for customers who have at least two orders" after a second order as said already', () => {
    expect(
      rephrase('median days from first to second order, for customers who have at least two orders'),
    ).toBe('median days from first to second order');
    expect(rephrase('how many customers have at least two orders')).toBe(
      'how many customers have at least two orders',
    );
  });

  it('says "the one before" of each previous row in the previous unit', () => {
    const previous = plan2('grocery orders per quarter in 2024');
    expect(
      previousUnitSaid(
        previous,
        'and how many more or fewer orders was each quarter than the one before it? (Q1 vs Q4 2023)',
      ),
    ).toBe('and how much did each change, in orders, from the previous quarter?');
    // (A ranking of the change against the quarter before is read as it was.)
    expect(previousUnitSaid(previous, 'which quarter grew the most vs the quarter before?')).toBe(
      'which quarter grew the most vs the quarter before?',
    );
  });

  it('keeps the previous rows of a change pointed at with "each"', () => {
    const p = plan2(
      'electronics orders by quarter for 2025',
      'how much did each change from the quarter before, in orders?',
    );
    expect(p.filters.flatMap((f) => f.values)).toEqual(['electronics']);
    expect(p.range?.label).toBe('2025');
  });

  it('reads a cohort "broken down by product category"', () => {
    const reading = demoReading(
      [
        'The customers who made their first purchase in March 2023: what did they spend in 2025, broken down by product category?',
      ],
      TODAY_2,
    );
    expect(reading.kind).toBe('plan');
    if (reading.kind === 'plan') expect(queryFor(reading.plan).sql).toContain('breakdown AS category');
  });
});

describe('"ordered most"', () => {
  it.each([
    ['which segment ordered most in 2023?', 'customers_segment'],
    ['which region ordered the most in 2024?', 'region'],
  ])('"%s" ranks by the number of orders, never by how many customers ordered', (question, column) => {
    const p = demoPlan([question], '2027-09-29');
    expect(p.measures.map((m) => m.column)).toEqual(['count']);
    expect(p.dimensions.map((d) => d.column)).toEqual([column]);
  });

  it('leaves "ordered most often" to the readers of how often', () => {
    expect(rephrase('which customers ordered most often in 2024?')).toContain('ordered most often');
  });
});

describe('a figure per customer of two groups compared', () => {
  it.each([
    [
      'revenue per customer in the west vs east for 2025',
      'average revenue per customer in the west vs east for 2025',
    ],
    [
      'orders per customer, enterprise vs consumer, 2024',
      'average orders per customer, enterprise vs consumer, 2024',
    ],
  ])('"%s" is their average per customer', (question, read) => {
    expect(rephrase(question)).toBe(read);
  });

  it('leaves "revenue per customer" with no comparison as it was', () => {
    expect(rephrase('revenue per customer in the west in 2025')).toBe(
      'revenue per customer in the west in 2025',
    );
  });
});
