/**
 * The session's clock: `onExpiring` ahead of the token's end (`renewBeforeMs` before it, or halfway for a short
 * token), `onExpired` at it. Returns the cancel of both (a renewed session schedules afresh).
 */
export function sessionClock(
  expiresAt: string,
  renewBeforeMs: number,
  on: { expiring(secondsLeft: number): void; expired(): void },
): () => void {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return () => undefined;
  const left = end - Date.now();
  const warnIn = Math.max(0, Math.min(left - renewBeforeMs, left / 2));
  const timers = [
    window.setTimeout(() => on.expiring(Math.round((end - Date.now()) / 1000)), warnIn),
    window.setTimeout(() => on.expired(), Math.max(0, left)),
  ];
  return () => {
    for (const timer of timers) window.clearTimeout(timer);
  };
}
