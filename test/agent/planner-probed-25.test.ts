import { describe, expect, it } from '@jest/globals';
import { readAliases } from '../../functions/agent/planner/aliases';
import { readDefinitions } from '../../functions/agent/planner/definitions';
import { unreadKindCutoff } from '../../functions/agent/planner/not-ordered-by';
import { readPeriodGlosses } from '../../functions/agent/planner/period-glosses';
import { rephrase } from '../../functions/agent/planner/phrases';
import { previousUnitSaid } from '../../functions/agent/planner/previous-pointers';
import { queryFor } from '../../functions/agent/planner/query';
import { refusalText } from '../../functions/agent/planner/respond';
import { readRounding, roundFigures } from '../../functions/agent/planner/rounding';
import { demoCatalog, demoPlan } from './support/demo-reading';

/**
 * Readings fixed from questions probed on a clock of the lead's own (2027-05-26, tuning-25-probed.ts): money asked
 * with the people who spend as the subject (was the number of customers: confidently wrong), "bring in" over a
 * span "from ... to ..." (was the number of orders), a single total over a span that straddles the data's end
 * (its end was not said), "the previous one" and "the one before" of a previous answer by quarter or month (were
 * the same quarter a year before, or refused), "the average month" of a monthly answer (was refused, or the
 * average order amount), each value's share of one value's whole in a period ("each category's share of north's
 * 2024 revenue": was north's share of each category), another measure summed over the top N% of the rows ranked
 * by the measure after "by" (was the ranking measure's share), a group's leader ranked "by 2025 spend" with
 * another figure beside it (was ranked by that figure), and periods relative to today glossed with their names.
 */
const TODAY = '2027-05-26';
const plan = (...questions: string[]) => demoPlan(questions, TODAY);
const columns = (...questions: string[]) => plan(...questions).measures.map((m) => m.column);

describe('money asked of the people who spend it', () => {
  it.each([
    'how much did customers in the west spend in 2025?',
    'how much did customers spend in 2025?',
    'total spend of customers in the north in 2024',
    'how much did each region’s customers spend in 2024?',
  ])('%s is the sum of their orders', (question) => {
    expect(columns(question)).toEqual(['total_amount']);
  });

  it('reads "each region\'s customers" as the customers in each region, not a list of every customer', () => {
    expect(
      plan("how much did each region's customers spend in 2024?").dimensions.map((d) => d.column),
    ).toEqual(['region']);
    expect(rephrase("what did each segment's customers spend?", TODAY)).toContain(
      'customers in each segment spend',
    );
  });

  it('still counts the people when "how many" asks for them', () => {
    const p = plan('how many customers in the east spent over $9,000 in 2025?');
    expect(queryFor(p).sql).toMatch(/HAVING|> 9000/);
    expect(columns('how many customers in the west spent money with us in 2025?')).not.toContain(
      'total_amount',
    );
  });

  it('reads "bring in" over a span as money', () => {
    expect(columns('what did the south bring in from Oct 2025 to Dec 2025?')).toEqual(['total_amount']);
    expect(columns('what did the south bring in between March and May 2024?')).toEqual(['total_amount']);
  });
});

describe('the previous answer\'s unit for "the previous one"', () => {
  const quarterly = () => plan('revenue per quarter in 2025');
  it('says the unit left unsaid', () => {
    expect(previousUnitSaid(quarterly(), 'and the change from the previous one?')).toBe(
      'and the change from the previous quarter?',
    );
    expect(
      previousUnitSaid(plan('monthly revenue 2025'), 'which month was the biggest jump from the one before?'),
    ).toBe('which month was the biggest jump from the previous month?');
    // (A unit said is left as it is.)
    expect(previousUnitSaid(quarterly(), 'which quarter grew the most vs the quarter before?')).toBe(
      'which quarter grew the most vs the quarter before?',
    );
  });

  it('answers each quarter against the one before, in the previous period', () => {
    const p = plan('revenue per quarter in 2025', 'and the change from the previous one?');
    expect(p.compare).toBeUndefined();
    expect(p.grain).toBe('quarter');
    expect(p.range?.label).toBe('2025');
  });

  it.each([
    'which month was the biggest jump from the previous month?',
    'which month was the biggest jump vs the month before?',
  ])('ranks the steps of the previous months for %s', (question) => {
    const p = plan('monthly revenue 2025', question);
    expect(p.range?.label).toBe('2025');
    expect(p.top?.n).toBe(1);
    expect(p.change?.rank).toBe('absolute');
  });

  it('reads "the quarter before" alone as the quarter before the previous period', () => {
    expect(plan('revenue by quarter in 2024', 'and the quarter before?').range?.from).toBe('2023-10-01');
  });
});

