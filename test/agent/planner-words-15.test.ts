import { describe, expect, it } from '@jest/globals';
import { queryFor } from '../../functions/agent/planner/query';
import { demoPlan, demoReading } from './support/demo-reading';

/**
 * The planner's readings of tuning set 15 (issue 29, words around an answerable ask): polite frames and "how are
 * we tracking" (asides.ts), the event an answer is needed for (asides.ts), disclaimers that name what the data
 * lacks (asides.ts), jargon glossed after the ask (glosses.ts), "since the start of <month>", "net of returns",
 * "abt" and a zero count's "count anyone who didn't order" (phrases.ts), and "the latest order" refused rather than
 * left out, and customers by how many categories their orders span (entities.ts). Each wording is read as the plain ask it wraps; answers on the sample are judged by tuning set 15 in
 * planner-tuning-6.test.ts.
 */
const TODAY = '2026-03-09';
const plan = (question: string) => {
  const { cube, ...rest } = demoPlan([question], TODAY);
  return { cube: cube.name, ...rest };
};
const read = (question: string) => demoReading([question], TODAY);

describe('words around an answerable ask', () => {
  it('reads a polite frame and its verb of fetching as nothing', () => {
    // Prepare / Act / Assess: each frame reads as the plain ask.
    expect(plan('would you mind fetching the number of returned orders in 2024?')).toEqual(
      plan('the number of returned orders in 2024?'),
    );
    expect(plan('would you be able to grab revenue by segment for 2023')).toEqual(
      plan('revenue by segment for 2023'),
    );
    expect(plan("I'd really appreciate it if you could look up the AOV for toys in 2025")).toEqual(
      plan('the AOV for toys in 2025'),
    );
    expect(plan('any chance you could pull up orders by category for Q3 2025?')).toEqual(
      plan('orders by category for Q3 2025?'),
    );
    expect(plan('do you mind sharing total revenue for 2024')).toEqual(plan('total revenue for 2024'));
  });

  it('reads "how are we tracking/pacing" as the period\'s figure, one period for "this quarter ... quarter to date"', () => {
    const pacing = plan('how are we trending this quarter? revenue quarter to date');
    expect(pacing.range).toMatchObject({ from: '2026-01-01', to: '2026-03-10' });
    expect(pacing.compare).toBeUndefined();
    expect(plan('where are we landing on orders this month so far?')).toMatchObject({
      measures: [expect.objectContaining({ column: 'count' })],
      range: expect.objectContaining({ from: '2026-03-01' }),
    });
  });

  it('reads "since the start of <month> last year" through today', () => {
    expect(plan('revenue since the beginning of October last year').range).toMatchObject({
      from: '2025-10-01',
      to: '2026-03-10',
    });
  });

  it('drops the event an answer is needed for, dated or hyphenated', () => {
    expect(plan("for tomorrow's kick-off I just need orders by region for 2024")).toEqual(
      plan('orders by region for 2024'),
    );
    expect(plan('for the sales kickoff next week I only need revenue by category for 2025')).toEqual(
      plan('revenue by category for 2025'),
    );
  });

  it('drops a disclaimer of something the model lacks, and keeps one about its own rows', () => {
    expect(
      plan(
        "ahead of the budget review (I know headcount costs aren't tracked here) - orders by segment in 2024",
      ),
    ).toEqual(plan('orders by segment in 2024'));
    expect(
      plan('working on the capacity plan - I realize shipping costs are not in here - revenue for 2025'),
    ).toEqual(plan('revenue for 2025'));
    expect(plan('no inventory data in here I think, but how many toys orders did we get in 2023?')).toEqual(
      plan('how many toys orders did we get in 2023?'),
    );
    // ("cancelled orders aren't in here" is a belief about the rows the answer would count: never dropped.)
    expect(read("I know cancelled orders aren't in here - how many orders in 2024?").kind).not.toBe('plan');
  });

  it('replaces the one run of jargon a gloss explains, and no other', () => {
    expect(plan('how many net new logos did we win in Q1 2023 - new customers, basically')).toEqual(
      plan('how many new customers did we win in Q1 2023'),
    );
    // (The answer may say it read "logos" as customers: the same plan otherwise.)
    const noted = (question: string) =>
      JSON.parse(JSON.stringify(plan(question), (key, value) => (key === 'readAs' ? undefined : value)));
    expect(noted('number of new logos in Q2 2023 (i.e. new customers)')).toEqual(
      noted('number of new customers in Q2 2023'),
    );
    // (Two runs the model lacks: which one the gloss explains would be a guess.)
    expect(read('how many zorgs of blick did we land in Q1 2023 - new customers, basically').kind).not.toBe(
      'plan',
    );
  });

  it('reads "net of returns" and "after cancellations" as excluding those rows', () => {
    expect(plan('revenue net of returns in 2023')).toEqual(plan('revenue excluding returns in 2023'));
    expect(plan('average order value after cancellations, 2025')).toEqual(
      plan('average order value excluding cancellations, 2025'),
    );
  });

  it('reads "count anyone who didn\'t order" after a zero count as the count it already is', () => {
    expect(
      plan("how many customers had zero cancellations in 2024? include anyone who didn't order that year"),
    ).toEqual(plan('how many customers had zero cancellations in 2024?'));
    // (After a count that is not zero, the clause changes the count: left unread, and refused.)
    expect(
      read("how many customers had fewer than 3 orders in 2024, counting those who didn't order").kind,
    ).not.toBe('plan');
  });

  it('reads "abt" as "about" in a follow-up', () => {
    const thread = demoPlan(['orders by region for 2025', 'and what abt 2023?'], TODAY);
    expect(thread.range).toMatchObject({ from: '2023-01-01', to: '2024-01-01' });
  });

  it('reads "the latest order" as the rows at the latest time (tops.ts), never leaving "latest" out', () => {
    const reading = read('which customer placed the latest order in 2025?');
    expect(reading.kind).toBe('plan');
    const top = reading.kind === 'plan' ? reading.plan.perEntity : undefined;
    expect(top?.kind === 'top' ? [top.of.type, top.direction] : []).toEqual(['time', 'desc']);
  });
});

describe('entities by how many values their rows span', () => {
  it('counts customers whose orders hold at least N distinct values of a dimension', () => {
    // Prepare / Act: the condition is on COUNT(DISTINCT category) per customer, within the period.
    const spanned = demoPlan(['how many clients bought from 3 or more categories in Q4 2025?'], TODAY);
    const sql = queryFor(spanned).sql;
    // Assess
    expect(spanned.having).toMatchObject({ op: '>=', value: 3, output: 'count', spread: { compared: true } });
    expect(sql).toMatch(/HAVING COUNT\(DISTINCT category\) >= 3/);
    expect(sql).toMatch(/created_at >= '2025-10-01'/);
    expect(demoPlan(['customers that ordered in more than 2 regions'], TODAY).having).toMatchObject({
      op: '>',
      value: 2,
      spread: { compared: true },
    });
  });

  it('leaves a count of rows after the number as it was', () => {
    expect(
      demoPlan(['how many customers placed 3 or more orders in Q4 2025?'], TODAY).having?.spread,
    ).toBeUndefined();
  });
});
