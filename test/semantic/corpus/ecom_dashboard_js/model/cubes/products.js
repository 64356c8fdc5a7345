// Modelled on abdellahelaaroub/E-com-Analytics-Dashboard (see orders.js). Written for this corpus; not a copy.
cube(`products`, {
  sql_table: `public.products`,

  dimensions: {
    id: {
      sql: `id`,
      type: `number`,
      primary_key: true,
    },
    category: {
      sql: `category`,
      type: `string`,
    },
  },
});
