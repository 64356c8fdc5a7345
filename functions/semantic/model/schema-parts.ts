import * as z from 'zod';

/**
 * Pieces of the model schema for the loading side of Cube's YAML (model.ts assembles them): table names as
 * Cube users write them, and view `includes` items.
 */

const PART = /^(?:"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_$]*))$/;

/**
 * `sql_table` as Cube users write it: `orders`, `analytics.orders`, `"public"."orders"`, `db."Sales"."Orders"`.
 * Normalized to dot-joined parts as the engine names them: a quoted part keeps its case, an unquoted one is folded
 * to lower case (as PostgreSQL reads it; DuckDB ignores case). A part holding a dot is refused, but for BigQuery's
 * backticks (splitBackticked). The compiled SQL names the parts in the engine's quoting (`"project"."dataset"."t"`).
 */
export const sqlTableSchema = z.string().transform((value, ctx) => {
  const parts = splitTable(value.trim());
  if (!parts) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be a table name: table, schema.table or "schema"."table" (at most three parts)',
    });
    return z.NEVER;
  }
  return parts.join('.');
});

function splitTable(text: string): string[] | undefined {
  if (text.includes('`')) return splitBackticked(text);
  const raw = text.match(/"(?:[^"]|"")+"|[^."]+/g);
  if (!raw || raw.join('.') !== text || raw.length > 3) return undefined;
  const parts: string[] = [];
  for (const piece of raw) {
    const match = PART.exec(piece);
    if (!match) return undefined;
    const part = match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] ?? '').toLowerCase();
    if (part.includes('.') || part.includes('"')) return undefined;
    parts.push(part);
  }
  return parts;
}

/**
 * BigQuery's and MySQL's backticks: `` `project.dataset.table` `` (one quoted path), `` `project`.dataset.`table` ``.
 * A backticked part keeps its case and may hold dots (each dot separates a part) and dashes (`my-project`).
 */
function splitBackticked(text: string): string[] | undefined {
  const raw = text.match(/`[^`]+`|[^.`]+/g);
  if (!raw || raw.join('.') !== text) return undefined;
  const parts: string[] = [];
  for (const piece of raw) {
    if (piece.startsWith('`')) {
      const inner = piece.slice(1, -1).split('.');
      if (inner.some((p) => !/^[^"`]+$/.test(p))) return undefined;
      parts.push(...inner);
    } else {
      const match = PART.exec(piece);
      if (!match?.[2]) return undefined;
      parts.push(match[2].toLowerCase());
    }
  }
  return parts.length <= 3 ? parts : undefined;
}

const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an identifier (letters, digits, _)');

/** A view `includes` item: a member name, or `{ name, alias, title, description, format, meta }`. */
export const viewIncludeSchema = z.union([
  identifier,
  z.strictObject({
    name: identifier,
    alias: identifier.optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    format: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  }),
]);

export type ViewInclude = z.infer<typeof viewIncludeSchema>;
