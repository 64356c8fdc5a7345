// Modelled on gautamjsingh/saas_analytics (see tenant.js). Written for this corpus; not a copy.
cube(`application`, {
  sql_table: `public.application`,
  data_source: `default`,

  joins: {
    tenant: {
      sql: `${CUBE}.tenant_id = ${tenant}.id`,
      relationship: `many_to_one`,
    },
  },

  dimensions: {
    id: {
      sql: `id`,
      type: `string`,
      primary_key: true,
    },
    tenant_id: {
      sql: `tenant_id`,
      type: `string`,
    },
    tenant_name: {
      sql: `${tenant.name}`,
      type: `string`,
    },
    last_refreshed_on: {
      sql: `last_refreshed_on`,
      type: `time`,
    },
  },

  measures: {
    count: {
      type: `count`,
    },
    stale: {
      type: `count`,
      filters: [{ sql: `${CUBE}.last_refreshed_on < TIMESTAMP '2024-06-01'` }],
    },
  },
});
