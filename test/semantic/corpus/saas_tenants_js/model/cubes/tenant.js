// Modelled on the third-party project gautamjsingh/saas_analytics on GitHub (model/cubes/*.js; no licence stated):
// a SaaS schema of tenants, applications and their refresh settings, string ids as primary keys, joins written
// `${CUBE}.tenant_id = ${tenant}.id`. Written for this corpus; not a copy.
cube(`tenant`, {
  sql_table: `public.tenant`,
  data_source: `default`,

  dimensions: {
    id: {
      sql: `id`,
      type: `string`,
      primary_key: true,
    },
    name: {
      sql: `name`,
      type: `string`,
    },
  },

  measures: {
    count: {
      type: `count`,
    },
  },

  pre_aggregations: {
    // Pre-aggregation definitions go here.
  },
});
