/** Small statistics helpers shared by the benchmarks. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/** Times `fn` `count` times in sequence; returns per-call milliseconds. */
export async function timeSequential(count: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  return times;
}

/** Runs `count` calls with at most `concurrency` in flight; returns per-call milliseconds and the wall time. */
export async function timeConcurrent(
  count: number,
  concurrency: number,
  fn: (i: number) => Promise<unknown>,
): Promise<{ times: number[]; wallMs: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next;
        next += 1;
        if (i >= count) return;
        const start = performance.now();
        await fn(i);
        times.push(performance.now() - start);
      }
    }),
  );
  return { times, wallMs: performance.now() - started };
}

/** One human-readable line: name, then figures. */
export function line(name: string, figures: Record<string, number | string>): void {
  const parts = Object.entries(figures).map(([k, v]) => `${k}=${v}`);
  process.stdout.write(`${name.padEnd(44)} ${parts.join('  ')}\n`);
}

/** Runs a benchmark module's `run` when the module is the command itself (`tsx bench/chat.ts`), not imported. */
export function runIfMain(moduleUrl: string, run: () => Promise<unknown>): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
