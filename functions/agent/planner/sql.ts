import type { CatalogMember } from './catalog';
import { listText } from './text';
import type { Plan } from './understand';

/** The generated query and how to read its columns. */
export interface PlannedQuery {
  sql: string;
  title: string;
  description: string;
  /** Column roles in select order. */
  columns: { role: 'period' | 'time' | 'dimension' | 'measure'; member?: CatalogMember }[];
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const ident = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`);

/** Plain words for the filters and period of a plan ("where status is completed, in 2024"). */
export function scopeText(plan: Plan): string {
  const parts: string[] = [];
  for (const f of plan.filters) {
    parts.push(
      `${f.member.title.toLowerCase()} ${f.negate ? 'is not' : 'is'} ${listText(f.values).replace(/ and /, ' or ')}`,
    );
  }
  for (const f of plan.numberFilters) {
    const words = { '>': 'over', '>=': 'at least', '<': 'under', '<=': 'at most' } as const;
    parts.push(`${f.member.title.toLowerCase()} ${words[f.op]} ${f.value}`);
  }
  const where = parts.length > 0 ? ` where ${listText(parts)}` : '';
  const period = plan.compare
    ? `, ${plan.compare.map((p) => p.label).join(' vs ')}`
    : plan.range
      ? /^(since|before)/.test(plan.range.label)
        ? `, ${plan.range.label}`
        : `, in ${plan.range.label}`
      : '';
  return `${where}${period}`;
}

/** The title of a plan's query ("Total amount by region where status is completed, in 2024"). */
export function planTitle(plan: Plan): string {
  const measures = listText(plan.measures.map((m) => m.title));
  const by = [...(plan.grain ? [plan.grain] : []), ...plan.dimensions.map((d) => d.title.toLowerCase())];
  const top = plan.top ? `${plan.top.direction === 'desc' ? 'Top' : 'Bottom'} ${plan.top.n} ` : '';
  const head = top
    ? `${top}${listText(plan.dimensions.map((d) => d.title.toLowerCase())) || 'rows'} by ${measures.toLowerCase()}`
    : `${measures}${by.length > 0 ? ` by ${listText(by)}` : ''}`;
  return `${head}${scopeText(plan)}`.replace(/^./, (c) => c.toUpperCase());
}

/** Postgres-dialect SQL over the plan's view: members as columns, measures through MEASURE(). */
export function planQuery(plan: Plan): PlannedQuery {
  const select: string[] = [];
  const columns: PlannedQuery['columns'] = [];
  const time = plan.timeDimension ? ident(plan.timeDimension.column) : undefined;
  const between = (from: string, to: string) => `${time} >= ${quote(from)} AND ${time} < ${quote(to)}`;
  if (plan.compare && time) {
    const cases = plan.compare.map((p) => `WHEN ${between(p.from, p.to)} THEN ${quote(p.label)}`).join(' ');
    select.push(`CASE ${cases} END AS period`);
    columns.push({ role: 'period' });
  }
  if (plan.grain && time) {
    select.push(`date_trunc('${plan.grain}', ${time}) AS ${plan.grain}`);
    columns.push({ role: 'time' });
  }
  for (const d of plan.dimensions) {
    select.push(ident(d.column));
    columns.push({ role: 'dimension', member: d });
  }
  const groups = select.length;
  for (const m of plan.measures) {
    select.push(`MEASURE(${ident(m.column)}) AS ${ident(m.column)}`);
    columns.push({ role: 'measure', member: m });
  }
  const where: string[] = [];
  for (const f of plan.filters) {
    const values = f.values.map(quote);
    const column = ident(f.member.column);
    where.push(
      values.length === 1
        ? `${column} ${f.negate ? '<>' : '='} ${values[0]}`
        : `${column} ${f.negate ? 'NOT IN' : 'IN'} (${values.join(', ')})`,
    );
  }
  for (const f of plan.numberFilters) where.push(`${ident(f.member.column)} ${f.op} ${f.value}`);
  if (time && plan.range) {
    if (plan.range.from > '0001-01-01') where.push(`${time} >= ${quote(plan.range.from)}`);
    if (plan.range.to < '9999-01-01') where.push(`${time} < ${quote(plan.range.to)}`);
  }
  if (time && plan.compare)
    where.push(`(${plan.compare.map((p) => `(${between(p.from, p.to)})`).join(' OR ')})`);
  let sql = `SELECT ${select.join(', ')} FROM ${ident(plan.cube.name)}`;
  if (where.length > 0) sql += ` WHERE ${where.join(' AND ')}`;
  if (groups > 0) sql += ` GROUP BY ${Array.from({ length: groups }, (_, i) => i + 1).join(', ')}`;
  const firstMeasure = groups + 1;
  if (plan.top && groups > 0) {
    sql += ` ORDER BY ${firstMeasure} ${plan.top.direction === 'desc' ? 'DESC' : 'ASC'} LIMIT ${plan.top.n}`;
  } else if (plan.compare || plan.grain) {
    sql += ` ORDER BY ${Array.from({ length: groups }, (_, i) => i + 1).join(', ')}`;
  } else if (groups > 0) {
    sql += ` ORDER BY ${firstMeasure} DESC`;
  }
  const title = planTitle(plan);
  const description = `${title}, computed on ${plan.cube.title}${plan.top ? '' : ''}.`;
  return { sql, title, description, columns };
}
