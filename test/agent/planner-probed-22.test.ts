import { describe, expect, it } from '@jest/globals';
import { rephrase } from '../../functions/agent/planner/phrases';
import { queryFor } from '../../functions/agent/planner/query';
import { answerFor } from '../../functions/agent/planner/respond';
import { readRestatedGlosses } from '../../functions/agent/planner/restated-glosses';
import { nextStep } from '../../functions/agent/planner/steps';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * Readings fixed from questions probed on a clock of the lead's own (2027-09-29): a measure "on the busiest day",
 * the ranked period's label asked back ("and which day was it?"), each period's share "of the yearly total",
 * "the total" that is the whole of the orders named rather than the total amount, "with amounts" after a ranking, and
 * "before"/"after"/"prior to" a period (the span was read but the word was left over as one the model lacks), and a month of every year pooled
 * ("AOV in december, all years combined" was December 2026, past the data), a signup cohort "since" or
 * "before" a year (was that year alone), short follow-ups ("and the overall?", "as percentages please"),
 * "highest and lowest revenue category" (both ends of one ranking, was refused as two rankings), and two spans
 * of days compared past the data ("MTD vs the same period last month" was one 42-day total).
 */
const TODAY = '2027-09-29';
const plan = (question: string) => demoPlan([question], TODAY);

describe('a measure in a ranked period', () => {
  it.each([
    ['orders in the busiest month of 2025', 'month', 'count', 'desc'],
    ['revenue in our best month of 2024', 'month', 'total_amount', 'desc'],
    [
      'how many orders did we have on the busiest single day of 2025, and which day was it?',
      'day',
      'count',
      'desc',
    ],
    ['what was revenue in our worst month of 2024 and what month was that?', 'month', 'total_amount', 'asc'],
  ])('"%s": the one %s ranked first', (question, grain, measure, direction) => {
    const p = plan(question);
    expect([p.grain, p.measures.map((m) => m.column), p.top?.n, p.top?.direction]).toEqual([
      grain,
      [measure],
      1,
      direction,
    ]);
  });

  it('keeps a question about the label of a period that is not ranked unread', () => {
    expect(rephrase('revenue on 2025-03-03, and which day was it?')).toContain('which day was it');
  });

  it('still ranks within each group', () => {
    const p = plan('orders in the busiest quarter per region');
    expect(p.perGroup).toBeDefined();
  });
});

describe('a share of a total', () => {
  it('reads "the yearly total" as the year of each quarter', () => {
    const p = plan('revenue per quarter in 2025 as a % of the yearly total');
    expect([p.share !== undefined, p.grain, p.measures.map((m) => m.column)]).toEqual([
      true,
      'quarter',
      ['total_amount'],
    ]);
  });

  it.each([
    ["each month's share of the annual total in 2024, orders", 'count'],
    ['what share of the total did electronics orders make up in 2024', 'count'],
    ["each region's share of the total in 2025", 'total_amount'],
    ["each region's share of the total revenue in 2025", 'total_amount'],
  ])('"%s": a share of %s', (question, measure) => {
    const p = plan(question);
    expect([p.share !== undefined, p.measures.map((m) => m.column)]).toEqual([true, [measure]]);
  });
});

describe('the figures asked to be shown', () => {
  it.each([
    ['which customers spent the most in 2025? top 3 with amounts', 'total_amount'],
    ['top 3 customers by spend in 2025, with the figures.', 'total_amount'],
  ])('"%s": ranked by %s, "amounts" no measure of its own', (question, measure) => {
    const p = plan(question);
    expect([p.top?.n, p.measures.map((m) => m.column)]).toEqual([3, [measure]]);
  });
});

describe('before and after a period', () => {
  it.each([
    ['how many orders were placed before 2024?', undefined, '2024-01-01'],
    ['how many customers signed up before 2023?', undefined, '2023-01-01'],
    ['customers who signed up prior to 2023', undefined, '2023-01-01'],
    ['revenue before march 2024', undefined, '2024-03-01'],
    ['orders after march 2024', '2024-04-01', '2027-09-30'],
  ])('"%s": one open span', (question, from, to) => {
    const p = plan(question);
    expect([p.range?.from === '0001-01-01' ? undefined : p.range?.from, p.range?.to]).toEqual([from, to]);
  });

  it('says "after" for a span that starts after the period', () => {
    expect(plan('orders after march 2024').range?.label).toMatch(/^after March 2024/);
  });
});

