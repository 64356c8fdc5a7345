/**
 * The one query and the answer of a cohort reading (cohort-reader.ts; README, "Evaluating the analyst", cohorts).
 * Every combination compiles to the same shape, plain SQL that runs alike on DuckDB and PostgreSQL:
 *   rows    each row with its entity's first date (MIN ... OVER) and its rank by date (ROW_NUMBER, ties to the lower id);
 *   members one row per entity: start date, first date, whether the first row has the attribute, and the count
 *           and amount of the rows the outcome counts (the window);
 *   result  one row: the cohort's size, the members who passed the outcome's test, every entity, and the figures.
 */
import { type ResultLike, timeLabel } from './answer';
import { perMember } from './cohort-by';
import { formatFigure, formatPercent } from './format';
import { capitalise, entityWord, nameOf } from './names';
import type { CohortReading, Period, Plan } from './plan';
import { ident, type PlannedQuery, plannedQuery, quote, valueCondition, withinPeriod } from './sql';

const within = withinPeriod;
/** The member's date a cohort is defined by: signup, first row or last row. */
const dateOf = (c: CohortReading) =>
  c.cohort.by === 'start' ? 'start_date' : c.cohort.by === 'last' ? 'last_date' : 'first_date';
const all = (parts: string[]) => (parts.length > 0 ? parts.join(' AND ') : 'TRUE');

