/**
 * What each member is computed from (functions/semantic/model/derived.ts), read directly: the table member-level hiding
 * walks (docs/data-model.md, "A member derived from a hidden member is hidden too"). A source missed here is a
 * derived member left visible when its source is hidden; a source invented here hides too much. Also the hiding of
 * a `sub_query` dimension whose measure, in another cube, the user may not see, and the authors' notes.
 */

import { parseModel, type QueryUser, visibleMembers } from '../../functions/semantic';
import { derivedHidingNotes, derivedMembers } from '../../functions/semantic/model/derived';

const model = parseModel([
  {
    path: 'm.yml',
    content: `
cubes:
  - name: orders
    sql_table: orders
    joins:
      - name: customers
        sql: "{CUBE}.customer_id = {customers}.id"
        relationship: many_to_one
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: customer_id, sql: customer_id, type: number }
      - { name: amount, sql: "{CUBE.amount}", type: number }
      # Only \`sql\` is read: a description naming a member is not a source.
      - { name: status, sql: status, type: string, description: "Not computed from {amount}" }
      # Written before the chain it reads: hiding must go round again to reach it.
      - { name: rounded, sql: "ROUND({dollars})", type: number }
      - { name: cents, sql: "{amount} * 100", type: number }
      - { name: by_cube, sql: "{CUBE.amount} + {CUBE.tax}", type: number }
      - { name: by_name, sql: "{orders.status} || ''", type: string }
      - { name: by_table, sql: "{TABLE.amount} * 2", type: number }
      - { name: spaced, sql: "{ amount } + 1", type: number }
      - { name: dollars, sql: "{cents} / 100", type: number }
      # Another cube's member (not the first cube of the model), and one beside an own member.
      - { name: buyer, sql: "{customers.name}", type: string }
      - { name: mixed, sql: "\${amount} || {customers.name}", type: string }
      # Names no member; a null in meta is walked past, and a \`sql\` key inside meta is the author's data, not SQL.
      - name: mine
        sql: "{CUBE}.owner = {SECURITY_CONTEXT.user_id}"
        type: boolean
        meta: { owner: ~, sql: "{amount}" }
      - name: size
        type: string
        case:
          when:
            - { sql: "{amount} > 10", label: big }
            - { sql: "{CUBE}.amount > 5", label: { sql: "{status}" } }
          else: { label: small }
    measures:
      - { name: count, type: count }
      - { name: total, type: sum, sql: "{amount}" }
      - name: paid_total
        type: sum
        sql: amount
        filters: [{ sql: "{status} = 'paid'" }]
      - { name: average, type: number, sql: "{total} / {count}" }
      - { name: avg_cents, type: number, sql: "{average} * 100" }
    segments:
      - { name: big, sql: "{amount} > 10" }
      - { name: paid, sql: "{CUBE}.status = 'paid'" }
    access_policy:
      - group: "*"
        member_level:
          excludes: [amount]
      - group: managers
      - group: no_totals
        member_level:
          excludes: [total]
      # A list: everything else is hidden, and what is computed from it.
      - group: listed
        member_level:
          includes: [cents, dollars, size, count]
  - name: customers
    sql_table: customers
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: name, sql: name, type: string }
      - { name: spent, sql: "{orders.total}", type: number, sub_query: true }
views:
  - name: buyers
    cubes:
      - join_path: customers
        includes: "*"
`,
  },
]);

const cube = (name: string) => {
  const found = model.cubes.get(name);
  if (!found) throw new Error(name);
  return found;
};
const table = (name: string) =>
  Object.fromEntries(
    [...derivedMembers(cube(name), model.cubes)].map(([member, refs]) => [
      member,
      refs.map((r) => `${r.cube}.${r.member}`).sort(),
    ]),
  );

test('a cube: each derived member with its direct sources, and nothing else', () => {
  expect(table('orders')).toEqual({
    // `{CUBE.amount}` inside amount itself is its column, not a source; `{CUBE.tax}` names no member.
    cents: ['orders.amount'],
    by_cube: ['orders.amount'],
    by_name: ['orders.status'],
    by_table: ['orders.amount'],
    spaced: ['orders.amount'],
    dollars: ['orders.cents'],
    buyer: ['customers.name'],
    mixed: ['customers.name', 'orders.amount'],
    rounded: ['orders.dollars'],
    // Both branches of a case, its conditions and a label's SQL; `{CUBE}.amount` is a column.
    size: ['orders.amount', 'orders.status'],
    big: ['orders.amount'],
    // A measure over measures; an aggregate over a dimension (total) and a measure's filters are not derived.
    average: ['orders.count', 'orders.total'],
    avg_cents: ['orders.average'],
  });
});

test("a sub_query dimension is derived from the other cube's measure", () => {
  expect(table('customers')).toEqual({
    spent: ['orders.total'],
  });
});

const as = (...groups: string[]): QueryUser => ({ groups, userAttributes: {}, securityContext: {} });
const names = (object: string, user: QueryUser) => {
  const found = model.objects.get(object);
  if (!found) throw new Error(object);
  return visibleMembers(model, found, user)
    .map((m) => m.name)
    .sort();
};

test('what a hidden source hides, transitively, and what it leaves', () => {
  expect(names('orders', as())).toEqual([
    'average',
    'avg_cents',
    'buyer',
    'by_name',
    'count',
    'customer_id',
    'id',
    'mine',
    'paid',
    'paid_total',
    'status',
    'total',
  ]);
  expect(names('orders', as('managers'))).toHaveLength(22);
});

