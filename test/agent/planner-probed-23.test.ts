import { describe, expect, it } from '@jest/globals';
import { rephrase } from '../../functions/agent/planner/phrases';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Readings fixed from questions probed on a clock of the lead's own (2026-10-21): a ranking "by spend" with another
 * figure beside it (was ranked by that other figure), a ranked growth "vs the previous one" or "vs the quarter
 * before" in a thread (was refused, or the quarter before the year read as the period), the biggest order in each
 * group with who placed it (was the number of customers in each group), "and how each compares with ... in %"
 * (was the change of each one's share), and those same ranked rows asked about in another period (was a new
 * ranking of that period, other rows), the sum of the rows just ranked, an order said in words, and one period
 * "beating" another.
 */
const TODAY = '2026-10-21';
const plan = (...questions: string[]) => demoPlan(questions, TODAY);
const columns = (...questions: string[]) => plan(...questions).measures.map((m) => m.column);

describe('a ranking by spend with another figure beside it', () => {
  it.each([
    ['top 5 customers by spend, with their order counts'],
    ['top 5 customers in the east by lifetime spend, with their order counts'],
    ['top 3 customers by spending in 2025 plus how many orders'],
    ['top 5 customers by overall spend and their number of orders'],
  ])('"%s" ranks by the money and shows the count beside it', (question) => {
    expect(columns(question)).toEqual(['total_amount', 'count']);
    expect(plan(question).top?.n).toBeGreaterThan(1);
  });

  it('keeps a count named after "by" ranking, the money beside it', () => {
    expect(columns('top 5 customers by number of orders, with their spend')).toEqual([
      'count',
      'total_amount',
    ]);
  });

  it('leaves "by customer" a breakdown, not a measure', () => {
    expect(plan('top 5 regions by customer count').dimensions.map((d) => d.column)).toEqual(['region']);
  });
});

describe('a ranked growth against the period before', () => {
  it.each([
    'which quarter grew the most vs the previous one?',
    'which quarter grew the most vs the quarter before?',
    'which quarter grew the most compared to the prior quarter?',
    'which month dropped the most from the one before?',
  ])('drops "%s"\'s words for the step, which a ranked change reads anyway', (question) => {
    expect(rephrase(question)).not.toMatch(/previous|before|prior/);
  });

  it('keeps a period named "before" another ("revenue in the quarter before")', () => {
    expect(rephrase('revenue in the quarter before')).toContain('before');
  });

  it('ranks the previous quarters by their change in a thread', () => {
    const p = plan('revenue by quarter for 2025', 'which quarter grew the most vs the quarter before?');
    expect([p.grain, p.change !== undefined, p.top?.n, p.range?.from]).toEqual([
      'quarter',
      true,
      1,
      '2025-01-01',
    ]);
  });
});

describe('the biggest order in each group and who placed it', () => {
  it.each([
    "biggest single order in each region in 2024, with the customer's name",
    'who placed the biggest order in each region in 2024',
    'biggest order in each region in 2024 and who placed it',
  ])('"%s": the top row within each region', (question) => {
    const top = plan(question).perEntity;
    expect(top?.kind === 'top' && [top.by, top.n, top.direction, 'member' in (top.within ?? {})]).toEqual([
      'row',
      1,
      'desc',
      true,
    ]);
  });

  it.each([
    ['largest order in 2024, with the customer', 'desc'],
    ['smallest furniture order of 2025 with the client name', 'asc'],
  ])('"%s": the one row and who placed it', (question, direction) => {
    const top = plan(question).perEntity;
    expect(top?.kind === 'top' && [top.by, top.direction, top.n]).toEqual(['row', direction, undefined]);
  });
});

describe('how each compares with another period, in %', () => {
  it('reads the comparison as the change of each row, not of its share', () => {
    const p = plan('revenue for each region in Q1 2025, and how each compares with Q1 2024 in %');
    expect([p.share, p.compare?.map((c) => c.from), p.dimensions.map((d) => d.column)]).toEqual([
      undefined,
      ['2024-01-01', '2025-01-01'],
      ['region'],
    ]);
  });
});