describe('a month or quarter of every year, pooled', () => {
  it.each([
    ['avg order value in december, all years combined', 'month_of_year', 'December'],
    ['average order value of all december orders', 'month_of_year', 'December'],
    ['revenue in every q4', 'quarter_of_year', 'Q4'],
    ['how many orders in march, all time?', 'month_of_year', 'March'],
  ])('"%s": every year\'s %s together', (question, column, value) => {
    const p = plan(question);
    expect([p.range, p.grain, p.filters.map((f) => [f.member.column, f.values])]).toEqual([
      undefined,
      undefined,
      [[column, [value]]],
    ]);
  });

  it('keeps a month with its year as that month', () => {
    expect(plan('orders in march 2024, all time').range?.from).toBe('2024-03-01');
  });
});

describe('a signup cohort open at one end', () => {
  it.each([
    [
      'what share of revenue in 2025 came from customers who signed up since 2023?',
      '2023-01-01',
      '2027-09-30',
    ],
    [
      'what share of revenue in 2025 came from customers who signed up before 2023?',
      '0001-01-01',
      '2023-01-01',
    ],
    [
      'what share of 2025 revenue came from customers who signed up after june 2023',
      '2023-07-01',
      '2027-09-30',
    ],
  ])('"%s": the signups from %s to %s', (question, from, to) => {
    const started = plan(question).share?.rows?.started;
    expect([started?.member.column, started?.range.from, started?.range.to]).toEqual([
      'customers_created_at',
      from,
      to,
    ]);
  });
});

describe('follow-ups said in a few words', () => {
  it.each([
    ['avg order value by category 2025', 'and the overall?'],
    ['avg order value by category 2025', 'and the overall average pls'],
  ])('"%s" -> "%s": the breakdown with the figure over every row', (first, then) => {
    const p = demoPlan([first, then], TODAY);
    expect([p.overall, p.dimensions.map((d) => d.column), p.range?.from]).toEqual([
      true,
      ['category'],
      '2025-01-01',
    ]);
  });

  it('reads "as percentages please" after a breakdown as each row\'s share', () => {
    const p = demoPlan(['orders by status in q4 2025', 'as percentages please'], TODAY);
    expect([p.share !== undefined, p.dimensions.map((d) => d.column)]).toEqual([true, ['status']]);
  });

  it('keeps "and the overall?" with nothing before it unanswered', () => {
    expect(demoReading(['and the overall?'], TODAY).kind).not.toBe('plan');
  });
});

describe('both ends of one ranking said together', () => {
  it.each([
    ['highest and lowest revenue category in 2025', 'category'],
    ['highest and lowest spending customer in 2025', 'customers_name'],
  ])('"%s": every %s ranked, both ends kept', (question, column) => {
    const p = plan(question);
    expect([p.top?.n, p.top?.span !== undefined, p.dimensions.map((d) => d.column)]).toEqual([
      0,
      true,
      [column],
    ]);
    // (The lowest of 400 customers is kept beside the highest, not cut off by the row limit.)
    expect(queryFor(p).sql).toMatch(/ORDER BY 1 ASC LIMIT 1 OFFSET 9/);
  });

  it('still refuses two rankings of two figures', () => {
    expect(
      demoReading(
        ['which region had the highest revenue and which had the lowest return rate in 2025'],
        TODAY,
      ).kind,
    ).toBe('refuse');
  });
});

describe('two spans compared past the data', () => {
  const DATA = { schema: [], data: [['2023-01-01', '2025-12-31']], totalRows: 1 };
  const query = (question: string, today: string) => {
    const p = demoPlan([question], today);
    expect(nextStep(p, [], today).kind).toBe('query');
    const step = nextStep(p, [DATA], today);
    return step.kind === 'query' ? step.query.sql : step.kind;
  };

  it.each([
    ['mtd revenue vs same period last month', ['2025-11-01', '2025-11-12', '2025-12-01', '2025-12-12']],
    ['orders in the last 7 days vs the 7 days before', ['2025-12-18', '2025-12-25', '2026-01-01']],
    ['this month vs last month', ['2025-11-01', '2025-12-01', '2026-01-01']],
  ])(
    '"%s" on 2026-02-11: the same spans moved back together to the latest the data holds',
    (question, bounds) => {
      const sql = query(question, '2026-02-11');
      expect(sql).toMatch(/CASE WHEN/);
      for (const bound of bounds) expect(sql).toContain(`'${bound}'`);
    },
  );
});