export function cohortQuery(plan: Plan, c: CohortReading): PlannedQuery {
  const table = ident(plan.cube.name);
  const entity = ident(c.rows.entity.column);
  const at = ident(c.rows.time.column);
  const amount = ident(c.amount.column);
  const start = c.rows.start ? ident(c.rows.start.column) : undefined;
  const attrs = [
    ...[c.cohort.attr, c.window.filter].flatMap((f) => (f ? [ident(f.member.column)] : [])),
    ...(c.by ? [ident(c.by.column)] : []),
  ];
  const order = c.rows.id ? `${at}, ${ident(c.rows.id.column)}` : at;
  const columns = [
    entity,
    at,
    amount,
    ...new Set(attrs),
    ...(start && c.cohort.by === 'start' ? [start] : []),
  ];
  const rows = `SELECT ${columns.join(', ')}, MIN(${at}) OVER (PARTITION BY ${entity}) AS first_at, MAX(${at}) OVER (PARTITION BY ${entity}) AS last_at, ROW_NUMBER() OVER (PARTITION BY ${entity} ORDER BY ${order}) AS row_rank FROM ${table}${
    c.entityFilters && c.entityFilters.length > 0
      ? ` WHERE ${c.entityFilters.map((f) => valueCondition(ident(f.member.column), f)).join(' AND ')}`
      : ''
  }`;
  // The rows each member's outcome counts.
  const w = c.window;
  const inWindow = all([
    ...new Set([
      ...(w.period ? [within(at, w.period)] : []),
      ...(w.afterFirst ? ['row_rank > 1'] : []),
      ...(w.within
        ? [
            // (A test of rows counts the rows after the first; a spend counts every row of the window.)
            ...(w.afterFirst || (c.test && !('spent' in c.test)) ? ['row_rank > 1'] : []),
            `${at} < first_at + INTERVAL '${w.within.n} ${w.within.unit}${w.within.n === 1 ? '' : 's'}'`,
          ]
        : []),
      ...(w.filter ? [valueCondition(ident(w.filter.member.column), w.filter)] : []),
    ]),
  ]);
  const bound = c.cohort.firstAmount;
  const firstHas = all([
    ...(c.cohort.attr ? [valueCondition(ident(c.cohort.attr.member.column), c.cohort.attr)] : []),
    ...(bound ? [`${amount} ${bound.op} ${bound.value}`] : []),
  ]);
  // (Broken down by an attribute: one row per member and value, the member's dates over all their rows.)
  const by = c.by ? `, ${ident(c.by.column)} AS breakdown` : '';
  // (A member in each group of their rows with no rows in a window: none of all their rows, not of the group's.)
  const windowRows =
    c.by && !perMember(c.rows, c.by) && c.test && 'none' in c.test
      ? `SUM(SUM(CASE WHEN ${inWindow} THEN 1 ELSE 0 END)) OVER (PARTITION BY ${entity})`
      : `SUM(CASE WHEN ${inWindow} THEN 1 ELSE 0 END)`;
  const members = `SELECT ${entity}${by}, MIN(first_at) AS first_date, MAX(last_at) AS last_date${start && c.cohort.by === 'start' ? `, MIN(${start}) AS start_date` : ''}, MAX(CASE WHEN row_rank = 1 AND ${firstHas} THEN 1 ELSE 0 END) AS first_has, ${windowRows} AS window_rows, SUM(CASE WHEN ${inWindow} THEN ${amount} ELSE 0 END) AS window_amount, SUM(${amount}) AS all_amount FROM (${rows}) AS r GROUP BY 1${by ? ', 2' : ''}`;
  // One row of figures per cohort period ("Q4 2022 signups vs Q1 2022 ones": two rows, each labelled).
  const figures = (period: Period | undefined, others = false) => {
    const inside = all([
      ...(period ? [within(dateOf(c), period)] : []),
      ...(c.cohort.attr || c.cohort.firstAmount ? ['first_has = 1'] : []),
    ]);
    // (Everyone else: the members outside the cohort.)
    const inCohort = others ? `NOT (${inside})` : inside;
    const passed = !c.test
      ? 'TRUE'
      : 'none' in c.test
        ? 'window_rows = 0'
        : 'firstIn' in c.test
          ? within('first_date', c.test.firstIn)
          : 'spent' in c.test
            ? `window_amount ${c.test.orEqual ? '>=' : '>'} ${c.test.spent}`
            : `window_rows >= ${c.test.min}`;
    const people = ident(entityWord(c.rows.entity));
    const size = `SUM(CASE WHEN ${inCohort} THEN 1 ELSE 0 END)`;
    const hits = `SUM(CASE WHEN ${inCohort} AND ${passed} THEN 1 ELSE 0 END)`;
    const total = `SUM(CASE WHEN ${inCohort} THEN window_amount ELSE 0 END)`;
    const orders = `SUM(CASE WHEN ${inCohort} THEN window_rows ELSE 0 END)`;
    const select: string[] = [];
    const roles: PlannedQuery['columns'] = [];
    for (const m of c.measures) {
      if (m === 'count') {
        select.push(`${hits} AS ${people}`);
        roles.push({ role: 'entities' });
      } else if (m === 'share') {
        select.push(`round(100.0 * ${hits} / NULLIF(${size}, 0), 2) AS share_percent`);
        roles.push({ role: 'share' });
      } else if (m === 'share-all') {
        select.push(`round(100.0 * ${hits} / NULLIF(COUNT(*), 0), 2) AS share_of_all_percent`);
        roles.push({ role: 'share' });
      } else if (m === 'share-life') {
        // ("what share of their lifetime spend came in 2024": the window's spend of all they ever spent.)
        const lifetime = `SUM(CASE WHEN ${inCohort} THEN all_amount ELSE 0 END)`;
        select.push(`round(100.0 * ${total} / NULLIF(${lifetime}, 0), 2) AS share_of_lifetime_percent`);
        roles.push({ role: 'share' });
      } else if (m === 'sum') {
        select.push(`${total} AS ${ident(`total_${c.amount.column}`)}`);
        roles.push({ role: 'measure', member: c.amount });
      } else if (m === 'avg') {
        select.push(`${total} * 1.0 / NULLIF(${size}, 0) AS ${ident(`${c.amount.column}_per_member`)}`);
        roles.push({ role: 'measure', member: c.amount });
      } else if (m === 'aov') {
        select.push(`${total} * 1.0 / NULLIF(${orders}, 0) AS ${ident(`average_${c.amount.column}`)}`);
        roles.push({ role: 'measure', member: c.amount });
      } else if (m === 'orders') {
        select.push(`${orders} AS rows_counted`);
        roles.push({ role: 'measure' });
      } else {
        select.push(`${orders} * 1.0 / NULLIF(${size}, 0) AS rows_per_member`);
        roles.push({ role: 'measure' });
      }
    }
    select.push(`${size} AS cohort_size`, 'COUNT(*) AS every_member');
    roles.push({ role: 'whole' }, { role: 'whole' });
    return { select, roles, size };
  };
  if (c.each) return eachQuery(plan, c, members, figures(undefined));
  if (c.by) return byQuery(plan, c, members, figures(c.cohort.period));
  const versus = c.cohort.versus;
  const { select, roles } = figures(c.cohort.period);
  if (c.cohort.rest) {
    const sql = [false, true]
      .map(
        (others) =>
          `SELECT ${quote(others ? 'everyone else' : (c.cohort.period?.label ?? ''))} AS cohort, ${figures(c.cohort.period, others).select.join(', ')} FROM (${members}) AS t`,
      )
      .join(' UNION ALL ');
    const title = capitalise(`${entityWord(c.rows.entity)} ${cohortWords(plan, c)} and everyone else`);
    return plannedQuery(plan, sql, title, [{ role: 'period' }, ...roles]);
  }
  const sql = versus
    ? [c.cohort.period, versus]
        .map(
          (p) =>
            `SELECT ${quote(p?.label ?? '')} AS cohort, ${figures(p).select.join(', ')} FROM (${members}) AS t`,
        )
        .join(' UNION ALL ')
    : `SELECT ${select.join(', ')} FROM (${members}) AS t`;
  if (versus) roles.unshift({ role: 'period' });
  const title = capitalise(`${entityWord(c.rows.entity)} ${cohortWords(plan, c)}`);
  return plannedQuery(plan, sql, title, roles);
}

