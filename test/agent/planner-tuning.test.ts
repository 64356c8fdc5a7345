import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { closeDrivers } from '../../functions/semantic';
import { TUNING_NOW, tuning } from './questions/tuning';
import { caseName, judge } from './support/question-set';
import { rawDatabase } from './support/sample';

/**
 * The planner's tuning set (relative dates, ratios, refusals, top N, measure words, comparisons): every
 * question answered right against hand-written SQL on the raw sample tables, or refused honestly.
 */
let raw: Awaited<ReturnType<typeof rawDatabase>>;

beforeAll(async () => {
  raw = await rawDatabase();
});

afterAll(async () => {
  raw.close();
  await closeDrivers();
});

describe('offline planner tuning set', () => {
  it.each(tuning.map((c) => [caseName(c), c] as const))('%s', async (_name, c) => {
    expect(await judge(c, TUNING_NOW, raw)).toBeUndefined();
  });
});
