// Modelled on public JavaScript-era Cube projects' scaffolded schemas, e.g. nelsieborja/cubejs (schema/Users.js)
// and felipebaloneker/Cubejs-React (schema/Users.js) on GitHub (no licence stated): capitalised cube names, a
// `public.` schema in the SQL, drillMembers as bare identifiers, an empty preAggregations, dataSource.
// Written for this corpus; not a copy.
cube(`Users`, {
  sql: `SELECT * FROM public.users`,

  preAggregations: {
    // Pre-Aggregations definitions go here
  },

  joins: {
    Orders: {
      relationship: `hasMany`,
      sql: `${Users}.id = ${Orders}.user_id`,
    },
  },

  measures: {
    count: {
      type: `count`,
      drillMembers: [id, city, createdAt],
    },
  },

  dimensions: {
    id: {
      sql: `id`,
      type: `number`,
      primaryKey: true,
    },
    city: {
      sql: `city`,
      type: `string`,
    },
    createdAt: {
      sql: `created_at`,
      type: `time`,
    },
  },

  dataSource: `default`,
});