/** A signup half's label ("H1 2022"), in SQL that runs alike on DuckDB and PostgreSQL. */
const halfOf = (at: string) =>
  `CASE WHEN EXTRACT(MONTH FROM ${at}) <= 6 THEN 'H1 ' ELSE 'H2 ' END || CAST(CAST(EXTRACT(YEAR FROM ${at}) AS INTEGER) AS VARCHAR)`;

/**
 * One row per signup month, quarter or half (within the cohort's period): the signups (members with a row you can
 * see) and the figures of their rows in the window.
 */
function eachQuery(
  plan: Plan,
  c: CohortReading,
  members: string,
  { select, roles }: { select: string[]; roles: PlannedQuery['columns'] },
): PlannedQuery {
  const each = c.each ?? 'quarter';
  const date = dateOf(c);
  const bucket = each === 'half' ? halfOf(date) : `date_trunc('${each}', ${date})`;
  const people = ident(entityWord(c.rows.entity));
  const figures = select.slice(0, c.measures.length);
  const where = c.cohort.period ? ` WHERE ${within(date, c.cohort.period)}` : '';
  // (The size is "cohort_size" beside a count of those who did something, which has the people's name.)
  const size = c.measures.includes('count') ? 'cohort_size' : people;
  const sql = `SELECT ${bucket} AS ${ident(`${dateWord(c).replace(/\s+/g, '_')}_${each}`)}, COUNT(*) AS ${size}${figures.map((f) => `, ${f}`).join('')} FROM (${members}) AS t${where} GROUP BY 1 ORDER BY 1`;
  const title = capitalise(`${entityWord(c.rows.entity)} by ${dateWord(c)} ${each}${windowWords(plan, c)}`);
  return plannedQuery(plan, sql, title, [
    { role: 'period' },
    { role: 'entities' },
    ...roles.slice(0, c.measures.length),
  ]);
}

