import { demoReading } from './demo-reading';
import { queryFor } from '../../../functions/agent/planner/query';
const qs = process.argv.slice(2);
for (const q of qs) {
  const r = demoReading([q], '2027-12-06');
  if (r.kind === 'plan') { let sql = ''; try { sql = queryFor(r.plan).sql; } catch (e) { sql = String(e); } console.log('PLAN', q, '\n  ', JSON.stringify(r.plan.perEntity ? { ...r.plan.perEntity, rows: undefined, by: (r.plan.perEntity as any).by?.column } : r.plan.measures.map((m: any) => m.name)), '\n  ', sql.slice(0, 700)); }
  else console.log(r.kind.toUpperCase(), q, '\n  ', JSON.stringify(r).slice(0, 300));
}
