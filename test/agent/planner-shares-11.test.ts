import { describe, expect, it } from '@jest/globals';
import { buildCatalog } from '../../functions/agent/planner/catalog';
import type { Plan } from '../../functions/agent/planner/plan';
import { queryFor } from '../../functions/agent/planner/query';
import { readQuestions } from '../../functions/agent/planner/reading';
import { demoModelFiles, parseModel, searchMeta } from '../../functions/semantic';
import { MANAGER } from './support/sample';

/**
 * Shares and filter scopes (issue 29; README, "What the analyst understands"): a scope written with an article or
 * the dimension's noun ("in the west region"), the part and the whole of a share told apart by grammar, a top N
 * with the total of every row, "and" across values for people (each of them), and tuning set 11 judged by the
 * eval's own verdicts on the test sample. Each reading here was answered confidently wrong before.
 */
const planOf = async (question: string): Promise<Plan> => {
  const model = parseModel(await demoModelFiles('main'));
  const catalog = buildCatalog(
    searchMeta(model, MANAGER, question).cubes as Parameters<typeof buildCatalog>[0],
  );
  const reading = readQuestions([question], catalog, '2026-03-02');
  if (reading.kind !== 'plan') throw new Error(`${question}: read as ${reading.kind}`);
  return reading.plan;
};
const valuesOf = (filters: readonly { values: string[] }[] | undefined) =>
  (filters ?? []).map((f) => f.values);

describe('scopes written with an article or the dimension noun', () => {
  it.each([
    ['what percent of orders in the west region were cancelled?', ['cancelled'], [['west']]],
    ['within the north territory, what fraction of 2024 orders got returned?', ['returned'], [['north']]],
    [
      'among the enterprise customers, what % of revenue came from furniture?',
      ['furniture'],
      [['enterprise']],
    ],
    ['share of 2025 revenue from electronics for the consumer segment', ['electronics'], [['consumer']]],
  ])('%s: the part is %j, the whole keeps %j', async (question, part, whole) => {
    const plan = await planOf(question);
    expect(plan.share?.part?.values).toEqual(part);
    expect(valuesOf(plan.filters)).toEqual(whole);
  });
});

describe('the part and the whole of a share', () => {
  it('a whole called total keeps only its own filters; the part has them all', async () => {
    const plan = await planOf(
      'What share of total 2024 revenue did enterprise customers in the east and west regions account for, taken together?',
    );
    expect(plan.filters).toEqual([]);
    expect(plan.range?.label).toBe('2024');
    const parts = [plan.share?.part, ...(plan.share?.rows?.values ?? [])].flatMap((f) =>
      f ? [f.values] : [],
    );
    expect(parts.sort()).toEqual([['east', 'west'], ['enterprise']]);
    // The region of the customers read by their orders' sales region, said in the answer.
    expect(plan.share?.note).toMatch(/customers in the east and west" by the sales region of their orders/);
    const sql = queryFor(plan).sql;
    expect(sql).toMatch(/CASE WHEN .*customers_segment = 'enterprise'.* THEN 1 ELSE 0 END AS part_key/);
    expect(sql).toMatch(/CASE WHEN .*region IN \('east', 'west'\).* THEN 1 ELSE 0 END AS part_key/);
    expect(sql).not.toMatch(/WHERE region/);
  });

  it('a part before the share word, attached to the people, is the part of a total', async () => {
    const plan = await planOf('enterprise customers in the north: what % of total 2024 sales?');
    expect(plan.filters).toEqual([]);
    const parts = [plan.share?.part, ...(plan.share?.rows?.values ?? [])].flatMap((f) =>
      f ? [f.values] : [],
    );
    expect(parts.sort()).toEqual([['enterprise'], ['north']]);
    // "In the west, ..." is a scope of its own.
    expect(valuesOf((await planOf('In the west, what share of orders were returned?')).filters)).toEqual([
      ['west'],
    ]);
    // "how much of total revenue came from toys in the east": both the part's.
    expect((await planOf('how much of total revenue came from toys in the east, in %?')).filters).toEqual([]);
  });

  it('an unmarked whole keeps a scope written after the part verb', async () => {
    const plan = await planOf('What percent of orders are cancelled in the west?');
    expect(plan.share?.part?.values).toEqual(['cancelled']);
    expect(valuesOf(plan.filters)).toEqual([['west']]);
  });
});

describe('a top N with the total of every row', () => {
  it('sums every group before the limit', async () => {
    const sql = queryFor(
      await planOf('top 3 regions by revenue in Q4 2025 and the total for that quarter'),
    ).sql;
    expect(sql).toMatch(
      /^WITH t AS \(SELECT region, MEASURE\(total_amount\).* GROUP BY 1\) SELECT t\.\*, \(SELECT SUM\(total_amount\) FROM t\) AS all_total_amount FROM t ORDER BY 2 DESC LIMIT 3$/,
    );
  });

  it('"in total" after a ranking clause of its own is everything, not the top rows', async () => {
    const plan = await planOf(
      'top 3 regions by # of orders in Q1 2024, and how many orders did we get in total that quarter?',
    );
    expect(plan.top?.withTotal).toBe(true);
    expect(plan.share).toBeUndefined();
  });
});

describe('a ranking inside a filter', () => {
  it('totals the revenue of the customers ranked first by orders, ties kept', async () => {
    const sql = queryFor(await planOf('what did the 5 customers with the fewest orders spend?')).sql;
    expect(sql).toMatch(/WHERE count <= \(SELECT count FROM t ORDER BY 1 ASC LIMIT 1 OFFSET 4\)/);
    expect(sql).toMatch(/^SELECT SUM\(total_amount\)/);
  });
});

describe('a ranking inside a filter, in other words', () => {
  it('reads the plural and refuses a figure that does not add up over them', async () => {
    expect(queryFor(await planOf('revenue from customers with the most orders')).sql).toMatch(
      /^SELECT SUM\(total_amount\) .* WHERE count >= \(SELECT count FROM t ORDER BY 1 DESC LIMIT 1 OFFSET 0\)/,
    );
    await expect(planOf("what's the aov of customers with the most orders")).rejects.toThrow(/read as/);
  });
});

describe('"and" across values for people', () => {
  it('counts the customers with rows of each value', async () => {
    expect(queryFor(await planOf('how many clients have ordered grocery as well as clothing?')).sql).toMatch(
      /HAVING COUNT\(DISTINCT category\) = 2/,
    );
    const sql = queryFor(await planOf('how many customers bought both toys and electronics?')).sql;
    expect(sql).toMatch(/category IN \('electronics', 'toys'\)/);
    expect(sql).toMatch(/HAVING COUNT\(DISTINCT category\) = 2/);
  });

  it("keeps either for rows and for the people's own values", async () => {
    expect(queryFor(await planOf('how many orders in 2025 were toys or electronics?')).sql).not.toMatch(
      /HAVING/,
    );
    expect(queryFor(await planOf('how many enterprise and consumer customers bought toys?')).sql).not.toMatch(
      /HAVING/,
    );
  });
});

// (The tuning set itself is judged with the others in planner-tuning-6.test.ts.)
