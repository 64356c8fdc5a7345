/**
 * The steps of `npm start` (bin/dev.ts): each is announced as it begins with about how long is left, and timed.
 * The times are kept in .local/start-times.json, so the next start's estimates are this machine's; a first start
 * uses the times of a first start measured on the project's 2-core VM (README, "Two commands").
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Step {
  id: string;
  label: string;
}

/** Milliseconds each step took on a first start (nothing cached) on the 2-core VM. */
const FIRST_START: Readonly<Record<string, number>> = {
  widget: 1_000,
  dynamodb: 4_000,
  seed: 2_000,
  sample: 2_000,
};

const DEFAULT_FILE = fileURLToPath(new URL('../.local/start-times.json', import.meta.url));

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const about = (ms: number) => `about ${Math.max(1, Math.round(ms / 1000))} s`;

function readTimes(file: string): Record<string, number> {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {};
  }
}

export function startSteps(steps: Step[], out: { write(text: string): unknown }, file = DEFAULT_FILE) {
  const previous = readTimes(file);
  const expected = (id: string) => previous[id] ?? FIRST_START[id] ?? 1_000;
  const took: Record<string, number> = {};
  const started = Date.now();
  out.write(
    `Starting the local service: ${steps.length} steps, ${about(steps.reduce((sum, s) => sum + expected(s.id), 0))}.\n`,
  );
  return {
    /** Runs step `id` (the steps run in the order given). */
    async run<T>(id: string, work: () => Promise<T>): Promise<T> {
      const index = steps.findIndex((step) => step.id === id);
      const step = steps[index];
      if (!step) throw new Error(`start: unknown step ${id}`);
      const left = steps.slice(index).reduce((sum, s) => sum + expected(s.id), 0);
      out.write(`[${index + 1}/${steps.length}] ${step.label} (${about(left)} left)\n`);
      const begun = Date.now();
      const result = await work();
      took[id] = Date.now() - begun;
      return result;
    },
    /** Says what each step took and keeps the times for the next start's estimates. */
    finish(): void {
      const parts = steps
        .filter((step) => took[step.id] !== undefined)
        .map((s) => `${s.id} ${seconds(took[s.id] ?? 0)}`);
      out.write(`Ready in ${seconds(Date.now() - started)} (${parts.join(', ')}).\n`);
      try {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, `${JSON.stringify({ ...previous, ...took }, null, 2)}\n`);
      } catch {
        // Estimates are a courtesy: a read-only checkout starts all the same.
      }
    },
  };
}
