import { describe, expect, it } from '@jest/globals';
import { rephrase } from '../../functions/agent/planner/phrases';
import { queryFor } from '../../functions/agent/planner/query';
import { words } from '../../functions/agent/planner/text';
import { demoPlan } from './support/demo-reading';

/**
 * Readings fixed from questions probed on a clock of the lead's own (2027-03-31, tuning-32-probed.ts): a group ranked
 * by its figure per customer (read as each customer's top groups) and "more than one" before a noun (refused).
 */
const TODAY = '2027-03-31';
const plan = (...questions: string[]) => demoPlan(questions, TODAY);
const titleOf = (...questions: string[]) => queryFor(plan(...questions)).title;

describe('a group ranked by its figure per customer', () => {
  it.each([
    [
      'top 3 regions by revenue per customer in 2025',
      'top 3 regions by average revenue per customer in 2025',
    ],
    [
      'which segment has the highest revenue per customer',
      'which segment has the highest average revenue per customer',
    ],
    [
      'which region has the most orders per customer',
      'which region has the highest average number of orders per customer',
    ],
    [
      'which category has the fewest orders per client',
      'which category has the lowest average number of orders per customer',
    ],
    ['top 2 regions by spend per buyer', 'top 2 regions by average revenue per customer'],
  ])('%s: the average per customer', (asked, meant) => {
    expect(rephrase(asked, TODAY)).toBe(rephrase(meant, TODAY));
  });

  it('is ranked on the group, with no group per customer', () => {
    const p = plan('top 3 regions by revenue per customer in 2025');
    expect(p.perGroup).toBeUndefined();
    expect(p.top?.n).toBe(3);
    expect(queryFor(p).title).toBe('Average revenue per customer by sales region, in 2025');
  });

  it('leaves an average already said, and a top per group of another unit, as they were', () => {
    expect(rephrase('which segment has the highest average revenue per customer', TODAY)).toBe(
      'which segment has the highest average revenue per customer',
    );
    expect(plan('top 2 customers by revenue per region').perGroup).toBeDefined();
  });
});

describe('"more than one" before a noun', () => {
  it('is the number 1 after a comparison, and "one" stays a word elsewhere', () => {
    expect(words('customers with more than one order')).toEqual([
      'customers',
      'with',
      'more',
      'than',
      '1',
      'order',
    ]);
    expect(words('fewer than one of them')).toContain('one');
    expect(words('which one had more')).toContain('one');
  });

  it.each([
    [
      'how many customers ordered from more than one region',
      'Customers with orders in more than 1 sales regions',
    ],
    [
      'how many customers placed more than one order in december 2025',
      'Customers with more than 1 order, in December 2025',
    ],
  ])('%s', (asked, title) => {
    expect(titleOf(asked)).toBe(title);
  });
});
