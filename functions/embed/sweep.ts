import { config } from '../config';
import { createLogger, describeError } from '../observability/log';
import type { Store } from '../store/client';
import { sweeps } from '../store/sweeps';

/**
 * Runs a definition's sweep (functions/store/sweeps.ts) in bounded batches. In AWS the table-stream function runs
 * one batch per change of the job item, and each batch's recorded position changes it again, so a failed batch is
 * retried from where the last one stopped (docs/operating.md, "Deleting groups and attributes"); locally (npm start,
 * tests) the same batches run in process right after the DELETE.
 */

/** Users read per batch: a batch stays far inside the worker's time limit whatever the account's size. */
export const SWEEP_BATCH_USERS = 200;

export type BatchOutcome = 'more' | 'done' | 'gone';

/** One batch: the next users from the job's position, cleaned, then the new position (or the end of the sweep). */
export async function sweepBatch(
  store: Store,
  account: string,
  id: string,
  limit: number = SWEEP_BATCH_USERS,
): Promise<BatchOutcome> {
  const job = await sweeps.job(store, account, id);
  if (!job) return 'gone';
  const page = await sweeps.page(store, job, limit);
  let changed = 0;
  for (const user of page.users) {
    if (await sweeps.cleanUser(store, job, { pk: String(user.pk), sk: String(user.sk) })) changed += 1;
  }
  if (page.next) {
    await sweeps.advance(store, job, page.next, changed);
    return 'more';
  }
  await sweeps.finish(store, job);
  return 'done';
}

/** Every batch until the sweep ends. */
export async function sweepAll(store: Store, account: string, id: string): Promise<void> {
  for (let batch = 0; (await sweepBatch(store, account, id)) === 'more'; batch += 1) {
    // Bounded like the worker: a sweep is never run past this many batches in one go (it resumes later).
    if (batch > 100_000) return;
  }
}

/**
 * Runs a sweep's batches in this process, unless the table stream's worker runs them (in AWS). A failure is logged,
 * not answered: the delete is done, and the job keeps its position for the next run (`npm run admin -- sweep resume`).
 */
export async function sweepInProcess(store: Store, account: string, id: string): Promise<void> {
  if (config().inLambda) return;
  await sweepAll(store, account, id).catch((error: unknown) => {
    createLogger({ account, sweep: id }).error('sweep', describeError(error));
  });
}
