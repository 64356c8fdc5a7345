import { describe, expect, it } from '@jest/globals';
import { readAsides } from '../../functions/agent/planner/asides';
import { buildCatalog, type MetaCubeLike } from '../../functions/agent/planner/catalog';
import { type Reading, readQuestions } from '../../functions/agent/planner/reading';

/**
 * Words around an answerable ask (issue 29; README, "Words the model does not know"): an aside that says who the
 * answer is for, a parenthetical that names the model's term, verbs of arrival, and a "group"/"type" noun that
 * names a listed dimension by a near word. Each is read only where what it stands for is the model's; otherwise
 * the question is still refused by name. Unit level, on a small model written here.
 */
const orders: MetaCubeLike = {
  name: 'orders_view',
  title: 'Orders',
  type: 'view',
  members: [
    {
      name: 'orders_view.count',
      title: 'Number of orders',
      memberType: 'measure',
      type: 'number',
      aggType: 'count',
      synonyms: ['orders'],
    },
    {
      name: 'orders_view.total_amount',
      title: 'Total amount',
      description: 'Sum of order amounts (revenue, sales)',
      memberType: 'measure',
      type: 'number',
      aggType: 'sum',
      format: 'currency',
    },
    {
      name: 'orders_view.average_amount',
      title: 'Average amount',
      description: 'Average order amount (average order value)',
      memberType: 'measure',
      type: 'number',
      aggType: 'avg',
      synonyms: ['aov'],
      format: 'currency',
    },
    {
      name: 'orders_view.status',
      title: 'Status',
      description: 'Order status (completed, returned or cancelled)',
      memberType: 'dimension',
      type: 'string',
    },
    {
      name: 'orders_view.category',
      title: 'Product category',
      description: 'Product category (toys, grocery, furniture)',
      memberType: 'dimension',
      type: 'string',
    },
    {
      name: 'orders_view.region',
      title: 'Sales region',
      description: 'Sales region (north, south, east, west)',
      memberType: 'dimension',
      type: 'string',
    },
    {
      name: 'orders_view.customers_segment',
      title: 'Segment',
      description: 'Customer segment (consumer, small business, enterprise)',
      memberType: 'dimension',
      type: 'string',
    },
    { name: 'orders_view.customers_name', title: 'Customer name', memberType: 'dimension', type: 'string' },
    { name: 'orders_view.created_at', title: 'Order date', memberType: 'dimension', type: 'time' },
  ],
};
const catalog = buildCatalog([orders]);
const read = (question: string): Reading => readQuestions([question], catalog, '2025-11-19');
const plan = (question: string) => {
  const reading = read(question);
  if (reading.kind !== 'plan') throw new Error(`not answered: ${question} (${JSON.stringify(reading)})`);
  return reading.plan;
};
const filters = (question: string) => plan(question).filters.map((f) => [f.member.column, f.values]);

