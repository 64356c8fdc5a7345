// Modelled on abdellahelaaroub/E-com-Analytics-Dashboard (see orders.js). Written for this corpus; not a copy.
cube(`users`, {
  sql_table: `public.users`,

  dimensions: {
    id: {
      sql: `id`,
      type: `number`,
      primary_key: true,
    },
    city: {
      sql: `city`,
      type: `string`,
    },
  },

  measures: {
    count: {
      type: `count`,
    },
  },
});
