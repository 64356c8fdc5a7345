import type { QueryUser } from '../../functions/semantic';

/**
 * A view over sales joined to their buyers where each cube has its own row-level policy, on data where a sale's
 * region and its buyer's region differ (joined-policy*.test.ts). Auditors may see every sale, but still only the
 * buyers of their own region: reading a buyer's column must bring the buyers policy with it.
 */
export const JOINED_MODEL = `
cubes:
  - name: sales
    sql_table: sales
    public: false
    joins:
      - name: buyers
        relationship: many_to_one
        sql: "{CUBE}.buyer_id = {buyers}.id"
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: region, sql: region, type: string }
      - { name: amount, sql: amount, type: number }
    measures:
      - { name: count, type: count }
      - { name: total, type: sum, sql: amount }
    access_policy:
      - group: auditors
        row_level:
          allow_all: true
      - group: "*"
        row_level:
          filters:
            - { member: region, operator: equals, values: ["{ userAttributes.region }"] }
  - name: buyers
    sql_table: buyers
    public: false
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: name, sql: name, type: string }
      - { name: region, sql: region, type: string }
    measures:
      - { name: count, type: count }
    access_policy:
      - group: "*"
        row_level:
          filters:
            - { member: region, operator: equals, values: ["{ userAttributes.region }"] }
views:
  - name: sales_view
    cubes:
      - join_path: sales
        includes: [id, region, amount, count, total]
      - join_path: sales.buyers
        prefix: true
        includes: [name, region]
  # A view whose own policy reads a joined cube's member: that cube is joined even when no column of it is read.
  - name: vip_sales
    cubes:
      - join_path: sales
        includes: [id, amount]
      - join_path: sales.buyers
        prefix: true
        includes: [name]
    access_policy:
      - group: "*"
        row_level:
          filters:
            - { member: buyers_name, operator: notEquals, values: ["{ userAttributes.hidden_buyer }"] }
`;

/** Sale 2 is a north sale to a south buyer; sales 3 and 5 are south sales, 3 to a north buyer. */
export const JOINED_DATA = [
  'CREATE TABLE buyers (id INTEGER, name VARCHAR, region VARCHAR)',
  "INSERT INTO buyers VALUES (1, 'Ann', 'north'), (2, 'Bob', 'south'), (3, 'Cy', 'north')",
  'CREATE TABLE sales (id INTEGER, buyer_id INTEGER, region VARCHAR, amount INTEGER)',
  "INSERT INTO sales VALUES (1, 1, 'north', 10), (2, 2, 'north', 20), (3, 1, 'south', 40), (4, 3, 'north', 80), (5, 2, 'south', 160)",
];

export const northUser: QueryUser = {
  groups: [],
  userAttributes: { region: 'north', hidden_buyer: 'Cy' },
  securityContext: {},
};
export const northAuditor: QueryUser = { ...northUser, groups: ['auditors'] };

/** [user, query, rows expected]: what each user may see, worked out by hand from the data above. */
export const JOINED_CASES: [string, QueryUser, string, unknown[][]][] = [
  ['sales only: the sales policy', northUser, 'SELECT id FROM sales_view ORDER BY id', [[1], [2], [4]]],
  [
    "a buyer's column: both policies",
    northUser,
    'SELECT id, buyers_name FROM sales_view ORDER BY id',
    [
      [1, 'Ann'],
      [4, 'Cy'],
    ],
  ],
  ['a measure of sales only', northUser, 'SELECT MEASURE(total) FROM sales_view', [[110]]],
  [
    'a measure by buyer',
    northUser,
    'SELECT buyers_name, MEASURE(total) FROM sales_view GROUP BY 1 ORDER BY 1',
    [
      ['Ann', 10],
      ['Cy', 80],
    ],
  ],
  [
    'an auditor, sales only: every sale',
    northAuditor,
    'SELECT id FROM sales_view ORDER BY id',
    [[1], [2], [3], [4], [5]],
  ],
  [
    "an auditor reading a buyer's column: still only their region's buyers",
    northAuditor,
    'SELECT id, buyers_name FROM sales_view ORDER BY id',
    [
      [1, 'Ann'],
      [3, 'Ann'],
      [4, 'Cy'],
    ],
  ],
  [
    "an auditor filtering on a hidden buyer's region finds nothing",
    northAuditor,
    "SELECT id FROM sales_view WHERE buyers_region = 'south'",
    [],
  ],
  [
    "an auditor's total by buyer region",
    northAuditor,
    'SELECT buyers_region, MEASURE(total) FROM sales_view GROUP BY 1',
    [['north', 130]],
  ],
  [
    "a view's policy on a joined member applies when only root columns are read",
    northAuditor,
    'SELECT id FROM vip_sales ORDER BY id',
    [[1], [3]],
  ],
];
