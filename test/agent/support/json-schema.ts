/**
 * A small JSON Schema (draft-07) validator covering the keywords the Vega-Lite schema uses: $ref, anyOf,
 * allOf, oneOf, type, enum, const, properties, required, additionalProperties, items, min/max, minItems,
 * maxItems, minProperties. Returns the problems found (empty when valid).
 */
type Schema = Record<string, unknown> | boolean;

export function validate(root: Record<string, unknown>, value: unknown): string[] {
  const definitions = (root.definitions ?? {}) as Record<string, Schema>;
  const resolve = (ref: string): Schema => {
    const name = ref.replace(/^#\/definitions\//, '');
    const found = definitions[decodeURIComponent(name)];
    if (found === undefined) throw new Error(`unresolved ${ref}`);
    return found;
  };
  const typeOf = (v: unknown): string =>
    v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

  function check(schema: Schema, v: unknown, path: string, depth: number): string[] {
    if (schema === true) return [];
    if (schema === false) return [`${path}: not allowed`];
    if (depth > 200) return [`${path}: too deep`];
    const s = schema;
    if (typeof s.$ref === 'string') return check(resolve(s.$ref), v, path, depth + 1);
    const errors: string[] = [];
    if (
      Array.isArray(s.anyOf) &&
      !s.anyOf.some((sub) => check(sub as Schema, v, path, depth + 1).length === 0)
    ) {
      errors.push(`${path}: matches none of anyOf`);
    }
    if (Array.isArray(s.oneOf)) {
      const matching = s.oneOf.filter((sub) => check(sub as Schema, v, path, depth + 1).length === 0).length;
      if (matching !== 1) errors.push(`${path}: matches ${matching} of oneOf`);
    }
    if (Array.isArray(s.allOf))
      for (const sub of s.allOf) errors.push(...check(sub as Schema, v, path, depth + 1));
    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
      const actual = typeOf(v);
      if (!types.some((t) => t === actual || (t === 'number' && actual === 'integer'))) {
        return [...errors, `${path}: expected ${types.join('|')}, got ${actual}`];
      }
    }
    if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) {
      errors.push(`${path}: not one of ${JSON.stringify(s.enum)}`);
    }
    if ('const' in s && JSON.stringify(s.const) !== JSON.stringify(v))
      errors.push(`${path}: not ${JSON.stringify(s.const)}`);
    if (typeof v === 'number') {
      if (typeof s.minimum === 'number' && v < s.minimum) errors.push(`${path}: below ${s.minimum}`);
      if (typeof s.maximum === 'number' && v > s.maximum) errors.push(`${path}: above ${s.maximum}`);
    }
    if (Array.isArray(v)) {
      if (typeof s.minItems === 'number' && v.length < s.minItems) errors.push(`${path}: too few items`);
      if (typeof s.maxItems === 'number' && v.length > s.maxItems) errors.push(`${path}: too many items`);
      if (Array.isArray(s.items)) {
        s.items.forEach((sub, i) => {
          if (i < v.length) errors.push(...check(sub as Schema, v[i], `${path}[${i}]`, depth + 1));
        });
      } else if (s.items !== undefined) {
        for (const [i, item] of v.entries())
          errors.push(...check(s.items as Schema, item, `${path}[${i}]`, depth + 1));
      }
    }
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const object = v as Record<string, unknown>;
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      for (const key of (s.required ?? []) as string[])
        if (!(key in object)) errors.push(`${path}.${key}: required`);
      if (typeof s.minProperties === 'number' && Object.keys(object).length < s.minProperties) {
        errors.push(`${path}: too few properties`);
      }
      for (const [key, item] of Object.entries(object)) {
        const sub = properties[key];
        if (sub !== undefined) errors.push(...check(sub, item, `${path}.${key}`, depth + 1));
        else if (s.additionalProperties === false) errors.push(`${path}.${key}: unknown property`);
        else if (s.additionalProperties && typeof s.additionalProperties === 'object') {
          errors.push(...check(s.additionalProperties as Schema, item, `${path}.${key}`, depth + 1));
        }
      }
    }
    return errors;
  }
  return check(root, value, '$', 0);
}