/** What a per-period cohort is dated by: "signup", "first order", "last order". */
const dateWord = (c: CohortReading) => (c.cohort.by === 'start' ? 'signup' : `${c.cohort.by} order`);

/**
 * One row per value of the breakdown (cohort-by.ts): the figures of the cohort's members in that group, groups with
 * no member left out.
 */
function byQuery(
  plan: Plan,
  c: CohortReading,
  members: string,
  { select, roles, size }: { select: string[]; roles: PlannedQuery['columns']; size: string },
): PlannedQuery {
  const by = c.by as NonNullable<CohortReading['by']>;
  // (Each group's size beside its figures, unless a count of the group is one of them.)
  const sized = !c.measures.includes('count');
  const figures = [
    ...(sized ? [`${size} AS ${ident(entityWord(c.rows.entity))}`] : []),
    ...select.slice(0, c.measures.length),
  ];
  const sql = `SELECT breakdown AS ${ident(by.column)}, ${figures.join(', ')} FROM (${members}) AS t GROUP BY 1 HAVING ${size} > 0 ORDER BY 1`;
  const title = capitalise(
    `${entityWord(c.rows.entity)} ${cohortWords(plan, c)} by ${nameOf(plan, by).toLowerCase()}${windowWords(plan, c)}`,
  );
  return plannedQuery(plan, sql, title, [
    { role: 'dimension', member: by },
    ...(sized ? [{ role: 'entities' as const }] : []),
    ...roles.slice(0, c.measures.length),
  ]);
}

/** "in March 2023", but "before April 2022" and "April 2023 or later" as they are. */
const inPeriod = (p: Period) =>
  /^(?:before|after)\b|\bor (?:later|earlier)$/.test(p.label) ? p.label : `in ${p.label}`;

const rowWord = (plan: Plan) => plan.cube.title.toLowerCase().replace(/s$/, '') || 'row';

/** "who signed up in Q1 2022", "whose first order was in March 2023 or later", "whose first order had status returned". */
function cohortWords(plan: Plan, c: CohortReading): string {
  const of = (c.entityFilters ?? [])
    .map((f) => ` (${nameOf(plan, f.member).toLowerCase()} ${f.values.join(' or ')})`)
    .join('');
  return `${of ? `${of.trim()} ` : ''}${cohortOnly(plan, c)}`;
}

function cohortOnly(plan: Plan, c: CohortReading): string {
  const row = rowWord(plan);
  if (c.cohort.others)
    return `other than those ${cohortOnly(plan, { ...c, cohort: { ...c.cohort, others: undefined } })} (everyone else)`;
  if (c.cohort.by === 'start') {
    const signed = c.cohort.period ? `who signed up ${inPeriod(c.cohort.period)}` : 'who signed up';
    // (Narrowed by their first row: "who signed up in Q1 2022 and whose first order was over $300".)
    const first = {
      ...c,
      cohort: { by: 'first' as const, attr: c.cohort.attr, firstAmount: c.cohort.firstAmount },
    };
    return c.cohort.attr || c.cohort.firstAmount ? `${signed} and ${cohortOnly(plan, first)}` : signed;
  }
  if (c.cohort.by === 'last')
    return c.cohort.period
      ? `whose last ${row} was ${inPeriod(c.cohort.period)}`
      : `with at least one ${row}`;
  if (!c.cohort.attr && !c.cohort.period && !c.cohort.firstAmount) return 'with at least one order';
  const parts: string[] = [];
  const bound = c.cohort.firstAmount;
  if (bound) parts.push(`was ${BOUND_SAID[bound.op]} ${formatFigure(c.amount, bound.value)}`);
  if (c.cohort.attr)
    parts.push(
      `had ${nameOf(plan, c.cohort.attr.member).toLowerCase()} ${c.cohort.attr.negate ? 'other than ' : ''}${c.cohort.attr.values.join(' or ')}`,
    );
  if (c.cohort.period) parts.push(`was ${inPeriod(c.cohort.period)}`);
  return `whose first ${row} ${parts.join(' and ')}`;
}

