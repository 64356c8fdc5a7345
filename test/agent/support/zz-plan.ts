import { demoReading } from './demo-reading';
for (const q of process.argv.slice(2)) {
  const r = demoReading([q], '2027-12-06');
  if (r.kind === 'plan') { const p: any = r.plan; console.log(q, '\n  ', JSON.stringify({ grain: p.grain, time: p.timeDimension?.column, range: p.range, dims: p.dimensions.map((d: any) => d.column), filters: p.filters.map((f: any) => f.member.column), measures: p.measures.map((m: any) => m.column) })); }
  else console.log('NOPLAN', q, JSON.stringify(r).slice(0, 200));
}