describe("signup cohorts compared, then the rows' own period", () => {
  it.each([
    'avg revenue per customer for customers who signed up in 2022 vs 2023, in 2025',
    'revenue for customers who signed up in 2022 vs 2023, in 2025',
  ])('"%s": two cohorts, their 2025 orders', (question) => {
    const p = plan(question);
    expect([p.compare?.map((c) => c.label), p.also?.range.label]).toEqual([['2022', '2023'], '2025']);
  });

  it('names a period by its label, not as a number', () => {
    const p = plan('avg revenue per customer for customers who signed up in 2022 vs 2023, in 2025');
    const query = queryFor(p);
    const text = answerFor(p, query, {
      schema: [],
      data: [
        ['2022', 7977.3],
        ['2023', 100],
      ],
      totalRows: 2,
    });
    expect(text).toContain('- 2022: $7,977.30');
  });
});

it('reads "per head" as the average per customer', () => {
  expect(rephrase('revenue per head by region in 2025')).toMatch(/revenue per customer by region/);
  expect(queryFor(plan('revenue per head by region in 2025')).sql).toMatch(/customers_name AS per.*AVG\(v\)/);
});

describe('a share of the previous figure', () => {
  it.each([
    [['how many orders in 2025 were over $500?', 'what share is that of all my 2025 orders?'], 'numbers'],
    [['how many electronics orders in 2025?', 'what share is that of all orders?'], 'part'],
  ])('%j: the previous condition as the part of the whole', (thread, part) => {
    const p = demoPlan(thread, TODAY);
    expect([
      p.range?.label,
      p.filters,
      p.numberFilters,
      Object.keys(p.share ?? {}).concat(Object.keys(p.share?.rows ?? {})),
    ]).toEqual(['2025', [], [], part === 'part' ? ['part'] : ['rows', 'numbers']]);
  });
});

it('reads "company-wide revenue" as the total', () => {
  expect(plan("what's the company-wide revenue for 2025?").measures.map((m) => m.column)).toEqual([
    'total_amount',
  ]);
});

describe('a gloss restating a change over steps', () => {
  it.each([
    ['MoM % change in # of orders for each month Jul-Dec 2025 (each month vs the one before)', true],
    ['QoQ revenue growth in 2025 (vs the previous quarter)', true],
    ['revenue by month in 2025 (each month vs the one before)', false],
    ['MoM change in orders in 2025 (each quarter vs the one before)', false],
  ])('"%s": read away %s', (question, away) => {
    expect(readRestatedGlosses(question) !== question).toBe(away);
  });

  it('keeps the months asked and each one against the one before', () => {
    const p = demoPlan(
      ['MoM % change in # of orders for each month Jul-Dec 2025 (each month vs the one before)'],
      TODAY,
    );
    expect([p.change !== undefined, p.grain, p.range?.from, p.range?.to]).toEqual([
      true,
      'month',
      '2025-07-01',
      '2026-01-01',
    ]);
  });
});

describe('remarks beside a change', () => {
  it('reads a belief in parentheses away', () => {
    expect(
      rephrase('Which category held up best on order count from 2023 to 2025? (I think they all dipped)'),
    ).not.toMatch(/think|dipped/);
  });

  it('keeps a parenthesis that is no belief', () => {
    expect(rephrase('revenue by region (west only) in 2025')).toMatch(/west only/);
  });

  it('reads "and how many fewer returns was that" after a change as its size', () => {
    const p = demoPlan(
      [
        'Which category had the biggest drop in returned orders from 2024 to 2025, and how many fewer returns was that?',
      ],
      TODAY,
    );
    expect([
      p.change !== undefined,
      p.filters.map((f) => f.values),
      p.dimensions.map((d) => d.column),
    ]).toEqual([true, [['returned']], ['category']]);
  });
});

describe('after the merge of the sixth session', () => {
  it('counts a plain threshold on a total per value of a breakdown (was refused once conditions on rows read it)', () => {
    const sql = queryFor(plan('by segment, the number of customers who spent under $22,000 in total')).sql;
    expect(sql).toMatch(/customers_segment, SUM\(ok\)/);
    expect(sql).toMatch(/MEASURE\(total_amount\) < 22000/);
  });

  it('reads "(looking at all their orders)" beside a figure per buyer as a restatement', () => {
    expect(
      readRestatedGlosses(
        'number of buyers whose avg order size is above $550 (looking at all their orders)',
      ),
    ).toBe('number of buyers whose avg order size is above $550');
    expect(
      readRestatedGlosses(
        'how many customers had every one of their 2023 orders completed (looking at all their orders)',
      ),
    ).toMatch(/looking at all their orders/);
  });
});