const BOUND_SAID = { '>': 'over', '>=': 'at least', '<': 'under', '<=': 'at most' } as const;

/** What the outcome's rows are, in words: " in 2025", " after their first order", " within 30 days of it". */
function windowWords(plan: Plan, c: CohortReading): string {
  const w = c.window;
  const row = rowWord(plan);
  const parts: string[] = [];
  if (w.filter)
    parts.push(
      `with ${nameOf(plan, w.filter.member).toLowerCase()} ${w.filter.negate ? 'other than ' : ''}${w.filter.values.join(' or ')}`,
    );
  if (w.period) parts.push(inPeriod(w.period));
  if (w.within)
    parts.push(
      `within ${w.within.n} ${w.within.unit}${w.within.n === 1 ? '' : 's'} of their first ${row}${w.afterFirst || c.test ? ' (after it)' : ' (counting it)'}`,
    );
  else if (w.afterFirst) parts.push(`after their first ${row}`);
  return parts.length > 0 ? ` ${parts.join(' ')}` : '';
}

/** The answer: each figure of the one row, with the cohort and the rules the reading used. */
export function cohortAnswer(plan: Plan, c: CohortReading, query: PlannedQuery, result: ResultLike): string {
  if (c.each) return eachAnswer(plan, c, result);
  if (c.by) return byAnswer(plan, c, result);
  if (c.cohort.rest) {
    // The cohort's row, then everyone else's, each said on its own.
    return result.data
      .map((r, i) => {
        const one = {
          ...c,
          cohort: { ...c.cohort, rest: undefined, ...(i > 0 ? { others: true as const } : {}) },
        };
        return cohortAnswer(plan, one, query, { ...result, data: [r.slice(1)], totalRows: 1 });
      })
      .join('\n\n');
  }
  const versus = c.cohort.versus;
  if (versus) {
    // Each cohort's row (labelled by its period) said on its own, the two one after the other.
    const periods = [c.cohort.period, versus];
    return result.data
      .map((r) => {
        const period = periods.find((p) => p?.label === r[0]) ?? c.cohort.period;
        const one = { ...c, cohort: { ...c.cohort, period, versus: undefined } };
        return cohortAnswer(plan, one, query, { ...result, data: [r.slice(1)], totalRows: 1 });
      })
      .join('\n\n');
  }
  const row = result.data[0] ?? [];
  const people = entityWord(c.rows.entity);
  const one = people.replace(/s$/, '');
  const rowName = rowWord(plan);
  const size = row[c.measures.length];
  const every = row[c.measures.length + 1];
  const count = (v: unknown) => formatFigure(undefined, v ?? 0);
  const who = `${people} ${cohortWords(plan, c)}`;
  const scope = (c.entityFilters ?? [])
    .map((f) => ` with ${nameOf(plan, f.member).toLowerCase()} ${f.values.join(' or ')}`)
    .join('');
  const window = windowWords(plan, c);
  const did = didWords(plan, c);
  const lines = c.measures.map((m, i) => {
    const v = row[i];
    if (m === 'count')
      return c.test ? `${count(v)} of the ${count(size)} ${who} ${did}` : `${count(v)} ${who}`;
    if (m === 'share') return `${formatPercent(v ?? 0)} of the ${count(size)} ${who} ${did}`;
    if (m === 'share-all')
      return c.test
        ? `${formatPercent(v ?? 0)} of all ${count(every)} ${people}${scope} are ${who} and ${did}`
        : `${formatPercent(v ?? 0)} of all ${count(every)} ${people}${scope} are ${who}`;
    const spentIn = window || ' altogether';
    if (m === 'share-life')
      return `${formatPercent(v ?? 0)} of everything the ${count(size)} ${who} have spent came${window} (their ${nameOf(plan, c.amount).toLowerCase()}s${window} divided by all their ${nameOf(plan, c.amount).toLowerCase()}s)`;
    const money = formatFigure(c.amount, v);
    if (m === 'sum')
      return `the ${count(size)} ${who} spent ${money}${spentIn} (the sum of their ${nameOf(plan, c.amount).toLowerCase()}s)`;
    if (m === 'avg')
      return `the ${count(size)} ${who} spent ${money} per ${one} on average${spentIn} (their total divided by ${count(size)})`;
    if (m === 'aov')
      return `the ${rowName}s of the ${count(size)} ${who} averaged ${money} per ${rowName}${window} (their total divided by their number of ${rowName}s)`;
    if (m === 'orders') return `the ${count(size)} ${who} placed ${count(v)} ${rowName}s${spentIn}`;
    return `the ${count(size)} ${who} placed ${formatFigure(undefined, v)} ${rowName}s per ${one}${spentIn}`;
  });
  const firstUsed = c.cohort.by === 'first' || c.window.afterFirst || c.window.within;
  const rules = [
    ...(firstUsed
      ? [
          `each ${one}'s first ${rowName} is their earliest by date${c.rows.id ? ` (a tie goes to the lower ${rowName} id)` : ''}`,
        ]
      : []),
    ...(c.cohort.by === 'last' ? [`each ${one}'s last ${rowName} is their latest by date`] : []),
    ...(c.cohort.by === 'start'
      ? [`a ${one} counts when they have at least one ${rowName} you can see`]
      : []),
  ];
  const text = lines.map((l) => capitalise(l)).join('.\n');
  return rules.length > 0 ? `${text}.\n\n(${capitalise(rules.join('; '))}.)` : `${text}.`;
}