describe('the average unit of a series', () => {
  it.each([
    ['what was the average month?', 'the average per month'],
    ['what was the monthly average?', 'the average per month'],
    ["what's the average quarter look like?", 'the average per quarter'],
  ])('%s', (question, said) => {
    expect(rephrase(question, TODAY)).toContain(said);
  });

  it('leaves an average of something monthly alone', () => {
    expect(rephrase('monthly average order value in 2024', TODAY)).not.toContain('per month');
  });

  it("averages the previous answer's months", () => {
    const p = plan('orders per month in 2024', 'what was the average month?');
    expect(p.range?.label).toBe('2024');
    expect(queryFor(p).sql).toMatch(/AVG\(v\)/);
  });
});

describe("each value's share of one value's whole", () => {
  it.each([
    ["each category's share of north's 2024 revenue", 'category', 'north', '2024'],
    ["what share of the east's 2025 orders did each status make up?", 'status', 'east', '2025'],
  ])('%s', (question, by, value, year) => {
    const p = plan(question);
    expect(p.dimensions.map((d) => d.column)).toEqual([by]);
    expect(p.filters.flatMap((f) => f.values)).toEqual([value]);
    expect(p.range?.label).toBe(year);
  });

  it('leaves a share of the whole alone', () => {
    expect(plan("each region's share of total 2024 revenue").filters).toEqual([]);
  });
});

describe('another measure over the top rows ranked by the measure after "by"', () => {
  it('sums the orders of the top 5% of customers by spend', () => {
    const p = plan('how many orders did the top 5% of customers by spend place in 2025?');
    expect(p.measures[0]?.column).toBe('total_amount');
    expect(p.share?.sumOf?.column).toBe('count');
    const { sql, title } = queryFor(p);
    expect(sql).toMatch(/ORDER BY m DESC, k\) AS rn/);
    expect(sql).toMatch(/SUM\(s\) AS part/);
    expect(title).toBe('Share of number of orders from the top 5% of customers by total amount, in 2025');
  });

  it('takes the share of revenue over the top customers by orders', () => {
    const p = plan('share of revenue from the top 5% of customers by orders in 2025');
    expect(p.measures[0]?.column).toBe('count');
    expect(p.share?.sumOf?.column).toBe('total_amount');
  });

  it('ranks a group\'s leader by the measure after "by <year>", another figure beside', () => {
    const p = plan('top customer in each segment by 2025 spend, with their order count');
    expect(p.measures.map((m) => m.column)).toEqual(['total_amount', 'count']);
    expect(queryFor(p).sql).toMatch(/MEASURE\(count\) AS w/);
  });
});

describe('relative periods glossed with their names', () => {
  it.each([
    ['revenue last year vs the year before (i.e. 2025 vs 2024)', 'revenue 2025 vs 2024'],
    ['orders this year vs last (i.e. 2025 vs 2024)', 'orders 2025 vs 2024'],
    ['revenue last quarter (Q4 2025) by region', 'revenue Q4 2025 by region'],
  ])('%s', (question, read) => {
    expect(readPeriodGlosses(question)).toBe(read);
  });

  it.each([
    'orders last year (the busy one)',
    'revenue in 2025 (i.e. 2025 vs 2024)',
    'revenue last year vs the year before (i.e. 2025)',
  ])('leaves %s as it is', (question) => {
    expect(readPeriodGlosses(question)).toBe(question);
  });
});

