import { describe, expect, it } from '@jest/globals';
import { readGrandTotal } from '../../functions/agent/planner/grand-total';
import { inAskersWords } from '../../functions/agent/planner/missing';
import { rephrase } from '../../functions/agent/planner/phrases';
import { queryFor } from '../../functions/agent/planner/query';
import type { Reading } from '../../functions/agent/planner/reading';
import { answerFor, refusalText } from '../../functions/agent/planner/respond';
import { readSlang } from '../../functions/agent/planner/slang';
import { demoCatalog, demoReading } from './support/demo-reading';

/**
 * Answers in the asker's words and words around an answerable ask (issue 29, tuning-13-words.ts): a plural term
 * said back with its own verb, "mean" said back as "mean", a grand total beside a breakdown, money slang, an
 * existence question, a purpose beside the ask, a document being checked, who needs the figure said with no
 * break, and refusals that quote the asker's own words, never the planner's rewriting of them. Every reading that
 * would change what is counted still refuses. On the demo model's catalog.
 */
const read = (question: string): Reading => demoReading([question], '2026-07-08');
const plan = (question: string) => {
  const reading = read(question);
  if (reading.kind !== 'plan') throw new Error(`not answered: ${question} (${JSON.stringify(reading)})`);
  return reading.plan;
};
const refusal = (question: string) => {
  const reading = read(question);
  if (reading.kind !== 'refuse') throw new Error(`${question}: read as ${reading.kind}`);
  return refusalText(reading, demoCatalog(question));
};
/** The plan's measures, breakdowns, filters, amount bounds and period, as compact as a test reads them. */
const shape = (question: string) => {
  const p = plan(question);
  return {
    measures: p.measures.map((m) => m.column),
    dimensions: p.dimensions.map((d) => d.column),
    filters: p.filters.map((f) => [f.member.column, ...f.values]),
    bounds: p.numberFilters.map((f) => `${f.op}${f.value}`),
    range: p.range ? `${p.range.from}..${p.range.to}` : undefined,
    grain: p.grain,
  };
};
/** The answer to a one-figure question on a result of that figure. */
const oneFigure = (question: string, value: number) => {
  const p = plan(question);
  const query = queryFor(p);
  return answerFor(p, query, {
    schema: query.columns.map((c, i) => ({ name: `${c.role}${i}`, column_type: 'DOUBLE' })),
    data: [[value]],
    totalRows: 1,
  });
};

describe("answers in the asker's words", () => {
  it('gives a plural term its own verb: "the sales are", "the revenues are", but "the revenue is"', () => {
    expect(oneFigure('what were the sales for toys in Q3 2024?', 8391621.07)).toMatch(
      /\bthe sales are \$8,391,621\.07/,
    );
    expect(oneFigure('how much were revenues in the north in 2023', 42516145.6)).toMatch(
      /\bthe revenues are \$/,
    );
    expect(oneFigure('revenue for toys in 2024', 100)).toMatch(/\bthe revenue is \$100/);
    // A count is one number of them.
    expect(oneFigure('how many buyers did we have in 2025?', 120)).toMatch(/\bis 120\b/);
  });

  it('says "mean" back when the asker said mean', () => {
    expect(oneFigure("what's the mean spend per order for grocery in 2023?", 500.43)).toMatch(
      /\bthe mean amount is \$500\.43/,
    );
    expect(oneFigure('mean order amount in the south for H1 2024, to the cent please', 504.9)).toMatch(
      /\bmean amount is \$504\.90/,
    );
    expect(oneFigure('whats the mean order value for Q1 2025', 502.11)).toMatch(/\bmean\b/);
    // (An average asked as an average stays one.)
    expect(oneFigure('average order value for Q1 2025', 502.11)).not.toMatch(/\bmean\b/);
  });

  it('reads a grand total beside a breakdown of a count or an amount away: the answer states it', () => {
    expect(shape('cancelled order count by region for 2024, and the total across regions')).toMatchObject({
      measures: ['count'],
      dimensions: ['region'],
      filters: [['status', 'cancelled']],
    });
    expect(shape('revenue per category in 2023 plus a grand total')).toMatchObject({
      measures: ['total_amount'],
      dimensions: ['category'],
    });
    expect(
      shape('how many orders did each segment place in 2025? and the overall total too').measures,
    ).toEqual(['count']);
    // Beside an average the total is another figure; with no breakdown there is nothing to add up.
    expect(readGrandTotal('avg order value by region in 2024 and the total')).toMatch(/total/);
    expect(readGrandTotal('orders in 2024 and the total')).toMatch(/total/);
  });

  it('reads "as a whole number" and "one decimal is plenty" as roundings, never as a count', () => {
    expect(shape('avg ticket for clothing in 2025 as a whole number').measures).toEqual(['average_amount']);
    expect(plan('avg order value in 2025 in whole numbers').rounding).toEqual({ scale: 1 });
    expect(plan('what was 2024 revenue in millions? one decimal is plenty').rounding).toMatchObject({
      decimals: 1,
    });
  });
});

