/**
 * The number of months (quarters, weeks) in which a customer's figure passed a bound, averaged over the customers
 * (tuning sets 33 reach and 34 rows): "on average, in how many months of 2024 did a customer spend more than $1,000?",
 * "average number of months in 2024 in which a customer spent more than $2,000", "by segment, the average number of
 * months per customer with 3 or more orders". Each customer's months (of the question's period and filters) whose
 * spend (the sum measure) or order count passes the bound, counted, 0 where none did, then averaged over the customers
 * who ordered in the period, per group when one is said. Read as the customers who ordered restated (reading.ts marks
 * the plan); it was refused. A question with any other word is left to the other readings.
 */
import { entityRows } from './per-entity';
import { type Plan, plainParts } from './plan';
import { conditions, ident, type PlannedQuery, plannedQuery, scopeText } from './sql';

type Op = '>' | '>=' | '<' | '<=';
const OPS: [RegExp, Op][] = [
  [/^(?:more\s+than|over|above|greater\s+than|in\s+excess\s+of)$/i, '>'],
  [/^(?:at\s+least|no\s+less\s+than)$/i, '>='],
  [/^(?:less\s+than|under|below|fewer\s+than)$/i, '<'],
  [/^(?:at\s+most|no\s+more\s+than)$/i, '<='],
];
const OP =
  '(more\\s+than|over|above|greater\\s+than|in\\s+excess\\s+of|at\\s+least|no\\s+less\\s+than|less\\s+than|under|below|fewer\\s+than|at\\s+most|no\\s+more\\s+than)';
const SPEND = new RegExp(
  `\\b(?:spent|spend|spends|spending|topped|exceeded)\\s+(?:${OP}\\s+)?\\$\\s?([\\d,]+(?:\\.\\d+)?)\\s*(k)?`,
  'i',
);
const ROWS = new RegExp(
  `\\b(?:(\\d+)\\s+or\\s+more|${OP}\\s+(\\d+))\\s+orders\\b|\\b(\\d+)\\s*\\+\\s*orders\\b`,
  'i',
);
const UNIT = /\bmonths\b|\bquarters\b|\bweeks\b/i;
const AVERAGED = /\b(?:on\s+average|average|avg\.?|mean|typical)\b/i;
const ONE =
  /\b(?:a|each|per|the\s+average|an\s+average|the\s+typical|every)\s+(?:customer|client|buyer|account)\b/i;
const GROUP = /\b(?:by|per|for\s+each|in\s+each)\s+(?!customer\b|client\b|buyer\b|account\b)([a-z]+)\b/i;
const PERIOD = /\b(?:in|of|during|for)\s+((?:q[1-4]\s+|h[12]\s+)?20\d\d)\b/i;
const FILLER = new Set(
  `on average avg mean typical in how many months quarters weeks of did does do a an the each per every customer
  customers client clients buyer buyers account accounts spend spent spends spending topped exceeded more than over
  above greater at least less under below fewer most no number count where which in with or orders placed had have
  has place make made what is was were by for all our data time over ever total during excess`.split(/\s+/),
);

export interface MonthsOver {
  unit: 'month' | 'quarter' | 'week' | 'year';
  /** "how many customers spent over $7,500 every year": the customers whose bound held in every period with rows. */
  every?: true;
  figure: 'spend' | 'rows';
  op: Op;
  value: number;
}

/**
 * The bound a customer passes, said as spend ("over $500") or as a count of their orders ("3 or more orders"), with
 * the words that said it.
 */
function boundSaid(
  q: string,
): { bound: Pick<MonthsOver, 'figure' | 'op' | 'value'>; said: string } | undefined {
  const spend = SPEND.exec(q);
  if (spend) {
    const op = spend[1] ? OPS.find(([re]) => re.test(spend[1] ?? ''))?.[1] : '>';
    const value = Number((spend[2] ?? '').replace(/,/g, '')) * (spend[3] ? 1000 : 1);
    return op && Number.isFinite(value)
      ? { bound: { figure: 'spend', op, value }, said: spend[0] }
      : undefined;
  }
  const rows = ROWS.exec(q);
  if (!rows) return undefined;
  const [, more, said, n, plus] = rows;
  const op = more || plus ? '>=' : OPS.find(([re]) => re.test(said ?? ''))?.[1];
  const value = Number(more ?? n ?? plus);
  return op && Number.isFinite(value) ? { bound: { figure: 'rows', op, value }, said: rows[0] } : undefined;
}

