import { describe, expect, it } from '@jest/globals';
import { HELD_OUT_NOW, heldOut } from './questions/held-out';
import { caseName, judge } from './support/question-set';
import { rawDatabaseForFile } from './support/sample';

/**
 * The held-out set: written before the planner changes and never tuned on. Its measured score is the
 * floor asserted here; the misses listed in the README stay misses until new held-out questions replace
 * the set (tuning on these would make the figure meaningless).
 */
/**
 * Measured 2026-11-24: 32/33. The miss: "best-selling categories among small business customers" (a defect of
 * the case: the 20,000-order sample has no small business customers, so its expected SQL returns no rows).
 */
const MIN_RIGHT = 32;

const raw = rawDatabaseForFile();

describe('offline planner held-out set', () => {
  it(`answers at least ${MIN_RIGHT} of ${heldOut.length} held-out questions right`, async () => {
    const misses: string[] = [];
    for (const c of heldOut) {
      const why = await judge(c, HELD_OUT_NOW, raw);
      if (why) misses.push(`${caseName(c)}: ${why}`);
    }
    const right = heldOut.length - misses.length;
    process.stdout.write(`held-out: ${right}/${heldOut.length}\n${misses.join('\n\n')}\n`);
    expect(right).toBeGreaterThanOrEqual(MIN_RIGHT);
  });
});
