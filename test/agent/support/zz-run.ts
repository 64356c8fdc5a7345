import { demoReading, DEMO_MANAGER } from './demo-reading';
import { queryFor } from '../../../functions/agent/planner/query';
import { compileSql, demoModelFiles, parseModel, ensureSampleDatabase, DuckDbDriver, getDriver } from '../../../functions/semantic';
const model = parseModel(await demoModelFiles('main'));
const driver = await getDriver({ kind: 'duckdb', database: 'sample' });
for (const q of process.argv.slice(2)) {
  const r = demoReading([q], '2027-12-06');
  if (r.kind !== 'plan') { console.log('NOPLAN', q); continue; }
  const sql = queryFor(r.plan).sql;
  try { const c = await compileSql(model, DEMO_MANAGER, sql, driver.target); console.log(q, '\n  ', c.sql?.slice?.(0, 900) ?? JSON.stringify(c).slice(0, 900)); const res = await driver.execute(c, { maxRows: 20, timeoutMs: 30000 }); console.log('  =>', JSON.stringify(res.rows ?? res).slice(0, 300)); } catch (e) { console.log(q, 'ERR', String(e).slice(0, 300)); }
}
process.exit(0);
