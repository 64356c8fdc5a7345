import { describe, expect, it } from '@jest/globals';
import { readAliases } from '../../functions/agent/planner/aliases';
import { readMeaning } from '../../functions/agent/planner/definition-meanings';
import { readDefinitions } from '../../functions/agent/planner/definitions';
import { queryFor } from '../../functions/agent/planner/query';
import { readSpelledAmounts, saidBack, spelledNumber } from '../../functions/agent/planner/spelled-amounts';
import { demoCatalog, demoPlan, demoReading } from './support/demo-reading';

/**
 * Words the asker defines in the question (tuning set 27): a name given a plain figure before or after the ask
 * ("by haul I mean total revenue", "the take is total revenue from completed orders"), a rate of value or of a
 * period's buyers ("returned value as % of revenue", "buyers with 20+ orders that year / all buyers that year"), a sum's
 * own word defined as rows ("revenue means completed orders only"), and amounts written in words ("over five hundred
 * dollars"), said back in the asker's words. A definition that uses data the model lacks is refused. (Answers on the
 * sample: tuning set 27 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-05-05';
const rewritten = (questions: string[]) => {
  const defined = readDefinitions(questions, demoCatalog(questions.join(' ')));
  if (defined.kind !== 'read') throw new Error(`refused: ${defined.reason}`);
  return defined.questions;
};

describe('amounts written in words', () => {
  it.each([
    ['five hundred', 500],
    ['a hundred', 100],
    ['thirty-five thousand', 35000],
    ['seven hundred fifty', 750],
    ['seven hundred and fifty', 750],
    ['twelve hundred', 1200],
    ['two thousand five hundred', 2500],
    ['twenty', 20],
  ])('%s is %d', (said, value) => {
    // Act
    const n = spelledNumber(said);
    // Assess
    expect(n).toBe(value);
  });

  it.each(['five six', 'twenty thirty', 'twenty fifteen', 'hundred'])('%s is no number', (said) => {
    // Act
    const n = spelledNumber(said);
    // Assess
    expect(n).toBeUndefined();
  });

  it.each([
    ['how many orders over five hundred dollars in 2024?', 'how many orders over $500 in 2024?'],
    ['revenue from orders under a hundred dollars', 'revenue from orders under $100'],
    ['customers who spent more than thirty-five thousand dollars', 'customers who spent more than $35,000'],
    ['top five regions by revenue', 'top five regions by revenue'],
  ])('%s', (question, read) => {
    // Act
    const text = readSpelledAmounts(question);
    // Assess
    expect(text).toBe(read);
  });

  it('says a bound back in the asker words, and leaves the figures of the result', () => {
    // Prepare
    const amounts = [{ value: 500, said: 'five hundred dollars' }];
    // Act
    const text = saidBack('Orders where order amount over $500.00: revenue $500.00.', amounts);
    // Assess
    expect(text).toBe('Orders where order amount over five hundred dollars: revenue $500.00.');
  });

  it('plans the bound in digits', () => {
    // Act
    const plan = demoPlan(['how many orders over five hundred dollars did we take in 2024?'], TODAY);
    // Assess
    expect(queryFor(plan).sql).toMatch(/amount.*> 500\b/);
    expect(plan.spelled).toEqual([{ value: 500, said: 'five hundred dollars' }]);
  });
});

describe('a name given a plain figure in a clause of its own', () => {
  it.each([
    [
      'What was our average ticket size in 2024? By ticket size I mean the average order amount.',
      'What was our average order value in 2024?',
    ],
    [
      'What was the take for the west in Q3 2025? The take is total revenue from completed orders.',
      'What was the revenue from completed orders for the west in Q3 2025?',
    ],
    [
      'how big was the typical basket in electronics last year? basket meaning average order value',
      'what was the average order value in electronics last year?',
    ],
    [
      'By haul I mean total revenue. What was the haul in December 2024?',
      'What was the revenue in December 2024?',
    ],
    [
      'give me the haul per quarter of 2025 - haul = sum of order amounts',
      'give me the revenue per quarter of 2025',
    ],
  ])('%s', (question, read) => {
    // Act
    const text = readAliases([question]);
    // Assess
    expect(text).toEqual([read]);
  });

  it.each([
    'what is revenue in 2024?',
    'the best region is the one with most revenue. which was it in 2024?',
    'small fry = orders under $30. how many small fry in 2024?',
    // (A clause after a lead, "for the investor memo, by ...", is the definitions' to read with its lead.)
    "for the investor memo, by 'kept sales' I mean sales from completed orders. kept sales in the north in 2025?",
  ])('%s: no name', (question) => {
    // Act
    const text = readAliases([question]);
    // Assess
    expect(text).toEqual([question]);
  });

  it('says the figure back by the name', () => {
    // Act
    const plan = demoPlan(
      ['We call revenue "throughput" internally. What was throughput by region in 2023?'],
      TODAY,
    );
    // Assess
    expect(Object.values(plan.terms ?? {})).toContain('throughput');
  });
});

describe('rates and rows defined in the question', () => {
  it.each([
    ['the value of returned orders as a % of revenue', 'share of revenue from returned orders'],
    ['returned value as % of revenue', 'share of revenue from returned orders'],
    ['cancelled plus returned orders over all orders', 'share of orders that were cancelled or returned'],
    [
      'the number of buyers with 20 or more orders that year divided by all buyers that year',
      'share of customers with 20 or more orders',
    ],
    ['customers with 40 or more orders / all customers', 'share of customers with 40 or more orders'],
    ['customers who have spent more than $35,000 in all', 'customers who spent over 35000'],
  ])('%s: %s', (said, noun) => {
    // Prepare
    const catalog = demoCatalog(said);
    // Act
    const meaning = readMeaning(said, catalog);
    // Assess
    expect(meaning?.noun).toBe(noun);
  });

  it.each([
    // ("that year" of one side only: which period the whole is of is not said.)
    'customers with 40 or more orders / all customers that year',
    'shipping fees as a % of revenue',
    'the value of returned orders as a % of margin',
  ])('%s: no meaning', (said) => {
    // Prepare
    const catalog = demoCatalog(said);
    // Act
    const meaning = readMeaning(said, catalog);
    // Assess
    expect(meaning).toBeUndefined();
  });

  it('reads "revenue means completed orders only" as their revenue, never their count', () => {
    // Act
    const read = rewritten([
      'revenue by region in 2025 in thousands, where revenue means completed orders only',
    ]);
    // Assess
    expect(read).toEqual(['revenue from completed orders by region in 2025 in thousands']);
  });

  it('reads a two-word name whose first word is the model\'s ("small fry")', () => {
    // Act
    const read = rewritten(['What share of 2025 orders were small fry? Small fry = orders under $30.']);
    // Assess
    expect(read).toEqual(['What share of 2025 orders were orders under $30?']);
  });

  it('reads "that year" as the period asked, and refuses it with none asked', () => {
    // Prepare
    const said = 'stick rate = buyers with 20+ orders that year / all buyers that year';
    // Act
    const read = rewritten([`what was the stick rate in 2024? ${said}`]);
    const none = readDefinitions([`what is the stick rate? ${said}`], demoCatalog(said));
    // Assess
    expect(read).toEqual([
      'what was the share of customers who ordered in 2024 that placed 20 or more orders in 2024?',
    ]);
    expect(none.kind).toBe('refuse');
  });

  it('reads a share of all buyers as of the period asked, its buyers the whole', () => {
    // Prepare
    const said = 'loyalty ratio = customers with 3+ orders / all buyers.';
    // Act
    const read = rewritten([`${said} what was my loyalty ratio in Q1 2025?`]);
    const plan = demoPlan([`${said} what was my loyalty ratio in Q1 2025?`], TODAY);
    const spend = readMeaning('buyers who spent over $2000 / all buyers', demoCatalog(said));
    // Assess
    expect(read).toEqual([
      'what was the share of customers who ordered in Q1 2025 that placed 3 or more orders in Q1 2025?',
    ]);
    expect(queryFor(plan).sql).toContain('t0 >= 1');
    expect(spend).toBeUndefined();
  });

  it('says a defined rate back by its name', () => {
    // Act
    const plan = demoPlan(
      [
        'What was our refund exposure in 2025? Refund exposure = the value of returned orders as a % of revenue.',
      ],
      TODAY,
    );
    // Assess
    expect(plan.definedAs).toEqual([['refund exposure', 'share of revenue from returned orders']]);
    expect(queryFor(plan).sql).toContain("'returned'");
  });
});

describe('the best and the worst of a defined rate', () => {
  it.each([
    [
      'returns drag = returned orders as a % of all orders. which category had the worst returns drag in 2024?',
      'DESC',
    ],
    ['which category had the best share of orders that were returned in 2024?', 'ASC'],
    [
      'keep rate = completed orders as a % of all orders. which category had the worst keep rate in 2024?',
      'ASC',
    ],
  ])('%s: %s', (question, order) => {
    // Act
    const plan = demoPlan([question], TODAY);
    // Assess
    expect(queryFor(plan).sql).toMatch(new RegExp(`ORDER BY \\d+ ${order} LIMIT 1$`));
  });
});

describe('definitions that use data the model lacks are refused', () => {
  it.each([
    'margin = revenue minus cost of goods. what was margin in 2024?',
    "a 'discounted' order is one that used a coupon. how many discounted orders in 2024?",
    'freight share = shipping fees as a % of revenue. what was freight share in 2025?',
    'how many happy buyers did we have last year? happy buyer = a customer who rated us 4 stars or more',
    "Hot months are months whose revenue beat the year's monthly average. Which months of 2024 were hot?",
  ])('%s', (question) => {
    // Act
    const read = demoReading([question], TODAY);
    // Assess
    expect(read.kind).not.toBe('plan');
  });
});