/** What the members who passed the test did: "placed an order in November 2025", "placed no orders in 2025". */
function didWords(plan: Plan, c: CohortReading): string {
  const rowName = rowWord(plan);
  const window = windowWords(plan, c);
  if (!c.test) return '';
  if ('firstIn' in c.test) return `placed their first ${rowName} ${inPeriod(c.test.firstIn)}`;
  if ('none' in c.test) return `placed no ${rowName}s${window}`;
  if ('spent' in c.test)
    return `spent ${c.test.orEqual ? 'at least' : 'more than'} ${formatFigure(c.amount, c.test.spent)}${window}`;
  if (c.test.min > 1) return `placed at least ${c.test.min} ${rowName}s${window}`;
  return `placed ${c.window.afterFirst && !c.window.period ? 'another' : `a${/^[aeiou]/.test(rowName) ? 'n' : ''}`} ${rowName}${window}`;
}

/** Each signup period's row: its signups and what they did in the window. */
function eachAnswer(plan: Plan, c: CohortReading, result: ResultLike): string {
  const people = entityWord(c.rows.entity);
  const one = people.replace(/s$/, '');
  const rowName = rowWord(plan);
  const window = windowWords(plan, c) || ' altogether';
  const did = didWords(plan, c);
  const grain = c.each === 'half' ? undefined : c.each;
  const count = (v: unknown) => formatFigure(undefined, v ?? 0);
  const lines = result.data.map((r) => {
    const label = grain ? timeLabel(r[0], grain) : String(r[0]);
    const figures = c.measures.map((m, i) => {
      const v = r[i + 2];
      if (m === 'sum') return `spent ${formatFigure(c.amount, v)}`;
      if (m === 'avg') return `spent ${formatFigure(c.amount, v)} per ${one} on average`;
      if (m === 'aov') return `averaged ${formatFigure(c.amount, v)} per ${rowName}`;
      if (m === 'orders') return `placed ${count(v)} ${rowName}s`;
      if (m === 'count') return `${count(v)} of them ${did}`;
      if (m === 'share') return `${formatPercent(v ?? 0)} of them ${did}`;
      if (m === 'share-life') return `${formatPercent(v ?? 0)} of all they have spent came`;
      return `placed ${formatFigure(undefined, v)} ${rowName}s per ${one}`;
    });
    const joined = c.cohort.by === 'start' ? 'signed up' : `placed their ${c.cohort.by} ${rowName}`;
    // (A test's words carry their own window: "12 of them placed an order in November 2025".)
    const said = c.test
      ? `; ${figures.join('; ')}`
      : figures.length > 0
        ? `; they ${figures.join(' and ')}${window}`
        : '';
    return `- ${label}: ${count(r[1])} ${people} ${joined}${said}`;
  });
  const scope = c.cohort.period ? ` ${inPeriod(c.cohort.period)}` : '';
  const dated = c.cohort.by === 'start' ? 'signup' : `${c.cohort.by} ${rowName}`;
  const asked = c.measures.length > 0 ? `, and what each group did${window}` : '';
  const rule =
    c.cohort.by === 'start'
      ? `a ${one} counts when they have at least one ${rowName} you can see`
      : `each ${one}'s ${c.cohort.by} ${rowName} is their ${c.cohort.by === 'first' ? 'earliest' : 'latest'} by date`;
  const later = c.measures.length > 0 ? `; the figures count only their ${rowName}s${window}` : '';
  return `${capitalise(people)} by ${dated} ${c.each}${scope}${asked}:\n${lines.join('\n')}\n\n(${capitalise(rule)}${later}.)`;
}

