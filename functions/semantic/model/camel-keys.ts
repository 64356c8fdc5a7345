/**
 * Cube reads every model property in camelCase or snake_case ("All schema properties can be written in either
 * camel-case or snake-case", Cube's YAML syntax page): `sqlTable`, `primaryKey`, `dataSource`, `preAggregations`,
 * `accessPolicy`, `rowLevel`, `joinPath`, and values such as `type: countDistinct` or `relationship: belongsTo`.
 * A YAML document is brought to the snake_case form the schema reads before it is validated. Member names are
 * values (`name:`), never keys, so they keep their spelling; so does everything under `meta`, and filter
 * operators (`notEquals`), which Cube spells in camelCase itself.
 */

const snake = (text: string): string => text.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Keys whose string values Cube also accepts in camelCase (types, relationships, granularities, directions). */
const ENUM_KEYS: ReadonlySet<string> = new Set(['type', 'relationship', 'granularity', 'dir']);

/** The document with Cube's camelCase keys (and enum values) in snake_case; anything else is returned as is. */
export function snakeKeys(value: unknown, key?: string): unknown {
  if (key === 'meta') return value;
  if (Array.isArray(value)) return value.map((item) => snakeKeys(item, key));
  if (typeof value === 'string')
    return key && ENUM_KEYS.has(key) && /[A-Z]/.test(value) ? snake(value) : value;
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [raw, inner] of Object.entries(value)) {
    const name = /[A-Z]/.test(raw) ? snake(raw) : raw;
    // The snake_case spelling wins when a file writes both.
    if (name !== raw && Object.hasOwn(value, name)) continue;
    // Defined, never assigned: a `__proto__` key stays an own (unknown, refused) key, not the object's prototype.
    Object.defineProperty(out, name, {
      value: snakeKeys(inner, name),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