describe('the second batch (tuning-25-second.ts)', () => {
  it.each([
    ['how did cancellations trend in 2025?', 'cancelled'],
    ['how did returns trend over 2024, by quarter?', 'returned'],
  ])('counts the rows of a value said as events: %s', (question, status) => {
    const p = plan(question);
    expect(p.measures.map((m) => m.column)).toEqual(['count']);
    expect(p.filters.flatMap((f) => f.values)).toEqual([status]);
  });

  it('keeps the money of a value said by its name', () => {
    expect(columns('how did revenue trend over 2025, month by month?')).toEqual(['total_amount']);
  });

  it.each([
    'enterprise vs consumer AOV in 2025 - which is higher?',
    'did enterprise or consumer have the higher AOV in 2025?',
    'AOV in 2025: enterprise or consumer, which was higher?',
  ])('reads which of two values leads: %s', (question) => {
    const p = plan(question);
    expect(p.dimensions.map((d) => d.column)).toEqual(['customers_segment']);
    expect(p.measures.map((m) => m.column)).toEqual(['average_amount']);
  });

  it('says "which is higher and by how much" as the difference', () => {
    expect(rephrase('enterprise vs consumer AOV in 2025, which is higher and by how much?', TODAY)).toBe(
      'enterprise vs consumer AOV in 2025, and the difference?',
    );
  });

  it('reads revenue per active customer as the average per customer', () => {
    expect(rephrase('revenue per active customer in 2025', TODAY)).toBe(
      'average revenue per customer in 2025',
    );
  });

  it.each([
    ['orders by weekday in Q3 2025, busiest first', 'desc'],
    ['orders by month in 2024, quietest first', 'asc'],
  ])('sorts %s', (question, direction) => {
    expect(plan(question).top).toMatchObject({ n: 0, direction });
  });

  it('reads how many categories the average customer bought from', () => {
    expect(rephrase('how many categories did the average customer buy from in 2025?', TODAY)).toBe(
      'average number of distinct categories per customer in 2025?',
    );
    // (No "from": the rows themselves, counted.)
    expect(rephrase('how many orders did the average customer place in 2025?', TODAY)).not.toContain(
      'distinct',
    );
  });
});

describe('a glossed word of people whose gloss counts their orders', () => {
  const defined = (question: string) => readDefinitions([question], demoCatalog(question));
  it('reads it as the customers with that many orders, never orders of that many dollars', () => {
    expect(defined('how many loyal customers (i.e. 2 or more orders in 2025) did we have?')).toMatchObject({
      kind: 'read',
      used: [{ term: 'loyal', meaning: { kind: 'people' } }],
    });
    // (With no period of its own beside a period asked, which one it is of is asked back.)
    expect(defined('how many loyal customers (i.e. 2 or more orders) in 2025?').kind).toBe('refuse');
  });

  it('leaves a gloss of rows for rows', () => {
    expect(defined('how many jumbo orders (i.e. $950 or more) in 2024?')).toMatchObject({
      used: [{ term: 'jumbo', meaning: { kind: 'rows' } }],
    });
  });
});

describe('the third batch (tuning-25-third.ts)', () => {
  it('names the top rows asked with "what were"', () => {
    expect(plan('what were the top 3 categories in 2025 and their share of revenue?').share).toMatchObject({
      total: true,
      top: { n: 3 },
    });
  });

  it('reads "seg" as a segment', () => {
    expect(plan('rev by seg 2025').dimensions.map((d) => d.column)).toEqual(['customers_segment']);
  });

  it.each([
    [
      'what did the average enterprise customer spend in 2024 vs the average consumer one?',
      'average spend per customer in 2024, enterprise vs consumer?',
    ],
    [
      'which category had the most returns as a share of its orders in 2023?',
      'which category had the highest share of returns in 2023?',
    ],
    [
      "list the regions where 2025 revenue was below 2024's",
      'which regions had lower revenue in 2025 than in 2024',
    ],
  ])('%s', (question, read) => {
    expect(rephrase(question, TODAY)).toBe(read);
  });

  it("ranks the rate of a kind of rows among each value's orders", () => {
    const p = plan('which region had the fewest cancellations as a % of its orders in 2024?');
    expect(p.top).toMatchObject({ n: 1, direction: 'asc' });
    expect(p.filters).toEqual([]);
  });
});

