import { describe, expect, it } from '@jest/globals';
import { buildCatalog } from '../../functions/agent/planner/catalog';
import type { Plan } from '../../functions/agent/planner/plan';
import { type Reading, readQuestions } from '../../functions/agent/planner/reading';

/**
 * Follow-ups read as one change to the previous question's reading (issue 29; README, "What the analyst
 * understands"): what the follow-up does not name is kept, what it names replaces or adds one part. Unit level,
 * on a small model written here; the demo model's threads run in planner-tuning-6.test.ts (tuning set 8).
 */
const [cube] = buildCatalog([
  {
    name: 'sales_view',
    title: 'Sales',
    type: 'view',
    members: [
      {
        name: 'sales_view.count',
        title: 'Number of orders',
        memberType: 'measure',
        type: 'number',
        aggType: 'count',
        synonyms: ['orders'],
      },
      {
        name: 'sales_view.total',
        title: 'Total amount',
        memberType: 'measure',
        type: 'number',
        aggType: 'sum',
        synonyms: ['revenue', 'sales'],
        format: 'currency',
      },
      {
        name: 'sales_view.min_amount',
        title: 'Smallest order amount',
        memberType: 'measure',
        type: 'number',
        aggType: 'min',
      },
      {
        name: 'sales_view.status',
        title: 'Status',
        description: 'Order status (completed, returned or cancelled)',
        memberType: 'dimension',
        type: 'string',
      },
      {
        name: 'sales_view.segment',
        title: 'Segment',
        description: 'Customer segment (consumer or enterprise)',
        memberType: 'dimension',
        type: 'string',
      },
      { name: 'sales_view.region', title: 'Sales region', memberType: 'dimension', type: 'string' },
      { name: 'sales_view.customer_name', title: 'Customer name', memberType: 'dimension', type: 'string' },
      { name: 'sales_view.created_at', title: 'Order date', memberType: 'dimension', type: 'time' },
    ],
  },
]);
const catalog = cube ? [cube] : [];
const TODAY = '2025-10-15';

const read = (...questions: string[]): Reading => readQuestions(questions, catalog, TODAY);
function planOf(...questions: string[]): Plan {
  const reading = read(...questions);
  if (reading.kind !== 'plan')
    throw new Error(`no plan for ${questions.join(' → ')}: ${JSON.stringify(reading)}`);
  return reading.plan;
}
const names = (members: { column: string }[]) => members.map((m) => m.column);
const period = (p: Plan) => (p.range ? [p.range.from, p.range.to] : undefined);

describe('follow-ups: a group within the previous groups', () => {
  it('ranks the new breakdown within each previous group, of the previous measure and period', () => {
    const plan = planOf(
      'orders by region in 2024',
      'ok now for each of those regions, which status had the most?',
    );
    expect(names(plan.dimensions)).toEqual(['region', 'status']);
    expect(plan.perGroup?.item?.column).toBe('status');
    expect(names(plan.measures)).toEqual(['count']);
    expect(period(plan)).toEqual(['2024-01-01', '2025-01-01']);
    expect(plan.top).toEqual({ n: 1, direction: 'desc' });
  });

  it('reads a time unit as the item and a number as the rows kept in each group', () => {
    const plan = planOf('revenue by region in 2024', 'within each of them, what were the 2 worst months?');
    expect(names(plan.dimensions)).toEqual(['region']);
    expect(plan.perGroup).toEqual({});
    expect(plan.grain).toBe('month');
    expect(names(plan.measures)).toEqual(['total']);
    expect(plan.top).toEqual({ n: 2, direction: 'asc' });
  });

  it('refuses "each of those" after a question with no groups rather than answer one ranking', () => {
    const reading = read(
      'total revenue from enterprise customers',
      'for each of those, which region had the most?',
    );

    expect(reading.kind).toBe('refuse');
  });
});

