import { describe, expect, it } from '@jest/globals';
import { readMeaning } from '../../functions/agent/planner/definition-meanings';
import { readDefinitions } from '../../functions/agent/planner/definitions';
import { demoCatalog, demoPlan, demoReading } from './support/demo-reading';

/**
 * Definitions given in place (tuning set 20): a word defined in the question ("big-ticket = $750 and up", "by
 * 'lapsed' we mean ...", "let's call ... 'small'", "define X as ...", "X (i.e. ...)") is read into the planner's
 * words and replaced where it is used, in its own turn and the later ones; a definition not read in full, or one the
 * query would leave out, is refused. (Answers on the sample: tuning set 20 in planner-tuning-6.test.ts.)
 */
const TODAY = '2026-02-03';
const rewritten = (questions: string[]) => {
  const defined = readDefinitions(questions, demoCatalog(questions.join(' ')));
  if (defined.kind !== 'read') throw new Error(`refused: ${defined.reason}`);
  return defined.questions;
};

describe('what a definition means', () => {
  it.each([
    ['$750 and up', 'orders of $750 or more'],
    ['$750+', 'orders of $750 or more'],
    ['orders under $50', 'orders under $50'],
    ['one over $900', 'orders over $900'],
    ['an order of at least $600', 'orders of $600 or more'],
    ['cancelled ones', 'cancelled orders'],
    ['returned or cancelled orders', 'returned or cancelled orders'],
    ['orders that were not returned', 'orders that were not returned'],
    ['customers with lifetime spend above $35k', 'customers who spent over 35000'],
    ['someone with 20+ orders', 'customers with 20 or more orders'],
    ['a customer who placed at least 15 orders in 2025', 'customers with 15 or more orders in 2025'],
    ['no order in Q4 2025', 'customers with no order in q4 2025'],
    ['completed orders / all orders, as a %', 'share of orders that were completed'],
    ['returned orders divided by total orders', 'share of orders that were returned'],
  ])('%s: %s', (said, noun) => {
    // Prepare
    const catalog = demoCatalog(said);
    // Act
    const meaning = readMeaning(said, catalog);
    // Assess
    expect(meaning?.noun).toBe(noun);
  });

  it.each([
    'revenue minus cost of goods',
    'customers who cancelled their subscription',
    'a customer with an NPS above 50',
    'orders shipped within 2 days of purchase',
    'completed orders / returned orders',
    'delivered orders',
  ])('%s: no meaning', (said) => {
    // Prepare
    const catalog = demoCatalog(said);
    // Act
    const meaning = readMeaning(said, catalog);
    // Assess
    expect(meaning).toBeUndefined();
  });
});

