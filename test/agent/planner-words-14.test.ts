import { describe, expect, it } from '@jest/globals';
import { inAskersWords } from '../../functions/agent/planner/missing';
import { wholeBeyondGround } from '../../functions/agent/planner/own-ground';
import type { Plan } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { refusalText } from '../../functions/agent/planner/respond';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * The planner's readings of tuning set 14 (issue 29, words): the asker's own ground in slang ("my patch", "my
 * turf", "my neck of the woods"; own-ground.ts), headcounts and market segments (business-words.ts), the noun a
 * count opens with (words.ts), the figure over every row beside an average breakdown (grand-total.ts), apologies
 * before the ask (asides.ts), short typos (readings.ts), and refusals: a share of the company's whole asked of the
 * asker's own region, phrases that overlap named once (missing.ts). Answers on the sample are judged by tuning
 * set 14 in planner-tuning-6.test.ts; here, how each is read.
 */
const TODAY = '2026-02-11';
const plan = (question: string): Plan => demoPlan([question], TODAY);
const read = (question: string) => demoReading([question], TODAY);
const shape = (question: string) => {
  const p = plan(question);
  return {
    measures: p.measures.map((m) => m.column),
    dimensions: p.dimensions.map((d) => d.column),
    filters: Object.fromEntries(p.filters.map((f) => [f.member.column, f.values])),
    range: p.range ? [p.range.from, p.range.to] : undefined,
  };
};

describe("the asker's own ground", () => {
  it('reads "my patch", "my turf" and "my neck of the woods" as the asker\'s region, with a seller\'s verb', () => {
    // Prepare / Act / Assess: each is the asker's rows (their access keeps them to their region), no breakdown.
    expect(shape('how many completed orders did my patch log in Nov 2025?')).toEqual({
      measures: ['count'],
      dimensions: [],
      filters: { status: ['completed'] },
      range: ['2025-11-01', '2025-12-01'],
    });
    expect(shape('how many completed orders did my territory rack up in Oct 2025?')).toMatchObject({
      measures: ['count'],
      dimensions: [],
    });
    expect(shape('revenue on my turf for 2024')).toMatchObject({
      measures: ['total_amount'],
      dimensions: [],
    });
    expect(shape('avg order value in my neck of the woods for 2023')).toMatchObject({
      measures: ['average_amount'],
      dimensions: [],
    });
    expect(shape('for my territory plan — toys revenue my patch booked in H2 2025')).toEqual({
      measures: ['total_amount'],
      dimensions: [],
      filters: { category: ['toys'] },
      range: ['2025-07-01', '2026-01-01'],
    });
  });

  it("refuses a share of the whole company asked of the asker's region, saying they see only their region", () => {
    for (const question of [
      'what share of total company revenue did my region bring in last year?',
      'my patch as a % of overall sales in 2025',
      "what percent of the company's orders in 2024 came from my territory?",
      'what % of total revenue is my region in 2025',
      "how much of the company's revenue comes from my turf",
      "my region's contribution to total revenue in 2025",
    ]) {
      const reading = read(question);
      expect(reading).toMatchObject({
        kind: 'refuse',
        said: expect.stringMatching(/your own region's rows only/),
      });
      if (reading.kind !== 'refuse') throw new Error(question);
      // (No close questions: by region, the asker would see their own region alone.)
      expect(refusalText(reading, [])).not.toMatch(/Close questions/);
    }
  });

  it("keeps a share whose whole is the asker's own region", () => {
    expect(
      wholeBeyondGround('what share of total revenue in my region came from toys in 2025?'),
    ).toBeUndefined();
    expect(wholeBeyondGround("what % of my region's revenue is electronics?")).toBeUndefined();
    expect(wholeBeyondGround('revenue in my patch for 2024')).toBeUndefined();
    expect(wholeBeyondGround('what share of all orders in my territory were cancelled')).toBeUndefined();
    expect(wholeBeyondGround("how much of my region's total revenue came from toys")).toBeUndefined();
  });
});

describe('people counted in other words', () => {
  it('reads "the headcount of clients" and "client headcount" as the number of customers, by market segment', () => {
    for (const question of [
      'gimme the headcount of clients by market segment',
      'client headcount per segment pls',
      'how many accounts do we have in each market segment?',
    ])
      expect(shape(question)).toMatchObject({ measures: ['count'], dimensions: ['segment'] });
    expect(plan('revenue by market segment for 2025').dimensions.map((d) => d.column)).toEqual([
      'customers_segment',
    ]);
  });

  it('leaves "headcount" alone unread: it counts staff', () => {
    expect(read("what's our headcount?").kind).not.toBe('plan');
  });

  it('counts the noun a count opens with, not the people who are the subject of its verb', () => {
    expect(shape('how many orders did enterprise customers buy furniture in 2024?')).toMatchObject({
      measures: ['count'],
      filters: { customers_segment: ['enterprise'], category: ['furniture'] },
    });
    expect(shape('how many orders did people in the south buy toys in Q1 2025')).toMatchObject({
      measures: ['count'],
      filters: { region: ['south'], category: ['toys'] },
    });
    expect(shape('how many customer orders in 2024')).toMatchObject({ measures: ['count'] });
    expect(shape('number of orders customers placed in 2024')).toMatchObject({ measures: ['count'] });
    // (The customers with a furniture order, counted by the per-customer conditions since tuning set 20.)
    expect(queryFor(demoPlan(['how many customers bought furniture in 2024'], TODAY)).sql).toMatch(
      /SELECT COUNT\(\*\) AS customers FROM \(SELECT customers_name .*HAVING SUM\(CASE WHEN category = 'furniture' THEN 1 ELSE 0 END\) >= 1/,
    );
  });
});

describe('the figure over every row beside an average breakdown', () => {
  it('reads ", and the total" and "plus the overall" after an average breakdown as the average of every row', () => {
    for (const question of [
      'avg order value by category for 2024, and the total',
      'AOV per region in 2025 plus the overall',
    ]) {
      const p = plan(question);
      expect(p.overall).toBe(true);
      const query = queryFor(p);
      // The overall average from the rows themselves (no average of the groups' averages).
      expect(query.sql).toMatch(
        /^WITH t AS \(SELECT .* GROUP BY 1\), a AS \(SELECT MEASURE\(average_amount\)/,
      );
      expect(query.columns.at(-1)).toMatchObject({ role: 'whole' });
    }
  });

  it('leaves a total beside a count breakdown to its rows, and refuses an overall beside a ranking', () => {
    expect(plan('orders by region in 2024, and the total').overall).toBeUndefined();
    expect(read('top 2 categories by avg order value in 2024, and the overall')).toMatchObject({
      kind: 'refuse',
    });
  });
});

describe('words around the ask', () => {
  it('drops an apology or a self-doubt before the ask, and nothing else at the start', () => {
    expect(shape('sorry if this is a dumb question but what was grocery revenue in March 2025?')).toEqual({
      measures: ['total_amount'],
      dimensions: [],
      filters: { category: ['grocery'] },
      range: ['2025-03-01', '2025-04-01'],
    });
    expect(shape('probably a silly question, revenue in 2024?')).toMatchObject({
      measures: ['total_amount'],
    });
    expect(shape('for each region revenue in 2024')).toMatchObject({ dimensions: ['region'] });
  });

  it('reads a five-letter value with two letters swapped ("nroth"), and no other short slip', () => {
    expect(shape('quick q before my flight: cancelld orders in the nroth for 2024?')).toMatchObject({
      filters: { status: ['cancelled'], region: ['north'] },
    });
    expect(read('revenue in the nort for 2024').kind).not.toBe('plan');
  });
});

describe("refusals in the asker's words", () => {
  it('names overlapping phrases once', () => {
    expect(inAskersWords(['gross profit', 'profit margin'], 'gross profit margin by product line')).toEqual([
      'gross profit margin',
    ]);
    expect(inAskersWords(['profit', 'gross profit'], 'gross profit by region')).toEqual(['gross profit']);
    expect(
      inAskersWords(
        ['status returned', 'customers returned'],
        'how many customers returned 5 orders (status returned)',
      ),
    ).toEqual(['customers returned', 'status']);
    expect(inAskersWords(['black', 'friday campaign'], 'revenue from the black friday campaign')).toEqual([
      'black friday campaign',
    ]);
  });
});
