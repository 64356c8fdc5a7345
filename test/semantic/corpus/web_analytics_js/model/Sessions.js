// Modelled on Cube's documentation recipe "Event analytics" (cube-js/cube; Apache-2.0): sessions derived from
// events in the cube's SQL. Written for this corpus; not a copy.
cube(`Sessions`, {
  sql: `SELECT session_id, MIN(ts) AS started_at, COUNT(*) AS events FROM events GROUP BY session_id`,

  measures: {
    count: {
      type: `count`,
    },
    bounced: {
      type: `count`,
      filters: [{ sql: `${CUBE}.events = 1` }],
    },
    averageEvents: {
      sql: `events`,
      type: `avg`,
    },
  },

  dimensions: {
    sessionId: {
      sql: `session_id`,
      type: `string`,
      primaryKey: true,
    },
    startedAt: {
      sql: `started_at`,
      type: `time`,
    },
  },
});
