// One chdb session in its own process, for the ClickHouse HTTP front (test/support/clickhouse-http.ts): the front
// kills this process to stop a running query (KILL QUERY), as a server stops the query's thread.
const { Session } = require(process.env.CHDB_ENTRY);

const session = new Session();
/** Settings this session has been given (SET persists in a session), so the next query starts from defaults. */
const applied = new Set();

const literal = (value) =>
  /^-?\d+(\.\d+)?$/.test(value) ? value : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function applySettings(settings) {
  for (const name of applied) {
    if (name in settings || name === 'readonly') continue;
    session.query(`SET ${name} = DEFAULT`);
    applied.delete(name);
  }
  for (const [name, value] of Object.entries(settings)) {
    session.query(`SET ${name} = ${literal(value)}`);
    applied.add(name);
  }
}

process.on('message', (message) => {
  if (message.kind === 'setup') {
    try {
      for (const sql of message.statements) session.query(sql);
      process.send({ kind: 'ready' });
    } catch (error) {
      process.send({ kind: 'failed', message: String(error?.message) });
    }
    return;
  }
  const started = performance.now();
  try {
    applySettings(message.settings);
    const params = message.params;
    const out = Object.keys(params).length
      ? session.queryBind(message.sql, params, message.format)
      : session.query(message.sql, message.format);
    process.send({ kind: 'result', id: message.id, ok: true, out, ms: performance.now() - started });
  } catch (error) {
    process.send({
      kind: 'result',
      id: message.id,
      ok: false,
      message: String(error?.message || error),
      ms: performance.now() - started,
    });
  }
});
process.send({ kind: 'started' });