describe('those ranked rows in another period', () => {
  it.each([
    ['top 3 categories by revenue in 2025', 'how did those do in 2024?', 'category'],
    ['top 3 customers by revenue in 2025', 'and how did each do in 2024?', 'customers_name'],
    ['top 3 customers by revenue in 2025', 'what did they spend in 2024?', 'customers_name'],
  ])('"%s" → "%s": those rows, ranked in 2025, in 2024', (first, second, dimension) => {
    const p = plan(first, second);
    expect([
      p.top,
      p.range?.label,
      p.rankedIn,
      p.dimensions.map((d) => d.column),
      p.measures[0]?.column,
    ]).toEqual([
      undefined,
      '2024',
      { period: expect.objectContaining({ label: '2025' }), n: 3, direction: 'desc' },
      [dimension],
      'total_amount',
    ]);
  });

  it('keeps the other period out of the ranking and the ranking out of the other period', () => {
    const { sql } = queryFor(
      plan('top 2 regions by orders in Q4 2025', 'how many did they have in Q4 2024?'),
    );
    expect(sql).toContain(
      "region IN (SELECT region FROM orders_view WHERE created_at >= '2025-10-01' AND created_at < '2026-01-01' GROUP BY 1 ORDER BY MEASURE(count) DESC, 1 LIMIT 2)",
    );
    expect(sql).toContain("created_at >= '2024-10-01' AND created_at < '2025-01-01' AND region IN");
  });

  it('refuses them beside two periods of their own', () => {
    expect(
      demoReading(['top 3 categories by revenue in 2025', 'how did those do in 2023 vs 2024?'], TODAY).kind,
    ).toBe('refuse');
  });

  it('still asks the ranking again for "and in 2024?"', () => {
    const p = plan('top 3 categories by revenue in 2025', 'and in 2024?');
    expect([p.top?.n, p.range?.from, p.rankedIn]).toEqual([3, '2024-01-01', undefined]);
  });
});

describe('the sum of the rows just ranked', () => {
  it.each([
    ['top 3 customers by revenue in 2025', 'what did they spend in total?', 3],
    ['top 3 customers by revenue in 2025', 'what did those 3 spend combined?', 3],
    ['top 5 categories by orders in 2024', 'how many orders is that altogether for them?', 5],
  ])('"%s" → "%s": the top %d rows summed', (first, second, n) => {
    const p = plan(first, second);
    expect([p.top, p.share?.top?.n, p.share?.total]).toEqual([undefined, n, true]);
  });

  it('keeps "and the total?" the total of every row beside the ranking', () => {
    expect(plan('top 3 regions by revenue in 2025', 'and the total?').top?.withTotal).toBe(true);
  });

  it('keeps a cohort\'s spend "all together" its sum', () => {
    const r = demoReading(
      ['customers who joined in Q2 2022', 'how much did they spend in 2024 all together?'],
      TODAY,
    );
    const cohort = r.kind === 'plan' ? r.plan.perEntity : undefined;
    expect(cohort?.kind === 'cohort' && cohort.measures).toEqual(['sum']);
  });
});

describe('an order asked in words', () => {
  it.each([
    ['Sales by category for H2 2025, sorted low to high', 'asc'],
    ['Sales by category for H2 2025, sorted lowest to highest', 'asc'],
    ['orders by region in 2024 from highest to lowest', 'desc'],
  ])('"%s": every row, %s', (question, direction) => {
    expect(plan(question).top).toMatchObject({ n: 0, direction });
  });
});

describe('one period beating another', () => {
  it.each(['did revenue in 2025 top 2024?', 'did revenue in 2025 beat 2024? by how much?'])(
    '"%s": the two years compared',
    (question) => {
      const p = plan(question);
      expect([p.top, p.compare?.map((c) => c.label)]).toEqual([undefined, ['2024', '2025']]);
    },
  );

  it('leaves "top" before a number a ranking', () => {
    expect(rephrase('did the top 3 customers spend more in 2025?')).toContain('top 3');
  });
});

describe('a change "from" a named period in a thread', () => {
  it.each([
    ['orders by region in 2025', 'how did they change from 2024?', ['2024', '2025']],
    ['revenue in Q4 2025', 'how did it change from Q3 2025?', ['Q3 2025', 'Q4 2025']],
  ])('"%s" → "%s": from that period to the previous one', (first, second, labels) => {
    const p = plan(first, second);
    expect([p.compare?.map((c) => c.label), p.range, p.rankedIn]).toEqual([labels, undefined, undefined]);
  });

  it('ranks only the rows pointed at', () => {
    const p = plan('top 3 categories by revenue in 2025', 'which of those grew the most from 2024?');
    expect([p.compare?.map((c) => c.label), p.top?.n, p.rankedIn?.n, p.rankedIn?.period.label]).toEqual([
      ['2024', '2025'],
      1,
      3,
      '2025',
    ]);
  });
});

