import { formatValue, STOPWORDS, stem, words } from './planner/text';

/** A question/SQL pair from the model's `verified_queries`. */
export interface VerifiedQuery {
  question: string;
  sql: string;
}

/** A verified query with how close its question is to the user's (0 to 1). */
export interface VerifiedExample extends VerifiedQuery {
  similarity: number;
}

/** Above this the offline analyst runs the verified SQL itself instead of planning its own. */
export const CLOSE_MATCH = 0.8;
/** Below this a verified query is no useful example for a model either. */
const EXAMPLE_FLOOR = 0.3;
const EXAMPLES = 3;

/** Content words, stemmed; numbers stay (top 5 is not top 10, 2024 is not 2023). */
const terms = (text: string) =>
  new Set(
    words(text)
      .filter((w) => !STOPWORDS.has(w))
      .map(stem),
  );

/** Normalised token similarity of two questions (Dice coefficient over their content words). */
export function questionSimilarity(a: string, b: string): number {
  const x = terms(a);
  const y = terms(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return (2 * shared) / (x.size + y.size);
}

/** The verified queries closest to a question, closest first (at most three, none far off). */
export function closestVerified(
  queries: readonly VerifiedQuery[] | undefined,
  question: string,
): VerifiedExample[] {
  return (queries ?? [])
    .map((q) => ({ question: q.question, sql: q.sql, similarity: questionSimilarity(q.question, question) }))
    .filter((q) => q.similarity >= EXAMPLE_FLOOR)
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, EXAMPLES);
}

/** The examples as the system prompt carries them. */
export function examplesPrompt(examples: readonly VerifiedExample[]): string {
  if (examples.length === 0) return '';
  return [
    "Verified queries for similar questions (the model's authors vouch for them; reuse or adapt their SQL):",
    ...examples.map((e) => `- Q: ${e.question}\n  SQL: ${e.sql.replace(/\s+/g, ' ').trim()}`),
  ].join('\n');
}

/** The answer to a verified query's result: what was run, then at most ten rows and the row count. */
export function verifiedAnswer(
  example: VerifiedQuery,
  result: { schema: { name: string }[]; data: unknown[][]; totalRows?: number },
): string {
  const total = result.totalRows ?? result.data.length;
  const head = `Answered with the verified query for "${example.question}".`;
  if (total === 0) return `${head} It returns no rows.`;
  const names = result.schema.map((s) => s.name);
  const row = (r: unknown[]) =>
    r.length === 1 ? formatValue(r[0]) : r.map((v, i) => `${names[i] ?? i}: ${formatValue(v)}`).join('; ');
  if (total === 1 && result.data[0]) return `${head} ${row(result.data[0])}.`;
  const shown = result.data.slice(0, 10).map((r) => `- ${row(r)}`);
  const more = total > shown.length ? [`(${total - shown.length} more rows in the table.)`] : [];
  return [head, ...shown, ...more].join('\n');
}
