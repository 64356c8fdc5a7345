import { describe, expect, it } from '@jest/globals';
import { TUNING_NOW, tuning } from './questions/tuning';
import { caseName, judge } from './support/question-set';
import { rawDatabaseForFile } from './support/sample';

/**
 * The planner's tuning set (relative dates, ratios, refusals, top N, measure words, comparisons): every
 * question answered right against hand-written SQL on the raw sample tables, or refused honestly.
 */
const raw = rawDatabaseForFile();

describe('offline planner tuning set', () => {
  it.each(tuning.map((c) => [caseName(c), c] as const))('%s', async (_name, c) => {
    expect(await judge(c, TUNING_NOW, raw)).toBeUndefined();
  });
});
