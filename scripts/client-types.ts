/**
 * Writes packages/client/src/types.generated.ts: a TypeScript type for each schema of the OpenAPI document
 * (functions/api/openapi.ts), which is itself generated from the zod schemas that validate requests and describe
 * responses. The client's types are these, so they cannot drift from what the service accepts and returns;
 * `npm run openapi` writes both files and test/client/types.test.ts fails while either is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../functions/api/openapi';

export const CLIENT_TYPES = fileURLToPath(
  new URL('../packages/client/src/types.generated.ts', import.meta.url),
);

type Schema = Record<string, unknown>;

/** Keywords that constrain values but not their TypeScript type. */
const VALIDATION_ONLY = new Set([
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'pattern',
  'format',
  'propertyNames',
  'description',
  'default',
]);
const UNDERSTOOD = new Set([
  'type',
  'anyOf',
  'oneOf',
  'const',
  'enum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  '$ref',
]);

/** Component names that would shadow a global in the generated module. */
const RENAMED: Readonly<Record<string, string>> = { Error: 'ErrorBody' };
export const typeName = (component: string): string => RENAMED[component] ?? component;

const literal = (value: unknown): string => JSON.stringify(value);
const propertyKey = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));

const union = (members: string[]): string => {
  const unique = [...new Set(members)];
  if (unique.includes('unknown')) return 'unknown';
  return unique.join(' | ');
};

/** A member of a union or an array item, parenthesised when it is a union itself (outside any braces). */
function wrapped(type: string): string {
  let depth = 0;
  for (const char of type) {
    if (char === '{' || char === '(') depth += 1;
    else if (char === '}' || char === ')') depth -= 1;
    else if (char === '|' && depth === 0) return `(${type})`;
  }
  return type;
}

/**
 * The TypeScript type a value of `schema` has (JSON Schema 2020-12 as zod writes it). A keyword this function does
 * not understand is an error: a new zod feature must be handled here, not silently typed `unknown`.
 */
export function typeOf(schema: unknown, indent = ''): string {
  if (schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new Error(`client types: not a schema: ${literal(schema)}`);
  }
  const s = schema as Schema;
  for (const key of Object.keys(s)) {
    if (!UNDERSTOOD.has(key) && !VALIDATION_ONLY.has(key)) throw new Error(`client types: keyword ${key}`);
  }
  if (typeof s.$ref === 'string') {
    const match = /^#\/components\/schemas\/(\w+)$/.exec(s.$ref);
    if (!match?.[1]) throw new Error(`client types: $ref ${s.$ref}`);
    return typeName(match[1]);
  }
  const variants = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (variants) return union(variants.map((variant) => wrapped(typeOf(variant, indent))));
  if ('const' in s) return literal(s.const);
  if (Array.isArray(s.enum)) return union(s.enum.map(literal));
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type === undefined ? [] : [String(s.type)];
  if (types.length === 0) return 'unknown';
  return union(types.map((type) => wrapped(typeOfType(type, s, indent))));
}

function typeOfType(type: string, s: Schema, indent: string): string {
  switch (type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return s.items === undefined ? 'unknown[]' : `${wrapped(typeOf(s.items, indent))}[]`;
    case 'object':
      return objectType(s, indent);
    default:
      throw new Error(`client types: type ${type}`);
  }
}

function objectType(s: Schema, indent: string): string {
  const inner = `${indent}  `;
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const required = new Set((s.required ?? []) as string[]);
  const lines = Object.entries(properties).map(
    ([name, property]) =>
      `${inner}${propertyKey(name)}${required.has(name) ? '' : '?'}: ${typeOf(property, inner)};`,
  );
  const extra = s.additionalProperties;
  if (extra !== false) {
    // Other fields are allowed: typed when nothing else is declared, else `unknown` (it must cover every field).
    const value =
      extra === undefined || extra === true || lines.length > 0 ? 'unknown' : typeOf(extra, inner);
    lines.push(`${inner}[field: string]: ${value};`);
  }
  return lines.length === 0 ? 'Record<string, never>' : `{\n${lines.join('\n')}\n${indent}}`;
}

/** The module: one exported type per component schema of the document, in the document's order. */
export function clientTypesSource(): string {
  const doc = openApiDocument() as { components: { schemas: Record<string, unknown> } };
  const types = Object.entries(doc.components.schemas).map(
    ([name, schema]) =>
      `/** \`#/components/schemas/${name}\` */\nexport type ${typeName(name)} = ${typeOf(schema)};\n`,
  );
  return [
    "// Generated by `npm run openapi` (scripts/client-types.ts) from the OpenAPI document's schemas: do not edit.",
    '// test/client/types.test.ts fails when it no longer matches them.',
    '',
    ...types,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CLIENT_TYPES, clientTypesSource());
  console.log(`wrote ${CLIENT_TYPES}`);
}
