/**
 * One model with every compiler feature (calculated, filtered, rolling, time_shift, multi_stage, switch/case,
 * sub_query, segments, a fan-out view, FILTER_PARAMS, a row-level policy), over the demo's tables: the golden
 * Trino SQL (test/semantic/trino.test.ts) and the live Athena suite (test/athena/live.test.ts) compile it.
 */
export const GOLDEN_MODEL = `
cubes:
  - name: orders
    sql_table: orders
    joins:
      - name: customers
        sql: "{CUBE}.customer_id = {customers}.id"
        relationship: many_to_one
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: region, sql: region, type: string }
      - { name: status, sql: status, type: string }
      - { name: amount, sql: amount, type: number }
      - name: created_at
        sql: created_at
        type: time
        granularities:
          - { name: fiscal_year, interval: 1 year, offset: 3 months }
      - { name: fiscal_year, sql: "{created_at.fiscal_year}", type: time }
      - name: currency
        type: switch
        values: [USD, EUR]
    measures:
      - { name: count, type: count }
      - { name: total, type: sum, sql: amount }
      - name: completed_total
        type: sum
        sql: amount
        filters: [{ sql: "{CUBE}.status = 'completed'" }]
      - { name: avg_calc, type: number, sql: "{total} / NULLIF({count}, 0)" }
      - { name: median_amount, type: median, sql: amount }
      - name: total_3m
        type: sum
        sql: amount
        rolling_window: { trailing: 3 months }
      - name: total_prior_month
        multi_stage: true
        sql: "{total}"
        type: number
        time_shift: [{ interval: 1 month, type: prior }]
      - name: total_change
        multi_stage: true
        sql: "{total} - {total_prior_month}"
        type: number
      - name: total_in_currency
        type: number
        multi_stage: true
        case:
          switch: "{CUBE.currency}"
          when: [{ value: EUR, sql: "{CUBE.completed_total}" }]
          else: { sql: "{CUBE.total}" }
    segments:
      - { name: big, sql: "{CUBE}.amount > 500" }
    access_policy:
      - group: "*"
        row_level:
          filters:
            - { member: region, operator: equals, values: ["{ userAttributes.region }"] }
  - name: customers
    sql_table: customers
    joins:
      - name: orders
        sql: "{CUBE}.id = {orders}.customer_id"
        relationship: one_to_many
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: segment, sql: segment, type: string }
      - { name: order_total, sql: "{orders.total}", type: number, sub_query: true }
    measures:
      - { name: count, type: count }
  - name: sales
    sql: "SELECT * FROM orders WHERE {FILTER_PARAMS.sales.day.filter('created_at')} AND {FILTER_PARAMS.sales.region.filter('region')}"
    dimensions:
      - { name: id, sql: id, type: number, primary_key: true }
      - { name: day, sql: created_at, type: time }
      - { name: region, sql: region, type: string }
    measures:
      - { name: revenue, sql: amount, type: sum }
views:
  - name: customer_orders
    cubes:
      - join_path: customers
        includes: [segment, count]
      - join_path: customers.orders
        prefix: true
        includes: [total, count]
`;