describe('money slang and questions of whether any rows exist', () => {
  it('reads bucks and grand as dollars, and an amount like a year as an amount', () => {
    expect(readSlang('any orders under five bucks?')).toBe('any orders under $5?');
    expect(readSlang('over 2 grand')).toBe('over $2000.00');
    expect(shape('any orders above a grand in 2024? how many?').bounds).toEqual(['>1000']);
    expect(shape('how many orders over $2,000?')).toMatchObject({ bounds: ['>2000'], range: undefined });
    expect(shape('orders under 20 bucks in 2025').bounds).toEqual(['<20']);
  });

  it('counts the rows of "did anybody ...? how many such orders?", never their buyers', () => {
    expect(shape('did anybody place an order for under five bucks? how many such orders?')).toMatchObject({
      measures: ['count'],
      bounds: ['<5'],
    });
    expect(
      shape('did anyone buy furniture for under ten bucks in 2025? how many orders like that?'),
    ).toMatchObject({ measures: ['count'], filters: [['category', 'furniture']], bounds: ['<10'] });
    expect(
      shape('did anybody in the west order toys over $990 in 2024? how many such orders?'),
    ).toMatchObject({ measures: ['count'], bounds: ['>990'] });
  });
});

describe('words around an answerable ask', () => {
  it('drops a purpose beside the ask when it names only what the ask names', () => {
    expect(
      shape('trying to figure out where cancellations cluster - cancelled orders by region in 2024'),
    ).toMatchObject({ measures: ['count'], dimensions: ['region'], filters: [['status', 'cancelled']] });
    expect(
      shape('number of returned orders per category for 2025, want to see where the returns are piling up'),
    ).toMatchObject({ dimensions: ['category'], filters: [['status', 'returned']] });
    expect(shape('just curious how sales are trending: revenue by month in 2024')).toMatchObject({
      measures: ['total_amount'],
      grain: 'month',
    });
    // A purpose that names rows of its own is no aside: never answered without them.
    const own = read('trying to see where cancellations cluster in the north - cancelled orders by region');
    if (own.kind === 'plan') expect(own.plan.filters.flatMap((f) => f.values)).toContain('north');
  });

  it('drops a document being checked, even a forecast one, but never the forecast as a source', () => {
    expect(
      shape('sanity-checking my forecast model - how many orders did we take in 2024 in total?'),
    ).toMatchObject({ measures: ['count'], range: '2024-01-01..2025-01-01' });
    expect(shape('double-checking our forecast spreadsheet: electronics revenue in 2025?')).toMatchObject({
      measures: ['total_amount'],
      filters: [['category', 'electronics']],
    });
    expect(shape('reconciling the budget sheet, orders in Q1 2024').measures).toEqual(['count']);
    expect(read('per the forecast, how many orders in 2024?').kind).toBe('refuse');
    // (A clause of its own that names a budget, a target or a plan is no side remark either.)
    expect(read('according to the budget, revenue for 2025').kind).toBe('refuse');
    expect(read('according to the target, revenue for 2025').kind).toBe('refuse');
    expect(read('per our plan: orders in Q1 2025').kind).toBe('refuse');
  });

  it('drops who needs the figure said straight before the ask, unless it names the data', () => {
    expect(shape('Exec summary needs completed-order revenue for 2025 by customer type')).toMatchObject({
      measures: ['total_amount'],
      filters: [['status', 'completed']],
    });
    expect(shape('Board pack needs order count by category for 2024')).toMatchObject({
      measures: ['count'],
      dimensions: ['category'],
    });
    expect(shape('the CFO wants total revenue for 2023 by quarter')).toMatchObject({ grain: 'quarter' });
    // ("quarterly" is the review's rhythm, not a grain.)
    const review = shape('the quarterly business review deck needs revenue by segment for last year');
    expect(review).toMatchObject({ dimensions: ['customers_segment'], range: '2025-01-01..2026-01-01' });
    expect(review.grain).toBeUndefined();
    expect(
      shape('ok so my boss keeps asking about this and I need the west revenue for 2024 can you get it'),
    ).toMatchObject({ measures: ['total_amount'], filters: [['region', 'west']] });
    // A need that names a value is never read away.
    const west = read('the west team needs revenue for 2024');
    if (west.kind === 'plan') expect(west.plan.filters.flatMap((f) => f.values)).toEqual(['west']);
    else expect(west.kind).toBe('refuse');
  });

  it('reads notes, urgency, a ballpark and a 1:1 as words about the ask', () => {
    expect(shape('FYI this is for the weekly standup - avg order value by region, 2025')).toMatchObject({
      measures: ['average_amount'],
      dimensions: ['region'],
    });
    expect(
      shape('FYI this is for the weekly standup - avg order value by region, 2025').grain,
    ).toBeUndefined();
    expect(
      shape(
        "hey hope you're well! when you get a chance could you pull cancelled orders by quarter for 2025? no rush",
      ),
    ).toMatchObject({ measures: ['count'], grain: 'quarter' });
    expect(shape('ballpark is fine: how much did consumer customers spend in 2024?')).toMatchObject({
      measures: ['total_amount'],
      filters: [['customers_segment', 'consumer']],
    });
    expect(shape('just need one number for my 1:1 - revenue in 2024').measures).toEqual(['total_amount']);
    expect(shape('rough numbers are fine - orders per segment in 2024').dimensions).toEqual([
      'customers_segment',
    ]);
    expect(shape('a rough estimate is fine - how many returns in 2025?').filters).toEqual([
      ['status', 'returned'],
    ]);
  });

  it('reads a doubt, a request to send, "-wise" and the work the figure is for as words about the ask', () => {
    expect(shape('pls send over 2025 order counts by month, thx!')).toMatchObject({
      measures: ['count'],
      grain: 'month',
    });
    expect(shape("how'd we do in Q3 2025 revenue-wise?").measures).toEqual(['total_amount']);
    expect(shape('revenue-wise, how did the north do in 2024?').filters).toEqual([['region', 'north']]);
    expect(
      shape("I need to know the number of orders we had in Nov 2024 for a report I'm writing"),
    ).toMatchObject({
      measures: ['count'],
      range: '2024-11-01..2024-12-01',
    });
    expect(shape('not sure if you can do this but what was revenue in the south in 2024').filters).toEqual([
      ['region', 'south'],
    ]);
    expect(shape('long shot, but can you give me avg order value by segment for 2023?').measures).toEqual([
      'average_amount',
    ]);
    // (Work that names a value is no aside: "for a west report I'm writing" filters or is refused.)
    const west = read("orders in 2024 for a west report I'm writing");
    if (west.kind === 'plan') expect(west.plan.filters.flatMap((f) => f.values)).toEqual(['west']);
    else expect(west.kind).toBe('refuse');
  });

  it('reads a misspelt plural of a short word ("ordres")', () => {
    expect(shape('how many ordres were retruned in 2024')).toMatchObject({
      measures: ['count'],
      filters: [['status', 'returned']],
    });
  });
});