describe('asides, glosses and arrivals', () => {
  it('drops an aside at the start that names nothing of the model', () => {
    expect(readAsides('for my weekly sync: orders by region', catalog)).toBe('orders by region');
    expect(readAsides('quick one for finance - revenue in 2024', catalog)).toBe('revenue in 2024');
    expect(readAsides('for the board pack, revenue by region', catalog)).toBe('revenue by region');
    // A filter, a date or a pointer back is no aside.
    expect(readAsides('for the west team: revenue in 2024', catalog)).toBe(
      'for the west team: revenue in 2024',
    );
    expect(readAsides('for 2024, revenue by region', catalog)).toBe('for 2024, revenue by region');
    expect(readAsides('for each of those, how many orders?', catalog)).toBe(
      'for each of those, how many orders?',
    );
    expect(filters('for the west team: revenue in 2024')).toEqual([['region', ['west']]]);
  });

  it('drops an aside clause anywhere that says where a figure was seen, when it was discussed or when it is due', () => {
    expect(readAsides('For the all-hands slide: toys revenue in 2024?', catalog)).toBe(
      'toys revenue in 2024?',
    );
    expect(readAsides('per the Slack thread, how many orders in 2024?', catalog)).toBe(
      'how many orders in 2024?',
    );
    expect(readAsides('how many orders in 2024, per the Slack thread?', catalog)).toBe(
      'how many orders in 2024?',
    );
    expect(readAsides("as per Jordan's email - orders by region", catalog)).toBe('orders by region');
    expect(readAsides("according to Dana's dashboard, revenue in 2024", catalog)).toBe('revenue in 2024');
    expect(readAsides("as discussed on Monday's call, orders in 2024", catalog)).toBe('orders in 2024');
    expect(readAsides("ahead of Thursday's board meeting, revenue by region", catalog)).toBe(
      'revenue by region',
    );
    expect(readAsides('need this by EOD: revenue by region', catalog)).toBe('revenue by region');
    expect(readAsides('quick sanity check before the renewal call — orders in 2024?', catalog)).toBe(
      'orders in 2024?',
    );
    expect(readAsides('revenue for toys in 2023, its for the exec summary', catalog)).toBe(
      'revenue for toys in 2023',
    );
    expect(readAsides('not urgent, but what was AOV in 2023?', catalog)).toBe('what was AOV in 2023?');
    expect(readAsides('when you get a chance, how many orders in 2024?', catalog)).toBe(
      'how many orders in 2024?',
    );
    // A period word before no unit dates the message, not the rows.
    expect(readAsides("following up on yesterday's email: orders in 2024", catalog)).toBe('orders in 2024');
    expect(readAsides('per my last message, revenue for 2024?', catalog)).toBe('revenue for 2024?');
    expect(
      readAsides('excluding cancelled ones, per the ops sync - how many toys orders in 2024?', catalog),
    ).toBe('excluding cancelled ones, how many toys orders in 2024?');
  });

  it('reads a meeting about one value as that value: "For the enterprise review:"', () => {
    expect(filters('For the enterprise review: revenue in 2024?')).toEqual([
      ['customers_segment', ['enterprise']],
    ]);
    expect(filters('for our north QBR - orders in 2024')).toEqual([['region', ['north']]]);
    expect(filters('For the board review: revenue in 2024?')).toEqual([]);
    // A meeting's day is no day of the rows.
    expect(filters('for my monday standup: how many west orders came through in October 2025?')).toEqual([
      ['region', ['west']],
    ]);
  });

  it('keeps an aside clause that could change the figure: a filter, a period, a number, a negation, a forecast', () => {
    const kept = [
      // A breakdown with no article is no source ("per rep", "by channel").
      'how many orders in 2025, per rep?',
      'revenue in 2024, by channel',
      // A value, a period or a number of the model filters or dates the question.
      'per the west team, revenue in 2024',
      'as discussed in the 2024 review, revenue by region',
      "per last year's deck, revenue by region",
      'for the last few weeks, revenue by region',
      'for the weeks before Christmas: revenue',
      'according to the Q3 review, orders by region',
      // A weekday alone is a day of the rows.
      'as discussed on Monday, how many orders in 2024?',
      // A figure that is not the data's own, or a word that narrows it.
      'according to the forecast, revenue for 2025',
      'per the budget, revenue by region',
      'revenue in 2024, excluding the refunds',
      'as discussed not counting the cancelled ones, orders in 2024',
    ];
    for (const question of kept) expect(readAsides(question, catalog)).toBe(question);
    expect(read('according to the forecast, revenue for 2025')).toMatchObject({ kind: 'refuse' });
    expect(read('per the budget, revenue by region')).toMatchObject({ kind: 'refuse' });
    expect(read('how many orders in 2025, per rep?')).toMatchObject({ kind: 'refuse' });
  });

  it('reads a parenthetical term of the model for the asker’s words before it, and only then', () => {
    expect(filters('how many orders got scrapped (cancelled) in 2025?')).toEqual([['status', ['cancelled']]]);
    expect(filters('how many orders got sent back (returned) in 2025?')).toEqual([['status', ['returned']]]);
    // A gloss with a word the model lacks stays, and is refused by name.
    expect(read('how many orders got refunded (partial refunds) in 2025?')).toMatchObject({ kind: 'refuse' });
    // A gloss that is no listed value says how to rank, and stays ("slowest month (fewest orders)").
    expect(readAsides('the fewest month (orders) for each region', catalog)).toBe(
      'the fewest month (orders) for each region',
    );
    // A gloss of a word the model knows changes nothing.
    expect(readAsides('AOV (average order value) in 2024', catalog)).toBe(
      'AOV (average order value) in 2024',
    );
  });

  it('reads verbs of arrival as the rows’ own date, and still refuses what they arrive through', () => {
    expect(filters('how many orders came through from enterprise folks in December 2025?')).toEqual([
      ['customers_segment', ['enterprise']],
    ]);
    expect(filters('how many orders landed in the north during Sept 2025?')).toEqual([['region', ['north']]]);
    expect(read('how many orders came through the mobile app in 2025?')).toMatchObject({ kind: 'refuse' });
  });
});

describe('a "group" or "type" noun after a word that names one listed dimension', () => {
  it('reads "product group" and "merch group" as the product category, "customer type" as the segment', () => {
    expect(plan('which product group had the most revenue in 2023?').dimensions.map((d) => d.column)).toEqual(
      ['category'],
    );
    expect(
      plan('which merch group brought in the most cash in 2024?').dimensions.map((d) => d.column),
    ).toEqual(['category']);
    expect(plan('revenue by customer type').dimensions.map((d) => d.column)).toEqual(['customers_segment']);
  });

  it('refuses where the word names several listed dimensions or none', () => {
    // "order" describes status, category and region alike: no one of them is the "order type".
    expect(read('revenue by order type')).toMatchObject({ kind: 'refuse' });
    expect(read('revenue by channel type')).toMatchObject({ kind: 'refuse' });
  });
});

describe('the asker’s term for a measure', () => {
  it('keeps shorthand in a phrase the model declares ("avg order value"), and spells out initials ("AOV")', () => {
    expect(plan('avg order value in 2024').terms).toEqual({ average_amount: 'avg order value' });
    expect(plan('AOV in 2024').terms).toEqual({ average_amount: 'AOV' });
  });
});

describe('the day of the week', () => {
  it('groups and filters by a dimension derived from the time dimension', () => {
    const by = plan('which day of the week has the most orders?');
    expect(by.dimensions.map((d) => d.column)).toEqual(['day_of_week']);
    expect(filters('how many orders on Saturdays in 2025?')).toEqual([['day_of_week', ['Saturday']]]);
    expect(filters('weekend revenue in 2024')).toEqual([['weekday_or_weekend', ['weekend']]]);
  });

  it('refuses one day named by its weekday, an average that may be per day, and second-order plans over it', () => {
    expect(read('how many orders since Monday?')).toMatchObject({ kind: 'refuse' });
    expect(read('revenue last Friday')).toMatchObject({ kind: 'refuse' });
    expect(read('average Monday sales')).toMatchObject({ kind: 'refuse' });
    expect(plan('average order value on Mondays').filters.map((f) => f.member.column)).toEqual([
      'day_of_week',
    ]);
  });
});