describe("a value's customers' money ranked", () => {
  it.each([
    "which region's customers spent the most in 2025?",
    "which segment's customers spent the most on average in 2025?",
  ])("%s: the group's spend per customer, not region x customer pairs", (question) => {
    const p = plan(question);
    expect(p.dimensions).toHaveLength(1);
    expect(queryFor(p).sql).toMatch(/AVG\(v\)/);
  });
});

describe('two shares of one part', () => {
  it('takes the part as a share of each figure asked', () => {
    const p = plan('in 2025, what % of orders and what % of revenue came from the north?');
    expect(p.measures.map((m) => m.column)).toEqual(['count']);
    expect(p.share?.second?.column).toBe('total_amount');
    expect(queryFor(p).sql).toMatch(/SUM\(n\) AS second_whole/);
  });

  it('still refuses two shares with a breakdown', () => {
    expect(() => plan('share of orders and share of revenue by region, 2025')).toThrow(/not answered/);
  });

  it('keeps none of the part\'s scopes in a whole restated as "all" after it', () => {
    const p = plan('share of revenue from furniture in the east in 2025, as a % of all 2025 revenue');
    expect(p.filters).toEqual([]);
    expect(p.share?.part?.values ?? p.share?.rows?.values).toBeDefined();
  });
});

describe('no order of a kind by a day', () => {
  it('is refused (was read as the day alone: confidently wrong)', () => {
    expect(
      unreadKindCutoff('how many customers who joined in 2022 had not ordered furniture by 2023-03-31?'),
    ).toMatch(/first order of any kind/);
  });

  it('leaves no order of any kind by a day to its reader', () => {
    expect(unreadKindCutoff('how many had not ordered anything by 2023-03-31?')).toBeUndefined();
    expect(unreadKindCutoff('how many customers had no orders by March 2023?')).toBeUndefined();
  });
});

describe('the fourth batch (tuning-25-fourth.ts)', () => {
  const defined = (question: string) => readDefinitions([question], demoCatalog(question));
  it.each([
    ["'heavy' orders are anything over $800. how many heavy orders in 2024?", 'rows'],
    [
      'call a customer a regular if they ordered at least 12 times in 2024. how many regulars per segment?',
      'people',
    ],
    ['call an order big if it was over $900. how many big orders in 2025?', 'rows'],
  ])('reads the definition in %s', (question, kind) => {
    expect(defined(question)).toMatchObject({ kind: 'read', used: [{ meaning: { kind } }] });
  });

  it('refuses a median of a first-order cohort (was its total: confidently wrong)', () => {
    expect(() =>
      plan("among customers who first ordered in Jan 2023, what's the median 2024 spend?"),
    ).toThrow(/not answered/);
  });
});

describe("a group's best period, not each customer's", () => {
  it('reads "for each customer segment" as the segment, not each customer (best-period.ts)', () => {
    const p = plan('Strongest quarter for each customer segment in 2025 (revenue)?');
    expect(p.perGroup).toBeDefined();
    expect(p.grain).toBe('quarter');
  });
});