export function readMonthsOver(question: string): ({ text: string } & MonthsOver) | undefined {
  const q = question.replace(/’/g, "'");
  const unitWord = UNIT.exec(q)?.[0]?.toLowerCase();
  if (!unitWord || !AVERAGED.test(q) || !ONE.test(q)) return undefined;
  if (!/\b(?:how\s+many|number\s+of|count\s+of)\s+(?:\w+\s+)?(?:months|quarters|weeks)\b/i.test(q))
    return undefined;
  const found = boundSaid(q);
  if (!found) return undefined;
  const { bound, said } = found;
  const group = GROUP.exec(q)?.[1];
  const period = PERIOD.exec(q)?.[1];
  const rest = q
    .toLowerCase()
    .replace(said.toLowerCase(), ' ')
    .replace(/\b(?:q[1-4]|h[12])\b/g, ' ')
    .replace(/\b20\d\d\b/g, ' ')
    .replace(group ? new RegExp(`\\b${group}\\b`, 'i') : /$^/, ' ')
    .split(/[^a-z]+/)
    .filter((w) => w && !FILLER.has(w));
  if (rest.length > 0) return undefined;
  const unit = unitWord.replace(/s$/, '') as MonthsOver['unit'];
  return {
    text: `number of customers who ordered${group ? ` by ${group}` : ''}${period ? ` in ${period}` : ''}`,
    unit,
    ...bound,
  };
}

const EVERY =
  /\b(?:in\s+)?(?:every|each)\s+(?:single\s+)?(year|quarter|month)\b(?!\s+(?:of|from|between|in)\b)/i;
const EVERY_FILLER = new Set([
  ...FILLER,
  'single',
  'year',
  'quarter',
  'month',
  'every',
  'each',
  'least',
  'or',
]);

/**
 * "per region, how many customers spent more than $7,500 every year?", "how many customers in each segment placed at
 * least 16 orders every single year?": the customers whose spend (order count) passed the bound in every period the
 * rows (of the question's filters) have, no year named (named years are read by each-period-bounds.ts), per group.
 */
export function readEveryPeriod(question: string): ({ text: string } & MonthsOver) | undefined {
  const q = question.replace(/’/g, "'");
  const every = EVERY.exec(q);
  if (!every?.[1] || /\b20\d\d\b/.test(q)) return undefined;
  if (
    !/\b(?:how\s+many|number\s+of|count\s+(?:of\s+)?(?:the\s+)?)\s*(?:customers|clients|buyers|accounts)\b/i.test(
      q,
    )
  )
    return undefined;
  const found = boundSaid(q);
  if (!found) return undefined;
  const { bound, said } = found;
  const group = /\b(?:by|per|for\s+each|in\s+each)\s+(?!customer\b|year\b|quarter\b|month\b)([a-z]+)\b/i.exec(
    q,
  )?.[1];
  const rest = q
    .toLowerCase()
    .replace(said.toLowerCase(), ' ')
    .replace(group ? new RegExp(`\\b${group}\\b`, 'i') : /$^/, ' ')
    .split(/[^a-z]+/)
    .filter((w) => w && !EVERY_FILLER.has(w));
  if (rest.length > 0) return undefined;
  return {
    text: `number of customers who ordered${group ? ` by ${group}` : ''}`,
    unit: every[1].toLowerCase() as MonthsOver['unit'],
    every: true,
    ...bound,
  };
}

export function monthsOverOf(plan: Plan, read: MonthsOver): Plan | undefined {
  const rows = entityRows(plan.cube);
  const plain =
    rows !== undefined &&
    plan.measures.length === 1 &&
    plan.measures[0]?.aggType === 'count_distinct' &&
    plan.dimensions.length <= 1 &&
    plan.dimensions.every((d) => !d.derived) &&
    !plan.grain &&
    plainParts(plan) &&
    !plan.anyOf &&
    (read.figure === 'rows' || plan.cube.members.some((m) => m.kind === 'measure' && m.aggType === 'sum'));
  return plain ? { ...plan, monthsOver: read } : undefined;
}

