/**
 * Member-level hiding over generated models (issue 25): members derived from hidden members, in any chain and
 * through a view's own member_level, are hidden as an independent reading of the rule says; ordinary aggregates
 * over hidden dimensions are not. The oracle below is written from docs/data-model.md, not from policy.ts.
 */

import fc from 'fast-check';
import { compileSql, parseModel, type QueryUser, visibleMembers } from '../../functions/semantic';

type Kind = 'dim' | 'measure';
interface Spec {
  name: string;
  kind: Kind;
  /** Members (earlier ones) this one's SQL names; for a measure, `agg` means an aggregate over dimensions. */
  refs: number[];
  agg?: boolean;
}

/** A random chain of members: base columns, dimensions over dimensions, measures over measures or over dimensions. */
const specs = fc
  .array(
    fc.record({
      kind: fc.constantFrom<Kind>('dim', 'measure'),
      picks: fc.array(fc.nat(), { maxLength: 3 }),
      agg: fc.boolean(),
    }),
    {
      minLength: 2,
      maxLength: 10,
    },
  )
  .map((raw) => {
    const out: Spec[] = [{ name: 'd0', kind: 'dim', refs: [] }];
    for (const [i, r] of raw.entries()) {
      const pool = out
        .map((s, j) => ({ s, j }))
        .filter(({ s }) => (r.kind === 'dim' || r.agg ? s.kind === 'dim' : s.kind === 'measure'));
      const refs = [
        ...new Set(
          r.picks
            .map((p) => pool[p % Math.max(pool.length, 1)]?.j)
            .filter((j): j is number => j !== undefined),
        ),
      ];
      const kind: Kind = r.kind === 'measure' && !r.agg && refs.length === 0 ? 'measure' : r.kind;
      out.push({
        name: `${kind === 'dim' ? 'd' : 'm'}${i + 1}`,
        kind,
        refs,
        agg: kind === 'measure' && (r.agg || refs.length === 0),
      });
    }
    return out;
  });

function yaml(list: Spec[], hidden: Set<string>, viewHidden: Set<string>): string {
  const dims = list.filter((s) => s.kind === 'dim');
  const measures = list.filter((s) => s.kind === 'measure');
  const ref = (i: number) => `{${list[i]?.name}}`;
  const dimSql = (s: Spec) => (s.refs.length === 0 ? `col_${s.name}` : s.refs.map(ref).join(' + '));
  const measureLine = (s: Spec) =>
    s.agg
      ? `      - { name: ${s.name}, type: sum, sql: "${s.refs.length === 0 ? 'amount' : s.refs.map(ref).join(' + ')}" }`
      : `      - { name: ${s.name}, type: number, sql: "${s.refs.map(ref).join(' + ')}" }`;
  const excludes = [...hidden];
  return `
cubes:
  - name: c
    sql_table: t
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
${dims.map((s) => `      - { name: ${s.name}, type: number, sql: "${dimSql(s)}" }`).join('\n')}
    measures:
      - { name: n, type: count }
${measures.map(measureLine).join('\n')}
    access_policy:
      - group: "*"
        member_level:
          ${excludes.length > 0 ? `excludes: [${excludes.join(', ')}]` : 'includes: "*"'}
views:
  - name: v
    cubes:
      - join_path: c
        includes: "*"
    access_policy:
      - group: "*"
        member_level:
          ${viewHidden.size > 0 ? `excludes: [${[...viewHidden].join(', ')}]` : 'includes: "*"'}
`;
}

/** The rule read independently: hidden if listed, or computed from something hidden (not an aggregate's dimensions). */
function expectedVisible(list: Spec[], hidden: Set<string>): Set<string> {
  const visible = new Set<string>(['id', 'n']);
  for (const s of list) {
    if (hidden.has(s.name)) continue;
    const fromRefs =
      s.kind === 'measure' && s.agg ? true : s.refs.every((i) => visible.has(list[i]?.name ?? ''));
    if (fromRefs) visible.add(s.name);
  }
  return visible;
}

const everyone: QueryUser = { groups: [], userAttributes: {}, securityContext: {} };

test('generated chains: the visible members of a cube and of a view are exactly what the rule says', () => {
  fc.assert(
    fc.property(
      specs,
      fc.array(fc.nat(), { maxLength: 3 }),
      fc.array(fc.nat(), { maxLength: 2 }),
      (list, hiddenPicks, viewPicks) => {
        const names = list.map((s) => s.name);
        const hidden = new Set(hiddenPicks.map((p) => names[p % names.length] ?? 'd0'));
        const viewHidden = new Set(viewPicks.map((p) => names[p % names.length] ?? 'd0'));
        const model = parseModel([{ path: 'gen.yml', content: yaml(list, hidden, viewHidden) }]);
        const cube = model.objects.get('c');
        const view = model.objects.get('v');
        if (!cube || !view) throw new Error('model without c or v');
        const seen = (object: typeof cube) =>
          new Set(visibleMembers(model, object, everyone).map((m) => m.name));
        expect(seen(cube)).toEqual(expectedVisible(list, hidden));
        expect(seen(view)).toEqual(expectedVisible(list, new Set([...hidden, ...viewHidden])));
      },
    ),
    { numRuns: 200 },
  );
});

test('a hidden member and everything computed from it are refused by the compiler, by name', async () => {
  const list: Spec[] = [
    { name: 'd0', kind: 'dim', refs: [] },
    { name: 'd1', kind: 'dim', refs: [0] },
    { name: 'm2', kind: 'measure', refs: [], agg: true },
    { name: 'm3', kind: 'measure', refs: [2] },
    { name: 'm4', kind: 'measure', refs: [1], agg: true },
  ];
  const model = parseModel([{ path: 'gen.yml', content: yaml(list, new Set(['d0', 'm2']), new Set()) }]);
  for (const query of [
    'SELECT d0 FROM c',
    'SELECT d1 FROM c',
    'SELECT MEASURE(m2) FROM c',
    'SELECT MEASURE(m3) FROM c',
  ]) {
    await expect(compileSql(model, everyone, query, 'duckdb')).rejects.toMatchObject({
      code: 'SQL_NOT_ALLOWED',
    });
  }
  // A sum over a dimension computed from a hidden one stays visible, as any aggregate over hidden dimensions.
  await expect(compileSql(model, everyone, 'SELECT MEASURE(m4) FROM c', 'duckdb')).resolves.toHaveProperty(
    'sql',
  );
});
