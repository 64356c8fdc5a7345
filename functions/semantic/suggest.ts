/** Levenshtein distance, for "did you mean" suggestions. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j] ?? 0;
      row[j] = Math.min(current + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

/** Up to three close names, for helpful errors. */
export function suggest(name: string, candidates: Iterable<string>): string[] {
  const lower = name.toLowerCase();
  return [...candidates]
    .map((c) => ({ c, d: distance(lower, c.toLowerCase()) }))
    .filter(
      ({ c, d }) => d <= Math.max(2, Math.floor(c.length / 3)) || c.includes(lower) || lower.includes(c),
    )
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map(({ c }) => c);
}