describe('follow-ups: a period after the previous one', () => {
  it('reads "since then" from the end of the previous period through today', () => {
    const plan = planOf('how many orders did we have in March 2025?', 'and since then?');
    expect(period(plan)).toEqual(['2025-04-01', '2025-10-16']);
    expect(names(plan.measures)).toEqual(['count']);
  });

  it('keeps the breakdown and filters', () => {
    const plan = planOf('cancelled orders by region in Q1 2025', 'what about since then?');
    expect(period(plan)).toEqual(['2025-04-01', '2025-10-16']);
    expect(names(plan.dimensions)).toEqual(['region']);
    expect(plan.filters.map((f) => f.values)).toEqual([['cancelled']]);
  });

  it('refuses "since then" when the previous question named no period', () => {
    expect(read('orders by region', 'and since then?').kind).toBe('refuse');
  });
});

describe('follow-ups: the unit next to the previous period', () => {
  it('reads "the quarter before" as the quarter before the previous period starts', () => {
    const plan = planOf('revenue in Q3 2025', 'and the quarter before?');
    expect(period(plan)).toEqual(['2025-04-01', '2025-07-01']);
    expect(names(plan.measures)).toEqual(['total']);
  });

  it('keeps the breakdown: the unit word steps the period, it is no breakdown by month', () => {
    const plan = planOf('revenue by region in August 2025', 'and a month earlier?');
    expect(period(plan)).toEqual(['2025-07-01', '2025-08-01']);
    expect(names(plan.dimensions)).toEqual(['region']);
    expect(plan.grain).toBeUndefined();
  });

  it('reads "the year after" as the year after the previous period ends', () => {
    const plan = planOf('orders by status in 2023', 'what about the year after?');
    expect(period(plan)).toEqual(['2024-01-01', '2025-01-01']);
  });
});

describe('follow-ups: a rank or a share of the previous rows', () => {
  it('ranks the previous rows for a short which-question', () => {
    const plan = planOf('revenue by status in 2024', 'which was the worst?');
    expect(plan.top).toEqual({ n: 1, direction: 'asc' });
    expect(names(plan.measures)).toEqual(['total']);
  });

  it.each([
    'what % of all orders is that',
    'and as a share of all 2024 orders?',
    'what percentage would that be',
  ])('reads "%s" after one filtered figure as that part of the whole', (next) => {
    const plan = planOf('how many orders were cancelled in 2024', next);
    expect(plan.share?.part?.values).toEqual(['cancelled']);
    expect(plan.filters).toEqual([]);
    expect(names(plan.measures)).toEqual(['count']);
    expect(period(plan)).toEqual(['2024-01-01', '2025-01-01']);
  });

  it('sorts the previous rows "from lowest to highest" without reading a largest-amount measure', () => {
    const plan = planOf('revenue by region in 2024', 'list them from lowest to highest');
    expect(plan.top).toEqual({ n: 0, direction: 'asc' });
    expect(names(plan.measures)).toEqual(['total']);
    expect(names(plan.dimensions)).toEqual(['region']);
  });

  it('reads a rank "for those" groups as within each previous group', () => {
    const plan = planOf('orders by segment in 2024', 'for those segments, which region led?');
    expect(names(plan.dimensions)).toEqual(['segment', 'region']);
    expect(plan.perGroup?.item?.column).toBe('region');
  });

  it('keeps the breakdown for a measure asked "for those"', () => {
    const plan = planOf('orders by region', 'what was revenue for those?');
    expect(names(plan.dimensions)).toEqual(['region']);
    expect(names(plan.measures)).toEqual(['total']);
  });

  it('reads a superlative among "those" as a rank of the previous measure, not the smallest amount', () => {
    const plan = planOf('revenue by region in 2024', 'which of those was lowest?');
    expect(names(plan.measures)).toEqual(['total']);
    expect(names(plan.dimensions)).toEqual(['region']);
    expect(plan.top).toEqual({ n: 1, direction: 'asc' });
    expect(period(plan)).toEqual(['2024-01-01', '2025-01-01']);
  });

  it('keeps only the top rows asked for', () => {
    const plan = planOf('revenue by status in 2024', 'only the top 2');
    expect(plan.top).toEqual({ n: 2, direction: 'desc' });
    expect(names(plan.dimensions)).toEqual(['status']);
  });

  it('reads "as a percent of the total" as each row’s share', () => {
    const plan = planOf('orders by segment in 2024', 'as a percent of the total?');
    expect(plan.share).toEqual({});
    expect(names(plan.measures)).toEqual(['count']);
    expect(period(plan)).toEqual(['2024-01-01', '2025-01-01']);
  });

  it('ranks the previous change between two named periods (not the assumed last two years)', () => {
    const plan = planOf('orders by region in 2023 and 2024', 'which one fell the most, in percent?');
    expect(plan.change?.rank).toBe('percent');
    expect(plan.compare?.map((p) => p.label)).toEqual(['2023', '2024']);
    expect(names(plan.measures)).toEqual(['count']);
    expect(plan.top?.direction).toBe('asc');
  });

  it('lists the entities just counted', () => {
    const plan = planOf('how many customers have more than 10 orders?', 'list them');
    expect(plan.having?.output).toBe('list');
  });
});

