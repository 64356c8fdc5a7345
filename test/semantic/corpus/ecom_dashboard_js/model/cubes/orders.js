// Modelled on the third-party project abdellahelaaroub/E-com-Analytics-Dashboard on GitHub
// (d3-dashboard/model/cubes/orders.js; no licence stated): Cube's later JavaScript scaffolding with snake_case keys,
// a `public.` table, a measure named `number`, and a pre-aggregation naming members of two cubes with camelCase
// keys inside. Written for this corpus; not a copy.
cube(`orders`, {
  sql_table: `public.orders`,

  data_source: `default`,

  joins: {
    users: {
      sql: `${CUBE}.user_id = ${users}.id`,
      relationship: `many_to_one`,
    },
    products: {
      sql: `${CUBE}.product_id = ${products}.id`,
      relationship: `many_to_one`,
    },
  },

  dimensions: {
    id: {
      sql: `id`,
      type: `number`,
      primary_key: true,
    },
    status: {
      sql: `status`,
      type: `string`,
    },
    created_at: {
      sql: `created_at`,
      type: `time`,
    },
  },

  measures: {
    count: {
      type: `count`,
    },
    number: {
      sql: `number`,
      type: `sum`,
    },
  },

  pre_aggregations: {
    main: {
      measures: [orders.count],
      dimensions: [users.city, products.category],
      refreshKey: {
        every: `1 hour`,
      },
      timeDimension: orders.created_at,
      granularity: `day`,
    },
  },
});