describe("refusals in the asker's words", () => {
  it("quote the words the asker wrote, never the planner's rewriting of them", () => {
    const marketing = refusal('how much did marketing bring in during 2024?');
    expect(marketing).toMatch(/nothing for "marketing"\./);
    expect(marketing).not.toMatch(/\bearn\b/);
    expect(refusal('what did the marketing team generate in 2025?')).not.toMatch(/\bearn\b/);
    expect(
      inAskersWords(['june through', 'jun through'], "last summer's revenue (Jun-Aug) vs the one before"),
    ).toEqual(['jun-aug']);
    expect(inAskersWords(['marketing earn'], 'how much did marketing bring in')).toEqual(['marketing']);
    // Phrases side by side in the question are named as one.
    expect(
      inAskersWords(['friday campaign', 'black'], 'what did the Black Friday campaign generate'),
    ).toEqual(['black friday campaign']);
    // (Nothing of the asker's left: the phrases stay, so the refusal still names something.)
    expect(inAskersWords(['through'], 'revenue Jun-Aug')).toEqual(['through']);
  });

  it('still refuse words the data lacks beside the readings above', () => {
    expect(refusal('total earnings from furniture in 2025?')).toMatch(/earnings/);
    expect(refusal('revenue from June through August 2024 by warehouse')).toMatch(/"warehouse"/);
    expect(read('did anyone use a coupon on orders over $500 in 2024? how many such orders?').kind).toBe(
      'refuse',
    );
  });
});

describe('holidays, one list for a day named with its year and with "this"/"last year"', () => {
  it('reads each holiday the same both ways', () => {
    for (const [name, day] of [
      ['Black Friday', 'november 28 2025'],
      ['christmas eve', 'december 24 2025'],
      ["new year's eve", 'december 31 2025'],
      ['valentines day', 'february 14 2025'],
      ['Cyber Monday', 'december 1 2025'],
    ] as const) {
      expect(rephrase(`revenue since ${name} last year`, '2026-07-08')).toBe(`revenue since ${day}`);
      expect(rephrase(`revenue since ${name} 2025`, '2026-07-08')).toBe(`revenue since ${day}`);
    }
  });
});