describe('follow-ups: a value, period or measure replaced', () => {
  it('reads "same for" with a value as that value in place of the previous one', () => {
    const plan = planOf('revenue from enterprise customers in 2024', 'same for consumer');
    expect(plan.filters.map((f) => f.values)).toEqual([['consumer']]);
    expect(period(plan)).toEqual(['2024-01-01', '2025-01-01']);
    expect(names(plan.measures)).toEqual(['total']);
  });

  it('reads "same thing but by month" as the breakdown replaced', () => {
    const plan = planOf('revenue by region in 2024', 'same thing but by month');
    expect(plan.grain).toBe('month');
    expect(names(plan.dimensions)).toEqual([]);
    expect(period(plan)).toEqual(['2024-01-01', '2025-01-01']);
  });

  it('reads "how does that compare to" a year as both periods side by side', () => {
    const plan = planOf('revenue by status in 2024', 'and how does that compare to 2023?');
    expect(plan.compare?.map((p) => p.label)).toEqual(['2023', '2024']);
    expect(plan.range).toBeUndefined();
    expect(names(plan.dimensions)).toEqual(['status']);
  });

  it('keeps the previous breakdown when asked to break those rows down further', () => {
    const plan = planOf('orders by status in 2024', 'break those down by region');
    expect(names(plan.dimensions)).toEqual(['status', 'region']);
    expect(period(plan)).toEqual(['2024-01-01', '2025-01-01']);
  });

  it('keeps the period for a part "of those" rows', () => {
    const plan = planOf('orders by region in 2024', 'how many of those were cancelled?');
    expect(period(plan)).toEqual(['2024-01-01', '2025-01-01']);
    expect(plan.filters.map((f) => f.values)).toEqual([['cancelled']]);
  });

  it('reads a measure asked "for each of those" with no rank as that measure over the same groups', () => {
    const plan = planOf('revenue by region in 2024', 'for each of those, how many orders?');
    expect(names(plan.measures)).toEqual(['count']);
    expect(names(plan.dimensions)).toEqual(['region']);
    expect(plan.perGroup).toBeUndefined();
  });

  it('refuses a change asked "for each of those" rather than compare other years', () => {
    expect(read('revenue by region in 2024', 'now for each of those, how did it change vs 2023?').kind).toBe(
      'refuse',
    );
  });

  it('reads "same for" with a year as that year', () => {
    const plan = planOf('revenue by region in 2024', 'same for 2023');
    expect(period(plan)).toEqual(['2023-01-01', '2024-01-01']);
    expect(names(plan.dimensions)).toEqual(['region']);
  });
});
