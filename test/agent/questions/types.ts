import type { QueryUser } from '../../../functions/semantic';

/**
 * One question of an evaluation set: its expected answer is hand-written SQL on the raw sample tables
 * (every number and label of its rows must be stated) or an honest refusal (no query is run).
 */
export type QuestionCase = {
  /** A list is a thread whose last question is scored. */
  ask: string | string[];
  user?: QueryUser;
  /** IANA time zone of the session, when the question depends on it. */
  timeZone?: string;
  /** Clock of the turn (ISO); the set's default otherwise. */
  now?: string;
  /** Allowed absolute difference of stated numbers (percentages are stated rounded). */
  tolerance?: number;
  /** A result column the answer's query must keep as its own series (comparisons of named values). */
  series?: string;
} & ({ sql: string; refuse?: undefined } | { refuse: true; sql?: undefined });