export function monthsOverQuery(plan: Plan): PlannedQuery {
  const rows = entityRows(plan.cube);
  const read = plan.monthsOver;
  if (!rows || !read) throw new Error('not months over a bound');
  const sum = plan.cube.members.find((m) => m.kind === 'measure' && m.aggType === 'sum');
  const count = plan.cube.members.find((m) => m.kind === 'measure' && m.aggType === 'count');
  const figure = read.figure === 'spend' ? sum : count;
  if (!figure) throw new Error('no figure to bound');
  const time = ident(rows.time.column);
  const where = conditions(plan, time);
  const group = plan.dimensions[0];
  const g = group ? `${ident(group.column)}, ` : '';
  const gAs = group ? `${ident(group.column)} AS g, ` : '';
  if (read.every) {
    // (Every period the rows have, of the same filters: a customer with none in one of them is not counted.)
    const periods = `(SELECT COUNT(DISTINCT date_trunc('${read.unit}', ${time})) FROM ${ident(plan.cube.name)}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''})`;
    const everySql = `WITH m AS (SELECT ${gAs}${ident(rows.entity.column)} AS k, date_trunc('${read.unit}', ${time}) AS p, MEASURE(${ident(figure.column)}) AS v FROM ${ident(plan.cube.name)}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} GROUP BY ${group ? '1, 2, 3' : '1, 2'}), c AS (SELECT ${group ? 'g, ' : ''}k, COUNT(*) FILTER (WHERE v ${read.op} ${read.value}) AS n FROM m GROUP BY ${group ? '1, 2' : '1'}) SELECT ${group ? `g AS ${ident(group.column)}, ` : ''}COUNT(*) FILTER (WHERE n = ${periods}) AS customers, MAX(${periods}) AS ${read.unit}s FROM c${group ? ' GROUP BY 1 ORDER BY 1' : ''}`;
    const what =
      read.figure === 'spend' ? `spend ${read.op} ${read.value}` : `orders ${read.op} ${read.value}`;
    return plannedQuery(
      plan,
      everySql,
      `Customers with ${what} in every ${read.unit} of the data${group ? ` by ${group.title.toLowerCase()}` : ''}${scopeText(plan)}`,
      [
        ...(group ? [{ role: 'dimension' as const, member: group }] : []),
        { role: 'measure' },
        { role: 'measure' },
      ],
    );
  }
  const sql = `WITH m AS (SELECT ${gAs}${ident(rows.entity.column)} AS k, date_trunc('${read.unit}', ${time}) AS p, MEASURE(${ident(figure.column)}) AS v FROM ${ident(plan.cube.name)}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} GROUP BY ${group ? '1, 2, 3' : '1, 2'}), c AS (SELECT ${group ? 'g, ' : ''}k, COUNT(*) FILTER (WHERE v ${read.op} ${read.value}) AS n FROM m GROUP BY ${group ? '1, 2' : '1'}) SELECT ${group ? `g AS ${ident(group.column)}, ` : ''}round(AVG(n), 4) AS average_${read.unit}s, COUNT(*) AS customers FROM c${group ? ' GROUP BY 1 ORDER BY 1' : ''}`;
  void g;
  const what = read.figure === 'spend' ? `spend ${read.op} ${read.value}` : `orders ${read.op} ${read.value}`;
  return plannedQuery(
    plan,
    sql,
    `Average number of ${read.unit}s per customer with ${what}${group ? ` by ${group.title.toLowerCase()}` : ''}${scopeText(plan)}`,
    [
      ...(group ? [{ role: 'dimension' as const, member: group }] : []),
      { role: 'measure' },
      { role: 'measure' },
    ],
  );
}

export function monthsOverText(plan: Plan, query: PlannedQuery, data: unknown[][]): string {
  const n = (v: unknown) => Number(v ?? 0).toLocaleString('en-US', { maximumFractionDigits: 2 });
  const unit = plan.monthsOver?.unit ?? 'month';
  if (plan.monthsOver?.every) {
    if (plan.dimensions.length === 0)
      return `${query.title}: ${n(data[0]?.[0])} (every one of the ${n(data[0]?.[1])} ${unit}s with orders).`;
    return `${query.title} (every one of the ${unit}s with orders):\n${data.map((row) => `- ${String(row[0])}: ${n(row[1])}`).join('\n')}`;
  }
  const over = ' (averaged over the customers who ordered, 0 for a customer with none)';
  if (plan.dimensions.length === 0) {
    const row = data[0] ?? [];
    return `${query.title}: ${n(row[0])} ${unit}s, over ${n(row[1])} customers${over}.`;
  }
  return `${query.title}${over}:\n${data.map((row) => `- ${String(row[0])}: ${n(row[1])} ${unit}s (${n(row[2])} customers)`).join('\n')}`;
}
