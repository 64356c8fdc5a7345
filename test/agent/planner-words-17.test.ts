import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * The planner's readings of tuning set 17 (issue 29, wording and unknown words): a period given as an instruction
 * after the ask (instructions.ts), self-corrections (corrections.ts), a seller's verbs of tallying (slang.ts), size
 * words defined by their bound (order-sizes.ts), a figure quoted from elsewhere (quoted-figures.ts) and exclusions
 * that must never be read as the value they exclude (members.ts, entity-conditions.ts). Each wording reads as the
 * plain ask it wraps, or is refused when a word of it cannot be placed. Answers on the sample are judged by tuning
 * set 17 in planner-tuning-6.test.ts.
 */
const TODAY = '2026-03-10';
const plan = (question: string) => demoPlan([question], TODAY);
const read = (question: string) => demoReading([question], TODAY);
/** The SQL a question is answered with (plans keep the catalog found for their own words). */
const sql = (question: string) => queryFor(plan(question)).sql;

describe('a period given as an instruction after the ask', () => {
  it('reads "use 2023", "stick to last year", "let\'s say Q3 2025", "take 2024" as the period of the ask', () => {
    expect(sql('number of cancelled orders per region. use 2023 please')).toEqual(
      sql('number of cancelled orders per region in 2023'),
    );
    expect(sql('revenue by category - stick to last year')).toEqual(sql('revenue by category last year'));
    expect(sql('how many unique customers bought something? let’s say Q3 2025')).toEqual(
      sql('how many unique customers bought something in Q3 2025?'),
    );
    expect(sql('avg order value by segment (go with 2024)')).toEqual(
      sql('avg order value by segment in 2024'),
    );
  });

  it('reads "on average how many orders does one of my customers place in a year? use 2025" per customer', () => {
    const p = plan('on average how many orders does one of my customers place in a year? use 2025');
    expect(p.range?.label).toBe('2025');
    expect(queryFor(p).sql).toEqual(sql('how many orders does the average customer place in a year in 2025'));
    expect(sql('on average how many orders does a customer of mine place in a year? take 2024')).toEqual(
      sql('how many orders does the average customer place in a year in 2024'),
    );
  });

  it('never reads an instruction beside a period of the ask', () => {
    expect(read('revenue in 2024? use 2025').kind).not.toBe('plan');
  });
});

describe('self-corrections', () => {
  it('reads the corrected period, value or breakdown in place of the one it corrects', () => {
    expect(sql('revenue by region for 2023 - I mean 2024')).toEqual(sql('revenue by region for 2024'));
    expect(sql('orders in March 2024, sorry, I meant 2025')).toEqual(sql('orders in March 2025'));
    expect(sql('how many cancelled orders in 2025 — sorry, I meant returned')).toEqual(
      sql('how many returned orders in 2025'),
    );
    expect(sql('orders in the west, no wait, the east, for Q2 2025')).toEqual(
      sql('orders in the east, for Q2 2025'),
    );
    expect(sql('avg order value by category for 2025, no wait, by region')).toEqual(
      sql('avg order value by region for 2025'),
    );
  });

  it("reads a correction of the asker's title, and one that opens a follow-up, as the change it makes", () => {
    expect(sql('VP of sales wants total revenue by region for 2024 - I mean the CFO')).toEqual(
      sql('total revenue by region for 2024'),
    );
    const thread = demoPlan(['revenue by region for 2023', 'sorry, I meant 2024'], TODAY);
    expect(thread.range?.label).toBe('2024');
    expect(demoPlan(['orders in the west in 2024', 'oops I meant the east'], TODAY).filters).toEqual([
      expect.objectContaining({ values: ['east'], negate: false }),
    ]);
  });

  it('leaves "make that a chart" and a filler "I mean" alone', () => {
    expect(sql('revenue by region for 2024, make that a chart')).toEqual(sql('revenue by region for 2024'));
    expect(sql('so, I mean, what was revenue in 2024?')).toEqual(sql('what was revenue in 2024?'));
  });

  it('refuses a correction it cannot place, and one whose word the model lacks', () => {
    // (Two years said: which one "2025" corrects is not known.)
    const twoYears = read('revenue 2023 vs 2024 - I mean 2025');
    expect(twoYears.kind).toBe('refuse');
    expect(JSON.stringify(twoYears)).toMatch(/corrects/);
    expect(read('revenue by region for 2024 - I mean gross margin').kind).toBe('refuse');
    expect(read('orders by region for 2024 - sorry, I meant by channel').kind).toBe('refuse');
  });
});

describe("a seller's verbs of tallying", () => {
  it('reads "racked up", "pulled in", "chalked up", "clocked", "raked in" as having the rows or the money', () => {
    expect(sql('For each order status, which region racked up the most orders in 2025?')).toEqual(
      sql('For each order status, which region had the most orders in 2025?'),
    );
    expect(sql('which category pulled in the most revenue in 2024?')).toEqual(
      sql('which category had the most revenue in 2024?'),
    );
    expect(sql('how many orders did furniture clock in Q4 2024?')).toEqual(
      sql('how many orders did furniture have in Q4 2024?'),
    );
    expect(sql('which region raked in the most money in 2023')).toEqual(
      sql('which region had the most money in 2023'),
    );
  });
});