describe('a defined word is replaced where it is used', () => {
  it.each([
    [
      'big-ticket = $750 and up: how many big-ticket orders in 2024?',
      'how many orders of $750 or more in 2024?',
    ],
    [
      "let's call orders under $50 'small'. share of small orders in 2023?",
      'share of orders that were under $50 in 2023?',
    ],
    [
      'by "mini" we mean orders below $25 - how many mini orders did the east get in 2024?',
      'how many orders under $25 did the east get in 2024?',
    ],
    [
      'how many jumbo orders (i.e. $950 or more) did we take in Q4 2025?',
      'how many orders of $950 or more did we take in Q4 2025?',
    ],
    [
      'number of tiny orders per month in 2025, where tiny = under $20',
      'number of orders under $20 per month in 2025',
    ],
    [
      'define a power user as someone with 20+ orders; how many power users in the west?',
      'how many customers with 20 or more orders in the west?',
    ],
    [
      'keeper rate = completed orders / all orders, as a %: what was it in 2025 by region?',
      'what was the share of orders that were completed in 2025 by region?',
    ],
    [
      'how many big-ticket orders did furniture get in 2025? big-ticket meaning $800 or more',
      'how many orders of $800 or more did furniture get in 2025?',
    ],
    [
      'how many whales do we have? (whales = customers with lifetime spend above $35k)',
      'how many customers who spent over 35000 do we have?',
    ],
    [
      'how many whales do we have, where a whale is a customer with lifetime spend above $35k?',
      'how many customers who spent over 35000 do we have?',
    ],
    [
      'big-ticket = $750 and up. big-ticket revenue by region in 2024',
      'revenue from orders of $750 or more by region in 2024',
    ],
    // ("small" is also the model's, in "small business": it stands only before its noun.)
    [
      "let's call orders under $50 'small'. how many small orders from small business customers in 2024?",
      'how many orders under $50 from small business customers in 2024?',
    ],
  ])('%s', (question, read) => {
    // Act
    const questions = rewritten([question]);
    // Assess
    expect(questions).toEqual([read]);
  });

  it('in the turns after the one that defines it', () => {
    // Act
    const questions = rewritten([
      'whales = customers with lifetime spend above $35k. how many whales do we have?',
      'and how many whales in the south?',
    ]);
    // Assess
    expect(questions).toEqual([
      'how many customers who spent over 35000 do we have?',
      'and how many customers who spent over 35000 in the south?',
    ]);
  });

  it.each([
    ['revenue by region in 2025, the west being our biggest'],
    ['how many new customers did we pick up in each quarter of 2023? (new = first ever order)'],
    ['revenue growth 2023 to 2024 in percent (negative = decline)'],
  ])('leaves a sentence that only looks like a definition: %s', (question) => {
    // Act
    const questions = rewritten([question]);
    // Assess
    expect(questions).toEqual([question]);
  });

  it('leaves a thread with no definition as it is', () => {
    // Prepare
    const thread = ['revenue by region in 2025 (gross, incl. returns)', 'and in 2024?'];
    // Act
    const questions = rewritten(thread);
    // Assess
    expect(questions).toEqual(thread);
  });
});

describe('the plan holds the definition', () => {
  it('as a row filter, carried into a follow-up', () => {
    // Act
    const plan = demoPlan(
      ['big-ticket = $750 and up. how many big-ticket orders in 2024?', 'and in 2025?'],
      TODAY,
    );
    // Assess
    expect(plan.numberFilters).toEqual([
      expect.objectContaining({
        member: expect.objectContaining({ column: 'amount' }),
        op: '>=',
        value: 750,
      }),
    ]);
    expect(plan.range?.from).toBe('2025-01-01');
  });

  it('as the part of a share', () => {
    // Act
    const plan = demoPlan(
      ['cancel ratio := cancelled orders / all orders (in percent). cancel ratio in 2023?'],
      TODAY,
    );
    // Assess
    expect(plan.share).toBeDefined();
    expect(JSON.stringify(plan.share)).toContain('cancelled');
  });
});

describe('a definition not read in full is refused, never dropped', () => {
  it.each([
    'margin = revenue minus cost of goods. what was the margin in 2025?',
    'define a VIP as a customer with an NPS above 50; how many VIPs do we have?',
    "let's call a category 'hot' when its reviews average above 4 stars. which categories are hot?",
    'big-ticket = $750 and up. how many orders in 2024?',
    // (Their spend over all time, or in 2025? And their revenue is no count of them.)
    'whales = customers with lifetime spend above $35k. how many whales did we have in 2025?',
    'whales = customers with lifetime spend above $35k. what was revenue from whales?',
    // (The whole it is compared with was left out.)
    "let's call orders under $50 'small'. how many small orders vs all orders in 2023?",
  ])('%s', (question) => {
    // Act
    const reading = demoReading([question], TODAY);
    // Assess
    expect(reading.kind).toBe('refuse');
  });

  it('a period asked after a per-customer definition', () => {
    // Act
    const reading = demoReading(
      ['whales = customers with lifetime spend above $35k. how many whales do we have?', 'and in 2025?'],
      TODAY,
    );
    // Assess
    expect(reading.kind).toBe('refuse');
  });
});
