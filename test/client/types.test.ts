/**
 * The client's types are generated from the OpenAPI document's schemas (scripts/client-types.ts): the committed
 * file is what the schemas generate now, and the generator types each JSON Schema form zod writes.
 */
import { readFileSync } from 'node:fs';
import { CLIENT_TYPES, clientTypesSource, typeOf } from '../../scripts/client-types';

test('packages/client/src/types.generated.ts is what the schemas generate now (else: npm run openapi)', () => {
  const stale = readFileSync(CLIENT_TYPES, 'utf8') !== clientTypesSource();
  expect({ stale, fix: 'npm run openapi' }).toEqual({ stale: false, fix: 'npm run openapi' });
  // The client's request type is the validating schema's: a field the service refuses is not in it.
  expect(clientTypesSource()).toMatch(/export type GenerateSessionRequest = \{\n {2}deploymentId: number;\n/);
});

test('JSON Schema to TypeScript: objects, optional and nullable fields, open objects, unions, literals', () => {
  expect(
    typeOf({
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1 },
        name: { anyOf: [{ type: 'string', maxLength: 9 }, { type: 'null' }] },
        tags: { type: 'array', items: { type: ['string', 'number'] } },
        kind: { type: 'string', enum: ['a', 'b'] },
        fixed: { const: 'ok' },
        'odd-key': {},
      },
      required: ['id', 'kind'],
      additionalProperties: false,
    }),
  ).toBe(
    [
      '{',
      '  id: number;',
      '  name?: string | null;',
      '  tags?: (string | number)[];',
      '  kind: "a" | "b";',
      '  fixed?: "ok";',
      '  "odd-key"?: unknown;',
      '}',
    ].join('\n'),
  );
  expect(
    typeOf({ type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'boolean' } }),
  ).toBe('{\n  [field: string]: boolean;\n}');
  expect(typeOf({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: {} })).toBe(
    '{\n  a?: string;\n  [field: string]: unknown;\n}',
  );
  expect(
    typeOf({
      type: 'array',
      items: { anyOf: [{ type: 'object', properties: {}, additionalProperties: false }, { type: 'null' }] },
    }),
  ).toBe('(Record<string, never> | null)[]');
  expect(typeOf({ $ref: '#/components/schemas/Error' })).toBe('ErrorBody');
  // A keyword it does not know fails the generation instead of typing the value `unknown`.
  expect(() => typeOf({ type: 'object', patternProperties: {} })).toThrow(/keyword patternProperties/);
});