describe('size words defined by their bound', () => {
  it('drops "small", "tiny", "big-ticket", "large" when a bound the same way follows', () => {
    const small = plan('roughly what share of 2025 orders were small ones, under $100?');
    expect(small.share?.rows?.numbers).toEqual([expect.objectContaining({ op: '<', value: 100 })]);
    expect(sql('how many tiny orders below 20 bucks came in during 2025?')).toEqual(
      sql('how many orders below $20 came in during 2025?'),
    );
    const big = plan('what % of 2024 orders were big-ticket ones (over $1k)?');
    expect(big.share?.rows?.numbers).toEqual([expect.objectContaining({ op: '>', value: 1000 })]);
    expect(plan('revenue from large orders, i.e. $500 and up, in 2023').numberFilters).toEqual([
      expect.objectContaining({ op: '>=', value: 500 }),
    ]);
  });

  it('refuses a size word with no bound, or with a bound the other way', () => {
    expect(read('how many small orders did we have in 2025?').kind).toBe('refuse');
    expect(read('how many small orders over $500 in 2024').kind).toBe('refuse');
  });

  it('never reads "$2k" as the year 2000', () => {
    const p = plan('how many high-value orders ($2k+) in 2025');
    expect(p.range?.label).toBe('2025');
    expect(p.compare).toBeUndefined();
    expect(plan('how many orders over $2k in 2025').numberFilters).toEqual([
      expect.objectContaining({ op: '>', value: 2000 }),
    ]);
  });
});

describe('a figure quoted from elsewhere', () => {
  it("answers the data's own figure, the quote being context only", () => {
    expect(
      sql('our CRM export says the west did about 40M in 2024 - what do you have for west revenue 2024?'),
    ).toEqual(sql('west revenue 2024?'));
    expect(
      sql('my dashboard shows about 12k orders in Q1 2025 — how many orders do you see for Q1 2025?'),
    ).toEqual(sql('how many orders in Q1 2025?'));
    expect(
      sql('sales ops claims the east brought in 9M last year; what do you show for east revenue in 2025?'),
    ).toEqual(sql('east revenue in 2025?'));
  });

  it('keeps the quote when the ask does not name again what it names', () => {
    // (The period is the quote's alone: dropping it would answer another question.)
    expect(read('the CRM says 40M in 2024 for the west - what do you have for the east?').kind).not.toBe(
      'plan',
    );
  });
});

describe('exclusions never read as the value they exclude', () => {
  it('negates a value after "excluding orders from", "except the ones that were", "w/o", "everything but"', () => {
    const cases: [string, string][] = [
      ['total revenue 2024 excluding orders from the west', 'west'],
      ['orders in 2025 except the ones that were returned', 'returned'],
      ['revenue in 2023 w/o cancelled orders', 'cancelled'],
      ['avg order value in 2024, except for anything in toys', 'toys'],
      ['how many orders in Q1 2025 excluding anything that got cancelled?', 'cancelled'],
      ['revenue by region for 2025 - everything but grocery', 'grocery'],
    ];
    for (const [question, value] of cases) {
      const p = plan(question);
      expect({ question, filters: p.filters.map((f) => ({ values: f.values, negate: f.negate })) }).toEqual({
        question,
        filters: [{ values: [value], negate: true }],
      });
    }
  });

  it('never sets aside a clause that takes rows out as a side remark ("not the promo stuff", "sans refunds")', () => {
    for (const question of [
      'revenue by region in 2024, not the promo stuff',
      'revenue by region in 2024, no promos',
      'orders in 2025 - but not the duplicates',
      'revenue in 2024, sans refunds',
      "revenue in 2024, don't count promos",
    ])
      expect({ question, kind: read(question).kind }).toEqual({ question, kind: 'refuse' });
    // (Urgency and doubt are no exclusion.)
    expect(sql('revenue by region in 2024 - no rush')).toEqual(sql('revenue by region in 2024'));
    expect(sql('total revenue 2024? not urgent')).toEqual(sql('total revenue 2024?'));
  });

  it('refuses an exclusion left unread rather than dropping it', () => {
    // (No reading takes "excluding" to a number: the orders over $500 would be the ones counted.)
    expect(read('revenue excluding orders over $500 in 2024').kind).toBe('refuse');
    expect(read('revenue in 2024 without the stuff we refunded').kind).toBe('refuse');
  });
});

describe('exclusions beside a breakdown', () => {
  it('reads "by category ... leave out the west", "by region ... without toys" as rows excluded, not a condition', () => {
    expect(sql('revenue by category in 2025 - leave out the west')).toEqual(
      sql('revenue by category in 2025 excluding the west'),
    );
    const p = plan('orders by region in 2024 without toys');
    expect(p.having).toBeUndefined();
    expect(p.filters).toEqual([expect.objectContaining({ values: ['toys'], negate: true })]);
    expect(sql('orders in 2024 by region, ignore cancelled')).toEqual(
      sql('orders in 2024 by region excluding cancelled'),
    );
  });

  it('keeps "customers without any returned orders" a condition on each customer', () => {
    expect(plan('customers without any returned orders in 2024').having).toEqual(
      expect.objectContaining({ op: '=', value: 0 }),
    );
  });
});

describe('who asked, and the event a period names', () => {
  it('drops "Jordan from finance asked me for", "per my last email, can you send", a trailing "lol"', () => {
    expect(sql('Jordan from finance asked me for total revenue in 2024')).toEqual(
      sql('total revenue in 2024'),
    );
    expect(sql('per my last email, can you send revenue by category for 2025')).toEqual(
      sql('revenue by category for 2025'),
    );
    expect(sql("ok so what's total rev for 2024 lol")).toEqual(sql("what's total rev for 2024"));
  });

  it('drops an event named with a period when the ask has its own, and keeps it otherwise', () => {
    expect(sql('for the Q3 board deck: revenue by region in 2024')).toEqual(sql('revenue by region in 2024'));
    expect(sql('need this for the 2026 planning offsite - orders by region in 2025')).toEqual(
      sql('orders by region in 2025'),
    );
    // (A value in the event's name may filter: the clause stays, and is refused by its word the model lacks.)
    expect(read('for the west Q3 review: revenue by region in 2024').kind).toBe('refuse');
  });
});
