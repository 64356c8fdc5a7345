/**
 * A model beside the demo one for the leak oracle: the newer kinds of members (a measure over measures, a measure
 * with a filter, a segment, a sub_query dimension reading another cube's measure) over the same tables, each cube
 * with the demo's row-level policy (a user sees the rows of their region).
 */
export const PLUS_MODEL = `
cubes:
  - name: o2
    sql_table: orders
    public: false
    joins:
      - name: c2
        sql: "{CUBE}.customer_id = {c2}.id"
        relationship: many_to_one
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: region, sql: region, type: string }
      - { name: status, sql: status, type: string }
      - { name: amount, sql: amount, type: number }
    measures:
      - { name: count, type: count }
      - { name: total, type: sum, sql: amount }
      - name: completed_total
        type: sum
        sql: amount
        filters:
          - sql: "{CUBE}.status = 'completed'"
      - { name: avg_calc, type: number, sql: "{total} / NULLIF({count}, 0)" }
    segments:
      - { name: big, sql: "{CUBE}.amount > 500" }
    access_policy:
      - group: "*"
        row_level:
          filters:
            - { member: region, operator: equals, values: ["{ userAttributes.region }"] }
  - name: c2
    sql_table: customers
    public: false
    joins:
      - name: o2
        sql: "{CUBE}.id = {o2}.customer_id"
        relationship: one_to_many
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: region, sql: region, type: string }
      - { name: segment, sql: segment, type: string }
      - { name: order_total, sql: "{o2.total}", type: number, sub_query: true }
    measures:
      - { name: count, type: count }
    access_policy:
      - group: "*"
        row_level:
          filters:
            - { member: region, operator: equals, values: ["{ userAttributes.region }"] }
views:
  - name: plus_view
    cubes:
      - join_path: o2
        includes: [region, status, amount, count, total, completed_total, avg_calc, big]
      - join_path: o2.c2
        prefix: true
        includes: [segment, order_total]
`;
