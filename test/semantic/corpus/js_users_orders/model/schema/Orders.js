// Modelled on public JavaScript-era Cube projects (see Users.js): an order names its user's city through the join
// (`${Users.city}`). Written for this corpus; not a copy.
cube(`Orders`, {
  sql: `SELECT * FROM public.orders`,

  joins: {
    Users: {
      relationship: `belongsTo`,
      sql: `${CUBE}.user_id = ${Users.id}`,
    },
  },

  measures: {
    count: {
      type: `count`,
      drillMembers: [id, status],
    },
    totalAmount: {
      sql: `amount`,
      type: `sum`,
    },
    averageAmount: {
      sql: `amount`,
      type: `avg`,
    },
  },

  dimensions: {
    id: {
      sql: `id`,
      type: `number`,
      primaryKey: true,
    },
    status: {
      sql: `status`,
      type: `string`,
    },
    userCity: {
      sql: `${Users.city}`,
      type: `string`,
    },
  },
});