describe('a half or a quarter said after its year', () => {
  it.each([
    ['of customers who signed up in 2022 H1, how many ordered in Q4 2025?', 'signed up in H1 2022'],
    ['orders 2025 q3 vs 2025 q4', 'orders Q3 2025 vs Q4 2025'],
    ['revenue 2025-Q3', 'revenue Q3 2025'],
    ['sales for 2024/Q1', 'sales for Q1 2024'],
  ])('"%s" reads as "%s"', (question, said) => {
    expect(rephrase(question)).toContain(said);
  });

  it('leaves a date alone', () => {
    expect(rephrase('orders on 2025-03-01')).not.toMatch(/\b[QH][1-4]\b/);
  });
});

describe('the time between two dates of a customer, in days', () => {
  it.each([
    ['what is the average time between signup and first order?', 'days-to-first', 'avg'],
    ['median time to first order after signup', 'days-to-first', 'median'],
    ['average gap between signing up and first purchase, by segment', 'days-to-first', 'avg'],
    ["what's the average time between orders?", 'days-between', 'avg'],
  ])('"%s": %s, %s', (question, kind, stat) => {
    const e = plan(question).perEntity;
    expect([e?.kind, e && 'stat' in e ? e.stat : undefined]).toEqual([kind, stat]);
  });

  it('leaves "time of day" to the hour of the day', () => {
    expect(plan('what time of day do most orders come in?').perEntity).toBeUndefined();
  });
});

describe('each customer against the average customer', () => {
  it.each([
    ['how many customers spent more than the average customer?', 'total_amount', '>', 'count'],
    ['how many customers have a lifetime spend above the average?', 'total_amount', '>', 'count'],
    ['which customers placed fewer orders than the average customer in 2025?', 'count', '<', 'list'],
    ['what share of customers spent more than the average customer in 2024?', 'total_amount', '>', 'share'],
  ])('"%s": %s %s the average, as a %s', (question, measure, op, output) => {
    const h = plan(question).having;
    expect([h?.measure.column, h?.op, h?.vsAverage, h?.output]).toEqual([measure, op, true, output]);
  });

  it('compares with the average of the same figures in the query', () => {
    const { sql } = queryFor(plan('how many customers spent more than the average customer?'));
    expect(sql).toContain(
      'HAVING MEASURE(total_amount) > (SELECT AVG(total_amount) FROM (SELECT customers_name',
    );
  });

  it.each([
    'customers with more orders than the average one, by segment',
    'which months had more orders than the average customer?',
  ])('refuses "%s"', (question) => {
    expect(demoReading([question], TODAY).kind).toBe('refuse');
  });

  it('leaves the average of an order to its own reading', () => {
    expect(
      plan('how many orders were over the average order value in 2025?').having?.vsAverage,
    ).toBeUndefined();
  });
});

describe("a lifetime is a customer's", () => {
  it.each([
    ["what's the average lifetime spend by segment?", ['customers_segment']],
    ['average lifetime spend per segment', ['customers_segment']],
    ['average lifetime spend', []],
    ['average lifetime value per customer by region', ['region']],
  ])('"%s": each customer\'s total, averaged', (question, dimensions) => {
    const p = plan(question);
    expect([p.percentile?.per?.column ?? p.percentile, p.dimensions.map((d) => d.column)]).toEqual([
      'customers_name',
      dimensions,
    ]);
  });
});

describe("a cohort's rows' period said last", () => {
  it.each([
    [
      'revenue from customers whose first order was in 2023, in 2024',
      'revenue in 2024 from customers whose first order was in 2023',
    ],
    [
      'orders from customers who signed up in Q1 2022, during 2025?',
      'orders in 2025 from customers who signed up in Q1 2022?',
    ],
  ])('"%s" reads as "%s"', (question, said) => {
    expect(rephrase(question)).toBe(said);
  });

  it('leaves a breakdown after the period alone', () => {
    const said = 'revenue from customers who joined in 2022, in 2024, by region';
    expect(rephrase(said)).toBe(said);
  });
});

describe('note-taking shorthand', () => {
  it.each([
    ['# custs w/ >60 orders lifetime', 'with more than 60 orders'],
    ['orders <$50 in 2025', 'orders less than $50'],
    ['customers w/o returns', 'customers without returns'],
    ['q4 24 vs q4 25 orders by cat', 'q4 2024 vs q4 2025'],
    ['revenue + orders by region 2025', 'revenue and orders'],
  ])('"%s" reads "%s"', (question, said) => {
    expect(rephrase(question)).toContain(said);
  });

  it('reads "3x" as three times, never as $3', () => {
    expect(rephrase('customers that ordered >= 3x in dec 2025')).toContain('at least 3 times');
  });

  it('keeps "2+ orders" a count of at least 2', () => {
    expect(rephrase('customers with 2+ orders')).toContain('2 or more orders');
  });
});
