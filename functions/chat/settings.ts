/** Time bounds of the chat service, read from the environment when a request starts. */
export interface ChatSettings {
  /** A turn is stopped after this long (on Lambda no event says the client left). */
  turnTimeoutMs: number;
  /** A turn's lease on its thread; renewed every third of it while streaming. */
  leaseMs: number;
  /** How often a running turn reads its thread for an abort request. */
  abortPollMs: number;
  /** How often a follower (replay of a running turn, re-attach) reads new lines. */
  followPollMs: number;
  /** After an abort, how long the agent gets to wind down before the turn is closed without it. */
  abortGraceMs: number;
  /** Streamed increments are stored at most this often. */
  snapshotMs: number;
}

const positive = (raw: string | undefined, fallback: number): number => {
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export function chatSettings(env: NodeJS.ProcessEnv = process.env): ChatSettings {
  return {
    turnTimeoutMs: positive(env.CHAT_TURN_TIMEOUT_MS, 120_000),
    leaseMs: positive(env.CHAT_LEASE_MS, 30_000),
    abortPollMs: positive(env.CHAT_ABORT_POLL_MS, 200),
    followPollMs: positive(env.CHAT_FOLLOW_POLL_MS, 150),
    abortGraceMs: positive(env.CHAT_ABORT_GRACE_MS, 500),
    snapshotMs: positive(env.CHAT_SNAPSHOT_MS, 500),
  };
}