test("a sub_query dimension is hidden where the other cube's measure is, through a cube and a view", () => {
  const all = ['id', 'name', 'spent'];
  expect(names('customers', as())).toEqual(all);
  expect(names('buyers', as())).toEqual(all);
  // A user who may not see orders.total (one policy hides it, the other, `*`, does not; unioned: visible)...
  expect(names('customers', as('no_totals'))).toEqual(all);
  const hidden = parseModel([
    {
      path: 'm.yml',
      content: `
cubes:
  - name: orders
    sql_table: orders
    joins:
      - name: customers
        sql: "{CUBE}.customer_id = {customers}.id"
        relationship: many_to_one
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: amount, sql: amount, type: number }
    measures:
      - { name: total, type: sum, sql: amount }
      - { name: count, type: count }
    access_policy:
      - group: "*"
        member_level:
          excludes: [total]
  - name: customers
    sql_table: customers
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: spent, sql: "{orders.total}", type: number, sub_query: true }
      - { name: orders_count, sql: "{orders.count}", type: number, sub_query: true }
      # Named like the measure it reads: still derived from it.
      - { name: total, sql: "{orders.total}", type: number, sub_query: true }
    measures:
      - { name: count, type: count }
      # A measure over another cube's measure.
      - { name: per_order, type: number, sql: "{count} / NULLIF({orders.total}, 0)" }
views:
  - name: buyers
    cubes:
      - join_path: customers
        includes: [id, spent, orders_count, total, count]
`,
    },
  ]);
  const seen = (object: string) =>
    visibleMembers(hidden, hidden.objects.get(object) ?? fail(object), as())
      .map((m) => m.name)
      .sort();
  // ...does not see the dimension reading it, in the cube or in a view.
  expect(seen('customers')).toEqual(['count', 'id', 'orders_count']);
  expect(seen('buyers')).toEqual(['count', 'id', 'orders_count']);
});

function fail(what: string): never {
  throw new Error(what);
}

test('the notes tell the author which listed members a policy hides through their sources', () => {
  const notes = (model.notes ?? [])
    .filter((n) => n.file === 'm.yml' && n.message.includes('hidden for this policy'))
    .map((n) => `${n.path.replace(/^.*access_policy/, 'access_policy')}: ${n.message}`)
    .sort();
  const note = (policy: number, name: string, sources: string) =>
    `access_policy[${policy}].member_level: ${name} is hidden for this policy's users too: it is computed from ${sources}, which the policy hides`;
  expect(notes).toEqual(
    [
      note(0, 'big', 'amount'),
      note(0, 'by_cube', 'amount'),
      note(0, 'by_table', 'amount'),
      note(0, 'cents', 'amount'),
      // Through cents: its own hidden source is named, not amount.
      note(0, 'dollars', 'cents'),
      note(0, 'mixed', 'amount'),
      note(0, 'rounded', 'dollars'),
      note(0, 'size', 'amount'),
      note(0, 'spaced', 'amount'),
      note(2, 'average', 'total'),
      note(2, 'avg_cents', 'average'),
      note(3, 'cents', 'amount'),
      note(3, 'dollars', 'cents'),
      note(3, 'size', 'amount, status'),
    ].sort(),
  );
});

test('{cube.member} in a cube with a member named like the cube names the member after the dot', () => {
  const own = parseModel([
    {
      path: 'items.yml',
      content: `
cubes:
  - name: items
    sql_table: items
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: items, sql: label, type: string }
      - { name: secret, sql: secret, type: string }
      - { name: shown, sql: "{items.secret} || '!'", type: string }
`,
    },
  ]).cubes.get('items');
  if (!own) throw new Error('items');
  expect(Object.fromEntries(derivedMembers(own, new Map([['items', own]])))).toEqual({
    shown: [{ cube: 'items', member: 'secret' }],
  });
});

test("each cube's table is computed once", () => {
  expect(derivedMembers(cube('orders'), model.cubes)).toBe(derivedMembers(cube('orders'), model.cubes));
});

test("the notes, exactly: a list's unlisted sources, several sources, other cubes' members counted visible", () => {
  const message = (name: string, sources: string) =>
    `${name} is hidden for this policy's users too: it is computed from ${sources}, which the policy hides`;
  const at = (policy: number) => ({ file: 'f.yml', path: `cubes[0].access_policy[${policy}].member_level` });
  expect(derivedHidingNotes(cube('orders'), model.cubes, { file: 'f.yml', path: 'cubes[0]' })).toEqual([
    // excludes: [amount]; buyer reads only customers.name, mixed is named for amount alone.
    { ...at(0), message: message('rounded', 'dollars') },
    { ...at(0), message: message('cents', 'amount') },
    { ...at(0), message: message('by_cube', 'amount') },
    { ...at(0), message: message('by_table', 'amount') },
    { ...at(0), message: message('spaced', 'amount') },
    { ...at(0), message: message('dollars', 'cents') },
    { ...at(0), message: message('mixed', 'amount') },
    { ...at(0), message: message('size', 'amount') },
    { ...at(0), message: message('big', 'amount') },
    { ...at(2), message: message('average', 'total') },
    { ...at(2), message: message('avg_cents', 'average') },
    // includes: [cents, dollars, size, count]: amount and status are not listed.
    { ...at(3), message: message('cents', 'amount') },
    { ...at(3), message: message('dollars', 'cents') },
    { ...at(3), message: message('size', 'amount, status') },
  ]);
  expect(derivedHidingNotes(cube('customers'), model.cubes, { file: 'f.yml', path: 'cubes[1]' })).toEqual([]);
});
