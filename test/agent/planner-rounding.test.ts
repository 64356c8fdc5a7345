import { describe, expect, it } from '@jest/globals';
import { readRounding, roundFigures } from '../../functions/agent/planner/rounding';

/**
 * A rounding asked for (rounding.ts): the phrase leaves the question, and each figure of the answer is also
 * stated as asked, beside the exact one (issue 29: answers in the asker's words; was refused over "millions").
 */
describe('reading a rounding asked for', () => {
  it.each([
    ['total revenue in 2024 in millions', 'total revenue in 2024', { scale: 1e6, inUnit: true }],
    ['revenue by region, in $m', 'revenue by region', { scale: 1e6, inUnit: true, money: true }],
    ['2025 revenue, rounded to the nearest thousand', '2025 revenue', { scale: 1e3 }],
    ['orders in 2025? one decimal place pls', 'orders in 2025? pls', { decimals: 1 }],
    ['aov in 2025 to 2 decimals', 'aov in 2025', { decimals: 2 }],
    ['revenue in $k, one decimal', 'revenue', { scale: 1e3, inUnit: true, decimals: 1, money: true }],
    ['average order value, rounded', 'average order value', { scale: 1 }],
    ['toys revenue in 2024 in dollars', 'toys revenue in 2024', { money: true }],
    ['revenue by segment (in USD)', 'revenue by segment', { money: true }],
    ['total rev 2025 in millions, 1dp', 'total rev 2025', { scale: 1e6, inUnit: true, decimals: 1 }],
    ['revenue 2025 - round to nearest $100k', 'revenue 2025', { scale: 1e5, money: true }],
    ['orders in 2024 to the nearest 1,000', 'orders in 2024', { scale: 1e3 }],
    ['avg order value in 2024 w/o the cents', 'avg order value in 2024', { decimals: 0, only: true }],
    ['revenue by region 2024, no decimals', 'revenue by region 2024', { decimals: 0, only: true }],
    [
      'median order value in 2025, in dollars and cents',
      'median order value in 2025, in dollars and cents',
      undefined,
    ],
  ])('%s', (question, text, rounding) => {
    expect(readRounding(question)).toEqual(rounding ? { text, rounding } : { text });
  });

  it('leaves questions without one as they are', () => {
    expect(readRounding('revenue by month in 2025')).toEqual({ text: 'revenue by month in 2025' });
    expect(readRounding('customers with more than 1 order')).toEqual({
      text: 'customers with more than 1 order',
    });
  });
});

describe('stating the figures as asked', () => {
  it('states money in the unit asked beside the exact figure, at the end of a sentence too', () => {
    expect(roundFigures('The revenue is $170,123,385.82.', { scale: 1e6, inUnit: true })).toBe(
      'The revenue is $170,123,385.82 (about $170.12 million).',
    );
  });

  it('rounds to a multiple, and to the decimals asked', () => {
    expect(roundFigures('$162,239,199.82', { scale: 1e3 })).toBe('$162,239,199.82 (about $162,239,000)');
    expect(roundFigures('- toys: 12.09% (7,832 of 64,768)', { decimals: 1 })).toBe(
      '- toys: 12.09% (about 12.1%) (7,832 of 64,768)',
    );
    expect(roundFigures('average: 16.89', { decimals: 1 })).toBe('average: 16.89 (about 16.9)');
  });

  it('leaves dates, ranks, whole counts and figures that already read so alone', () => {
    const text = '1. 2025-Q4: 85,397 orders, 12.1% in 2025';
    expect(roundFigures(text, { decimals: 1 })).toBe(text);
    expect(roundFigures('down $-1,234.50 (-4.32%)', { scale: 1e6, inUnit: true })).toBe(
      'down $-1,234.50 (-4.32%)',
    );
  });
});
