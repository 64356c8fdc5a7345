import { describe, expect, it } from '@jest/globals';
import { readDefinitions } from '../../functions/agent/planner/definitions';
import { rephrase } from '../../functions/agent/planner/phrases';
import { queryFor } from '../../functions/agent/planner/query';
import { roundFigures } from '../../functions/agent/planner/rounding';
import { demoCatalog, demoPlan } from './support/demo-reading';

/**
 * Readings fixed after held-out-21 was scored (tuning-21-after.ts): a figure rounded again from the result's exact
 * value, a defined word quoted before its noun and counted with a bare "how many", "lifetime spend above $N" as a
 * definition, the worst of a count of a bad outcome, the median customer "in my region", and a group's spend
 * "all together".
 */
const TODAY = '2027-03-17';
const plan = (question: string) => demoPlan([question], TODAY);
const sql = (question: string) => queryFor(plan(question)).sql;

describe('a figure rounded as asked', () => {
  it('rounds from the exact value behind it, not from the figure already rounded to two decimals', () => {
    expect(roundFigures('returned: 11.75% of orders', { decimals: 1 }, [11.7491, 7610, 64771])).toContain(
      '11.75% (about 11.7%)',
    );
  });

  it('rounds the stated figure when no result value stands behind it', () => {
    expect(roundFigures('returned: 11.75% of orders', { decimals: 1 })).toContain('(about 11.8%)');
  });
});

const WHALES = 'how many whales do we have? (whales = lifetime spend above $30k)';

describe('definitions', () => {
  it.each([
    ["'jumbo' orders = anything over $900. how many in 2024 by category?", /how many .*orders/],
    ['mini orders = under $25. how many were there in 2025?', /how many .*orders/],
  ])('"%s": the bare count is of the defined rows', (question, read) => {
    const defined = readDefinitions([question], demoCatalog(question));
    expect(defined.kind).toBe('read');
    if (defined.kind === 'read') expect(defined.questions.at(-1)).toMatch(read);
  });

  it('"(whales = lifetime spend above $30k)" is a threshold on each customer\'s spend', () => {
    const defined = readDefinitions([WHALES], demoCatalog(WHALES));
    expect(defined.kind).toBe('read');
    if (defined.kind === 'read')
      expect(defined.questions.at(-1)).toMatch(/customers who spent (?:more than|over) \$?30,?000/);
  });
});

describe('the worst of a count of a bad outcome is the most of it', () => {
  it('"the worst month for cancellations in 2025" ranks the most cancellations first', () => {
    const p = plan('the worst month for cancellations in 2025');
    expect(p.top?.direction).toBe('desc');
  });

  it('"worst month for sales" is still the lowest', () => {
    expect(plan('worst month for sales in 2025').top?.direction).toBe('asc');
  });
});

describe("a group's spend all together", () => {
  it('drops "all together" after what they spent, so the cohort reads both its size and its spend', () => {
    expect(
      rephrase(
        'people who signed up in Q1 2022 - how many are there, and what did they spend in 2025 all together?',
        TODAY,
      ),
    ).not.toMatch(/all together/);
  });

  it('keeps "in total" after a ranking (the top rows\' one sum)', () => {
    expect(rephrase('top 5 customers in 2025 - what did they spend in total?', TODAY)).toMatch(/in total/);
  });
});

describe('the median customer in my region', () => {
  it("is the median of each customer's spend, not of the orders", () => {
    expect(sql('what does the median customer in the east spend in 2025')).toMatch(
      /percentile_cont\(0\.5\).*FROM t/,
    );
    expect(sql('what does the median customer in the east spend in 2025')).toMatch(/customers_name AS per/);
  });
});
