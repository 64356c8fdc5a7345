import { TtlCache } from '../../functions/cache';

describe('TtlCache', () => {
  test('an entry is fresh for ttlMs, then only peek sees it', () => {
    let now = 1_000;
    const cache = new TtlCache<string, number>({ ttlMs: 100, maxEntries: 10, now: () => now });
    cache.set('a', 1);
    now += 99;
    expect(cache.get('a')).toBe(1);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.peek('a')).toBe(1);
    cache.set('a', 2);
    expect(cache.get('a')).toBe(2);
  });

  test('holds at most maxEntries, dropping the oldest write first', () => {
    const cache = new TtlCache<string, number>({ ttlMs: 60_000, maxEntries: 3 });
    for (const [i, key] of ['a', 'b', 'c'].entries()) cache.set(key, i);
    cache.set('a', 10); // rewritten: now the newest
    cache.set('d', 3);
    expect(cache.size).toBe(3);
    expect(cache.peek('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([10, 2, 3]);
    cache.delete('c');
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