describe("the shapes of held-out-25's confident wrong answers (tuning-25-after.ts)", () => {
  it.each([
    [
      "how many customers' biggest single order in 2025 was under $900?",
      'how many customers whose largest order in 2025 was under $900?',
    ],
    [
      'how many customers had at least one returned order in each of 2023, 2024 and 2025?',
      'how many customers had a returned order in every year from 2023 to 2025?',
    ],
    [
      'count and average amount of cancelled orders by region, 2025',
      'number of orders and average amount of cancelled orders by region, 2025',
    ],
    ['median of what our customers each spent in 2024?', 'median of spend per customer in 2024?'],
  ])('%s', (question, read) => {
    expect(rephrase(question, TODAY)).toBe(read);
  });

  it('leaves years that are not back to back as they are', () => {
    expect(rephrase('orders in each of 2023 and 2025', TODAY)).toContain('each of 2023 and 2025');
  });

  it('keeps two values of one member one part of a share for each group', () => {
    const p = plan('for each segment, what share of its 2025 orders were cancelled or returned?');
    expect(p.dimensions.map((d) => d.column)).toEqual(['customers_segment']);
    expect(p.share?.part?.values).toEqual(expect.arrayContaining(['cancelled', 'returned']));
  });

  it('reads a rate ranked within each group (rates-within.ts; was refused)', () => {
    const p = plan('for each region, which category had the highest cancellation rate in 2024?');
    expect(p.dimensions.map((d) => d.column)).toEqual(expect.arrayContaining(['region', 'category']));
    expect(queryFor(p).sql).toMatch(/RANK\(\) OVER \(PARTITION BY/);
  });

  it("reads the median of each customer's biggest order as each one's largest row (entity-extremes.ts)", () => {
    const p = plan("median of each customer's biggest order in 2024");
    expect(p.percentile).toMatchObject({ p: 0.5, extreme: 'max' });
    expect(p.percentile?.per?.column).toBe('customers_name');
  });
});

describe('a refusal names the words the model lacks, not the numbers asked', () => {
  it('drops the numbers of the words missing', () => {
    const text = refusalText({ missing: '"bucket", "under 40 40-59" and "60"' }, demoCatalog('orders'));
    expect(text).toContain('nothing for "bucket" and "under"');
    expect(text).not.toMatch(/40|59|60/);
  });
});

describe('the form asked, with an example of it', () => {
  it('drops the example of a form ("like $12,345k", "like 0.12")', () => {
    expect(readRounding('2024 revenue in thousands please (like $12,345k)').text).not.toMatch(/12,345/);
    expect(rephrase('returns as a share of 2025 orders - as a %, not a decimal', TODAY)).not.toMatch(
      /decimal/,
    );
  });

  it('states only the rounded figure when the cents are not wanted', () => {
    const r = readRounding('avg furniture order in 2025 - no cents');
    expect(r.rounding).toMatchObject({ only: true });
    expect(roundFigures('the average amount is $501.41.', r.rounding ?? {})).toBe(
      'the average amount is $501.',
    );
    // (Rounded without "no cents": the exact figure stays beside it.)
    expect(roundFigures('the revenue is $3,190,921.31.', { scale: 1 })).toContain('$3,190,921.31 (about');
  });
});

describe("the asker's own name for a figure", () => {
  it.each([
    ["we call revenue 'bookings' here. total bookings in Q3 2025?", 'total revenue in Q3 2025?'],
    [
      "what's the avg basket value on toys orders in H2 2025? (basket value = what we call the order amount)",
      "what's the avg order amount on toys orders in H2 2025?",
    ],
  ])('%s', (question, read) => {
    expect(readAliases([question])).toEqual([read]);
  });

  it('keeps the name in a later turn', () => {
    expect(
      readAliases(["we call orders 'tickets'. tickets in 2024?", 'and in 2025 tickets by region?']),
    ).toEqual(['orders in 2024?', 'and in 2025 orders by region?']);
  });

  it('leaves a name for anything but a figure of the model to the definitions', () => {
    const q = "we call customers with 20+ orders 'loyal'. how many loyal customers?";
    expect(readAliases([q])).toEqual([q]);
  });
});

describe('a median said again', () => {
  it.each([
    [
      'median lifetime spend per customer, by segment (middle customer, not the average)',
      /\(|middle|average/,
    ],
  ])('%s', (question, gone) => {
    expect(rephrase(question, TODAY)).not.toMatch(gone);
  });
});
