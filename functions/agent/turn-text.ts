import type { ProviderFailure } from './types';

/** What a turn did so far: said when it ends early (stopped, out of time, failed). */
export interface Progress {
  metaSearches: number;
  queries: { title: string; totalRows: number }[];
  failedTools: number;
  partialText: string;
}

export const newProgress = (): Progress => ({
  metaSearches: 0,
  queries: [],
  failedTools: 0,
  partialText: '',
});

/** One paragraph on what the turn did before it ended, and the model's last words if any. */
export function summary(progress: Progress, withText = true): string {
  const parts: string[] = [];
  if (progress.metaSearches > 0) {
    parts.push(
      `searched the data model ${progress.metaSearches === 1 ? 'once' : `${progress.metaSearches} times`}`,
    );
  }
  for (const q of progress.queries)
    parts.push(`ran "${q.title}" (${q.totalRows} row${q.totalRows === 1 ? '' : 's'})`);
  if (progress.failedTools > 0) parts.push(`had ${progress.failedTools} failed tool call(s)`);
  const done = parts.length > 0 ? `So far I ${parts.join(', ')}.` : 'Nothing had been done yet.';
  const text = withText ? progress.partialText.trim() : '';
  return text ? `${done}\n\n${text}` : done;
}

/** What a user is told when the model provider failed: the kind of trouble, never the provider's own words. */
export function failureText(kind: ProviderFailure | undefined, reference: string): string {
  const what =
    kind === 'throttled'
      ? 'the language model is busy right now (too many requests)'
      : kind === 'unavailable'
        ? 'the language model is not responding right now'
        : kind === 'context'
          ? 'this conversation has grown too long for the language model; please start a new one'
          : 'the analyst ran into a problem';
  return `Sorry, ${what}. Please try again in a moment (reference ${reference}).`;
}

/** The answer that replaces one whose figures could not be checked twice over. */
export function withheldAnswer(progress: Progress): string {
  const last = progress.queries.at(-1);
  const where = last
    ? ` The results of "${last.title}" (${last.totalRows} row${last.totalRows === 1 ? '' : 's'}) are in the table above.`
    : '';
  return `I could not check the figures of my answer against this turn's query results, so I have left the answer out rather than give you numbers I cannot vouch for.${where} Asking again, or more specifically, may help.`;
}

/** The step text shown in place of an answer sent back for its figures. */
export const WITHDRAWN_STEP =
  '(A draft answer was withdrawn: its figures did not match this turn’s query results. Checking again.)';

/** The step text shown in place of a reply cut at the output limit. */
export const CUT_STEP =
  '(This reply was cut off at the model’s output limit and not used. Trying again, shorter.)';

/** The step text shown in place of a reply the provider's filter stopped. */
export const FILTERED_STEP = '(This reply was stopped by the language model’s content filter.)';

export const FILTERED_ANSWER =
  "The language model's content filter stopped this answer, so there is nothing I can show. Asking in other words may help.";

export const CUT_ANSWER =
  "The answer was longer than the language model's output limit allows, twice. Asking for less at a time (a shorter period, fewer breakdowns) may help.";

export const MALFORMED_ANSWER =
  'The language model could not write a valid request to the data tools. Asking again, or in other words, may help.';
