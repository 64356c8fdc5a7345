import type { Logger } from '../http/log';
import type { Store } from '../store/client';
import { type ThreadItem, type ThreadMeta, threads } from '../store/threads';
import { sleep } from './channel';
import { completeFlushes, cutoffLine, encode, STATE_ID, settled, stateLine } from './lines';
import type { ChatSettings } from './settings';

export interface FollowPlan {
  store: Store;
  log: Logger;
  settings: ChatSettings;
  meta: ThreadMeta;
  /**
   * `replay`: every stored line of the thread (following the running turn, if any, to its end);
   * `reattach`: the turn started by the same messageId, from its first line, followed to its end.
   */
  mode: 'replay' | 'reattach';
}

const running = (meta: ThreadMeta | undefined, nowMs = Date.now()): meta is ThreadMeta =>
  meta?.status === 'streaming' && (meta.leaseUntil ?? 0) > nowMs;

const lastSort = (items: ThreadItem[], fallback: number) =>
  items.reduce((max, item) => Math.max(max, item.line.sort), fallback);

/**
 * Streams a thread from storage in the live line format: `__cutoff__`, the stored lines (outcomes of finished
 * turns; a running turn as it is stored, increments included) and one `__state__`. A running turn is followed
 * by polling until its `__state__` is stored or its lease runs out (a crashed stream: status error).
 */
export function followStream(plan: FollowPlan): (clientGone: AbortSignal) => AsyncIterable<string> {
  return (clientGone) => follow(plan, clientGone);
}

async function* follow(plan: FollowPlan, clientGone: AbortSignal): AsyncGenerator<string> {
  const { store, settings, meta } = plan;
  const chatId = meta.chatId;
  yield encode(cutoffLine(chatId));
  if (plan.mode === 'replay' && !running(meta)) {
    const lines = settled((await threads.lines(store, chatId)).map((item) => item.line));
    const states = lines.filter((line) => line.id === STATE_ID);
    for (const line of lines) if (line.id !== STATE_ID) yield encode(line);
    const last = lines.at(-1);
    const state = states.at(-1);
    // The last turn crashed before it stored its end.
    yield encode(last && state === last ? state : stateLine(chatId, 'error', (last?.sort ?? 0) + 1));
    return;
  }
  const target = meta.turnStartSort ?? 1;
  let watermark = plan.mode === 'replay' ? 0 : target - 1;
  let endedOnce = false;
  while (!clientGone.aborted) {
    const now = await threads.get(store, chatId);
    // Read before the lines: if the turn had ended by then, its last lines are already stored.
    const ended = !running(now) || now.turnStartSort !== target;
    const items = await threads.lines(store, chatId, watermark);
    const ready = ended ? items : completeFlushes(items);
    for (const line of settled(ready.map((item) => item.line))) {
      if (line.id !== STATE_ID) {
        yield encode(line);
        continue;
      }
      // States of turns before the followed one are not the end of this stream.
      if (line.sort >= target) {
        yield encode(line);
        return;
      }
    }
    watermark = lastSort(ready, watermark);
    if (ended) {
      // A release is one transaction; give its items a moment to be visible before calling the turn crashed.
      if (endedOnce) {
        yield encode(stateLine(chatId, 'error', watermark + 1));
        return;
      }
      endedOnce = true;
      await sleep(Math.min(settings.followPollMs, 100), clientGone);
      continue;
    }
    await sleep(settings.followPollMs, clientGone);
  }
}