/** Each group's figures (cohort-by.ts), with how a member is put in a group. */
function byAnswer(plan: Plan, c: CohortReading, result: ResultLike): string {
  const by = c.by as NonNullable<CohortReading['by']>;
  const people = entityWord(c.rows.entity);
  const one = people.replace(/s$/, '');
  const rowName = rowWord(plan);
  const window = windowWords(plan, c) || ' altogether';
  const count = (v: unknown) => formatFigure(undefined, v ?? 0);
  const measures: CohortReading['measures'] = c.measures.includes('count')
    ? c.measures
    : ['count', ...c.measures];
  const lines = result.data.map((r) => {
    const figures = measures.map((m, i) => {
      const v = r[i + 1];
      if (m === 'count') return `${count(v)} ${people}`;
      if (m === 'sum') return `spent ${formatFigure(c.amount, v)}${window}`;
      if (m === 'avg') return `spent ${formatFigure(c.amount, v)} per ${one} on average${window}`;
      if (m === 'aov') return `averaged ${formatFigure(c.amount, v)} per ${rowName}${window}`;
      if (m === 'orders') return `placed ${count(v)} ${rowName}s${window}`;
      if (m === 'share-life') return `${formatPercent(v ?? 0)} of all they have spent came${window}`;
      return `placed ${formatFigure(undefined, v)} ${rowName}s per ${one}${window}`;
    });
    return `- ${String(r[0])}: ${figures.join('; ')}`;
  });
  const name = nameOf(plan, by).toLowerCase();
  const rules = [
    ...(c.cohort.by === 'start'
      ? []
      : [
          `each ${one}'s ${c.cohort.by} ${rowName} is their ${c.cohort.by === 'first' ? 'earliest' : 'latest'} by date`,
        ]),
    ...(perMember(c.rows, by)
      ? []
      : c.test && 'none' in c.test
        ? [
            `a ${one} counts under each ${name} they have ${rowName}s in; ${didWords(plan, c)} is over all their ${rowName}s`,
          ]
        : [`a ${one} counts under each ${name} they have ${rowName}s in, with only those ${rowName}s`]),
  ];
  // ("customers who placed no orders in Q4 2025, by segment": the test said, its figure is the count of those passing.)
  const did = c.measures.includes('count') ? didWords(plan, c) : '';
  const head = `${capitalise(people)} ${cohortWords(plan, c)}${did ? ` who ${did}` : ''}, by ${name}:`;
  return `${head}\n${lines.join('\n')}${rules.length > 0 ? `\n\n(${capitalise(rules.join('; '))}.)` : ''}`;
}
