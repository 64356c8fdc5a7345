/** The pure DynamoDB-limit checks behind the 400s of contract §3 (the HTTP side is in security.test.ts). */
import fc from 'fast-check';
import { illFormedPath, MAX_NESTING, numberIssue, storableIssue } from '../../functions/store/limits';

const nested = (depth: number): unknown => (depth === 0 ? 1 : [nested(depth - 1)]);

describe('storableIssue', () => {
  test('nesting: lists count like maps, up to the limit', () => {
    expect(storableIssue(nested(MAX_NESTING))).toBeUndefined();
    expect(storableIssue(nested(MAX_NESTING + 1))?.message).toMatch(/nested deeper/);
  });

  test('numbers, empty and over-long keys, size, each with its path', () => {
    expect(storableIssue({ a: [1, 2, 2 ** 53] })).toEqual({
      path: ['a', 2],
      message: expect.stringMatching(/between/),
    });
    expect(storableIssue({ a: { '': 1 } })).toEqual({ path: ['a'], message: 'map keys must not be empty' });
    expect(storableIssue({ ['k'.repeat(65_536)]: 1 })?.message).toMatch(/at most 65535 bytes/);
    expect(storableIssue({ s: 'x'.repeat(200) }, { maxBytes: 100 })?.message).toMatch(/at most 100 bytes/);
    expect(
      storableIssue({ ok: [0, -1.5, 1e-130, Number.MAX_SAFE_INTEGER, 'text', null, true] }),
    ).toBeUndefined();
  });

  test('numberIssue agrees with the range the document client and DynamoDB accept (property)', () => {
    fc.assert(
      fc.property(fc.double(), (n) => {
        const storable =
          Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER && (n === 0 || Math.abs(n) >= 1e-130);
        expect(numberIssue(n) === undefined).toBe(storable);
      }),
    );
  });
});

describe('illFormedPath', () => {
  test('finds lone surrogates in values and keys, and accepts pairs', () => {
    expect(illFormedPath({ a: ['ok', 'x\ud800'] })).toEqual(['a', 1]);
    expect(illFormedPath({ a: { 'k\udc00': 1 } })).toEqual(['a', 'k\udc00']);
    expect(illFormedPath({ emoji: '\u{1F600}' })).toBeUndefined();
  });

  test('walks bodies far deeper than the call stack', () => {
    let deep: unknown = 'x\udfff';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(illFormedPath(deep)).toHaveLength(200_000);
  });
});
