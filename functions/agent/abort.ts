/** The error a cancelled step rejects with; carries the signal's reason. */
export class AbortedError extends Error {
  constructor(reason?: unknown) {
    super(typeof reason === 'string' ? reason : 'Aborted', { cause: reason });
    this.name = 'AbortedError';
  }
}

/** Races a promise against the signal so that a step that ignores the signal still ends the turn on time. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(new AbortedError(signal.reason));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortedError(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(signal.aborted ? new AbortedError(signal.reason) : error);
      },
    );
  });
}

/** Iterates an async iterable, stopping within a tick of the signal even while a `next()` is pending. */
export async function* abortable<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    while (true) {
      const next = await raceAbort(iterator.next(), signal);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // Closing the source lets a provider release its HTTP stream; it must not delay the caller.
    void Promise.resolve()
      .then(() => iterator.return?.())
      .catch(() => undefined);
  }
}

/** Resolves after `ms`, or rejects at once when the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return signal.aborted ? Promise.reject(new AbortedError(signal.reason)) : Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new AbortedError(signal.reason));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError(signal.reason));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
