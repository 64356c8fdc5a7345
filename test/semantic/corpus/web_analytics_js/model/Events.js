// Modelled on Cube's documentation recipe "Event analytics" (cube-js/cube,
// docs-mintlify/docs/data-modeling/recipes/event-analytics.mdx; Apache-2.0) in the JavaScript style of projects
// written before 2023 (camelCase keys, template literals). Written for this corpus; not a copy.
cube(`Events`, {
  sql: `SELECT * FROM events`,

  joins: {
    Sessions: {
      relationship: `belongsTo`,
      sql: `${CUBE}.session_id = ${Sessions}.session_id`,
    },
  },

  measures: {
    count: {
      type: `count`,
      drillMembers: [id, eventType, timestamp],
    },
    pageViews: {
      type: `count`,
      filters: [{ sql: `${CUBE}.event_type = 'page_view'` }],
    },
  },

  dimensions: {
    id: {
      sql: `id`,
      type: `number`,
      primaryKey: true,
    },
    eventType: {
      sql: `event_type`,
      type: `string`,
    },
    timestamp: {
      sql: `ts`,
      type: `time`,
    },
  },
});
