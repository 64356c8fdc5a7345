/**
 * Waiting for what a test is about, not for a fixed time: on a loaded CI machine a timer or a request can take
 * many times as long as on a quiet one, so a test waits for the condition itself, up to a limit far beyond
 * any healthy run (reaching it is a failure with the condition's name).
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what: string,
  limitMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Waited ${limitMs} ms for ${what}`);
    await sleep(10);
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** 'settled' if the promise settles within `ms`, else 'pending' (it keeps running either way). */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<'settled' | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise<'pending'>((resolve) => {
    timer = setTimeout(() => resolve('pending'), ms);
  });
  const settled = promise.then(
    () => 'settled' as const,
    () => 'settled' as const,
  );
  try {
    return await Promise.race([settled, pending]);
  } finally {
    clearTimeout(timer);
  }
}
