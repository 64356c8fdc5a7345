/**
 * The phases of one request, sent back as a `Server-Timing` header (`resolve;dur=0.41, identity;dur=3.9,
 * query;dur=4.2`): browsers' developer tools show it, and the bench splits the SQL API's latency with it.
 */
export class ServerTiming {
  private last = performance.now();
  private readonly phases: [string, number][] = [];

  /** Ends the phase that began at the previous mark (or at construction) under `name`. */
  mark(name: string): void {
    const now = performance.now();
    this.phases.push([name, now - this.last]);
    this.last = now;
  }

  header(): string {
    return this.phases.map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`).join(', ');
  }
}

/** Reads a `Server-Timing` header back into milliseconds by phase (the bench and tests). */
export function parseServerTiming(header: string | null | undefined): Record<string, number> {
  const phases: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const match = /^\s*([\w-]+)\s*;\s*dur=([\d.]+)\s*$/.exec(part);
    if (match?.[1] && match[2]) phases[match[1]] = Number(match[2]);
  }
  return phases;
}
