/**
 * Member-level access (functions/semantic/policy.ts, visibleMembers): `member_level.includes` as a list and as
 * `"*"`, `excludes`, several matching policies, on cubes and on views (a view's own policy on top of its cubes'),
 * and the members derived from hidden ones. A member shown that should be hidden is exposed to the user and to the
 * AI analyst; the compiled query must refuse it too.
 */
import { SqlNotAllowedError } from '../../functions/errors';
import { compileSql, parseModel, type QueryUser, visibleMembers } from '../../functions/semantic';

const model = parseModel([
  {
    path: 'm.yml',
    content: `
cubes:
  - name: staff
    sql_table: staff
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: name, sql: name, type: string }
      - { name: salary, sql: salary, type: number }
      - { name: ssn, sql: ssn, type: string }
      - { name: salary_band, sql: "CASE WHEN {salary} > 100 THEN 'high' ELSE 'low' END", type: string }
    measures:
      - { name: count, type: count }
      - { name: payroll, type: sum, sql: salary }
      - { name: avg_pay, type: number, sql: "{payroll} / {count}" }
    segments:
      - { name: seniors, sql: "{CUBE}.salary > 100" }
    access_policy:
      - group: hr
        member_level:
          includes: "*"
      - group: managers
        member_level:
          includes: [id, name, salary, count, payroll, avg_pay]
      - group: auditors
        member_level:
          excludes: [ssn]
      - group: interns
        member_level:
          includes: [id, name, count]
          excludes: [count]
      - group: analysts
        member_level:
          includes: [id, salary_band, avg_pay, count]
      - group: guests
        member_level:
          includes: []
      - group: everyone_else
        row_level:
          allow_all: true
  - name: open
    sql_table: open
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: label, sql: label, type: string }
views:
  - name: staff_view
    cubes:
      - join_path: staff
        includes: "*"
  - name: staff_names
    cubes:
      - join_path: staff
        includes: [id, name, salary]
    access_policy:
      - group: hr
        member_level:
          includes: [id, name]
      - group: managers
        member_level:
          includes: "*"
      - group: auditors
        member_level:
          excludes: [name]
  - name: open_view
    cubes:
      - join_path: open
        includes: "*"
    access_policy:
      - group: readers
        member_level:
          includes: [label]
  - name: hidden_view
    public: false
    cubes:
      - join_path: open
        includes: "*"
`,
  },
]);

const as = (...groups: string[]): QueryUser => ({ groups, userAttributes: {}, securityContext: {} });
const names = (object: string, user: QueryUser) => {
  const found = model.objects.get(object);
  if (!found) throw new Error(object);
  return visibleMembers(model, found, user)
    .map((m) => m.name)
    .sort();
};
const ALL_STAFF = ['avg_pay', 'count', 'id', 'name', 'payroll', 'salary', 'salary_band', 'seniors', 'ssn'];

describe('a cube', () => {
  test.each<[string[], string[]]>([
    [['hr'], ALL_STAFF],
    [['managers'], ['avg_pay', 'count', 'id', 'name', 'payroll', 'salary']],
    // Excludes alone: everything else, and what is derived from what it hides stays (nothing derives from ssn).
    [['auditors'], ALL_STAFF.filter((n) => n !== 'ssn')],
    [['interns'], ['id', 'name']],
    [['guests'], []],
    // Listed, but computed from members the policy hides (salary, payroll): hidden too.
    [['analysts'], ['count', 'id']],
    [
      ['analysts', 'managers'],
      ['avg_pay', 'count', 'id', 'name', 'payroll', 'salary', 'salary_band'],
    ],
    // A policy without member_level shows every member.
    [['everyone_else'], ALL_STAFF],
    // Policies that match are unioned.
    [
      ['interns', 'managers'],
      ['avg_pay', 'count', 'id', 'name', 'payroll', 'salary'],
    ],
    [
      ['guests', 'interns'],
      ['id', 'name'],
    ],
    [['auditors', 'managers'], ALL_STAFF.filter((n) => n !== 'ssn')],
    // No matching policy: nothing.
    [[], []],
    [['HR'], []],
  ])('groups %p see %p', (groups, expected) => {
    expect(names('staff', as(...groups))).toEqual(expected);
    expect(names('staff_view', as(...groups))).toEqual(expected);
  });

  test('a cube without policies shows every member', () => {
    expect(names('open', as())).toEqual(['id', 'label']);
  });

  test('a hidden member, and one derived from it, cannot be queried', async () => {
    const interns = as('interns');
    await expect(compileSql(model, interns, 'SELECT salary FROM staff_view', 'duckdb')).rejects.toThrow(
      SqlNotAllowedError,
    );
    await expect(
      compileSql(model, interns, 'SELECT MEASURE(count) FROM staff_view', 'duckdb'),
    ).rejects.toThrow(SqlNotAllowedError);
    await expect(
      compileSql(model, as('managers'), 'SELECT salary_band FROM staff_view', 'duckdb'),
    ).rejects.toThrow(SqlNotAllowedError);
    await expect(
      compileSql(model, as('managers'), 'SELECT salary FROM staff_view', 'duckdb'),
    ).resolves.toBeDefined();
  });
});

describe("a view's own member_level, on top of its cube's", () => {
  test.each<[string[], string[]]>([
    [['hr'], ['id', 'name']],
    [['managers'], ['id', 'name', 'salary']],
    [['auditors'], ['id', 'salary']],
    [
      ['hr', 'auditors'],
      ['id', 'name', 'salary'],
    ],
    // The view shows everything to interns (no matching policy: nothing), whatever the cube allows.
    [['interns'], []],
    [[], []],
  ])('groups %p see %p', (groups, expected) => {
    expect(names('staff_names', as(...groups))).toEqual(expected);
  });

  test('a list on a view over a public cube; no matching view policy hides the view', () => {
    expect(names('open_view', as('readers'))).toEqual(['label']);
    expect(names('open_view', as('writers'))).toEqual([]);
  });

  test('an object that is not public shows nothing', () => {
    const hidden = model.objects.get('hidden_view');
    if (!hidden) throw new Error('hidden_view');
    expect(visibleMembers(model, hidden, as('hr'))).toStrictEqual([]);
  });
});
