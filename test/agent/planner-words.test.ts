import { describe, expect, it } from '@jest/globals';
import { askerTokens, searchWords } from '../../functions/agent/planner/asker';
import { buildCatalog, type MetaCubeLike } from '../../functions/agent/planner/catalog';
import { readQuestions } from '../../functions/agent/planner/reading';
import { words } from '../../functions/agent/planner/text';

/**
 * The asker's words (issue 29; README, "What the analyst understands"): shorthand and everyday names read as the
 * model's words only where the model has them, a breakdown asked on its own answered without the missing one,
 * and words that add a filter, grouping or measure the model lacks still refused. Unit level, on a small model
 * written here (the demo model's corpus runs in planner-tuning-2.test.ts).
 */
const sales = (segments: string): MetaCubeLike => ({
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
      name: 'sales_view.customers',
      title: 'Number of customers',
      memberType: 'measure',
      type: 'number',
      aggType: 'count_distinct',
      synonyms: ['customers'],
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
      description: `Customer segment (${segments})`,
      memberType: 'dimension',
      type: 'string',
    },
    { name: 'sales_view.region', title: 'Sales region', memberType: 'dimension', type: 'string' },
    { name: 'sales_view.customer_name', title: 'Customer name', memberType: 'dimension', type: 'string' },
    { name: 'sales_view.created_at', title: 'Order date', memberType: 'dimension', type: 'time' },
  ],
});
const [withSmallBusiness] = buildCatalog([sales('consumer, small business or enterprise')]);
const withoutSmallBusiness = buildCatalog([sales('consumer or enterprise')]);
const catalog = buildCatalog([sales('consumer, small business or enterprise')]);
const TODAY = '2025-10-15';

const read = (question: string, cubes = catalog) => readQuestions([question], cubes, TODAY);

describe('the asker’s words', () => {
  it('reads shorthand as the model’s words only where the model has every word it stands for', () => {
    if (!withSmallBusiness) throw new Error('no cube');
    const tokens = askerTokens(words('orders from SMB accounts'), withSmallBusiness);
    expect(tokens.map((t) => t.raw)).toEqual(['orders', 'from', 'small', 'business', 'accounts']);
    expect(tokens[2]).toMatchObject({ asked: 'smb', readAs: 'small business' });

    const [lacking] = withoutSmallBusiness;
    if (!lacking) throw new Error('no cube');
    expect(askerTokens(words('orders from SMB accounts'), lacking).map((t) => t.raw)).toContain('smb');
    const refused = read('number of orders from SMB accounts', withoutSmallBusiness);
    expect(refused).toMatchObject({ kind: 'refuse', missing: expect.stringContaining('smb') });
  });

  it('reads a value’s noun as the value, except in a ratio that names it itself', () => {
    const plan = read('How many returns did we have in 2024?');
    expect(plan.kind).toBe('plan');
    if (plan.kind !== 'plan') return;
    expect(plan.plan.filters.map((f) => [f.member.column, f.values])).toEqual([['status', ['returned']]]);
    expect(plan.plan.readAs).toEqual({ returns: 'returned' });
    if (!withSmallBusiness) throw new Error('no cube');
    expect(askerTokens(words('return rate by region'), withSmallBusiness)[0]?.raw).toBe('return');
  });

  it('reads "lifetime value" as money per customer; its average is the mean of each customer\'s total', () => {
    const top = read('top 3 customers by lifetime value');
    expect(top.kind === 'plan' && top.plan.measures.map((m) => m.column)).toEqual(['total']);
    // The second-order reading (planner/understand.ts, lifetime): a per-customer total averaged by segment.
    const average = read('average customer lifetime value by segment');
    expect(average.kind === 'plan' && average.plan.measures.map((m) => m.column)).toEqual(['total']);
    // "LTV by segment" names the metric: the mean of each customer's total (phrases.ts), not a refusal.
    const metric = read('LTV by segment');
    expect(metric.kind === 'plan' && metric.plan.measures.map((m) => m.column)).toEqual(['total']);
    expect(metric.kind === 'plan' && metric.plan.percentile).toMatchObject({ stat: 'avg' });
  });

  it('answers a breakdown asked on its own and names the missing one; one table of both is refused', () => {
    const two = read('revenue by region and by marketing channel');
    expect(two.kind).toBe('plan');
    if (two.kind !== 'plan') return;
    expect(two.plan.dimensions.map((d) => d.column)).toEqual(['region']);
    expect(two.plan.missing).toEqual(['marketing channel']);

    expect(read('revenue by region and marketing channel')).toMatchObject({ kind: 'refuse' });
    // A measure listed beside one the model lacks is a column of its own.
    expect(read('revenue and profit by region')).toMatchObject({
      kind: 'plan',
      plan: { missing: ['profit'] },
    });
    expect(read('profit by region')).toMatchObject({ kind: 'refuse' });
    expect(read('revenue by marketing channel')).toMatchObject({ kind: 'refuse' });
  });

  it('never leaves out a side clause that breaks down or names a coded period', () => {
    // (A fiscal year is read as the calendar year, and the answer says so: planner-probed-19.test.ts.)
    expect(read('revenue per region, FY2024')).toMatchObject({
      kind: 'plan',
      plan: { range: { from: '2024-01-01' }, readAs: { fy: 'calendar year' } },
    });
    expect(read('revenue by region, by payment method')).toMatchObject({
      kind: 'plan',
      plan: { missing: ['payment method'] },
    });
    // Greetings and asides are filler.
    expect(read('morning! quick one before my 1:1 - revenue by region please, cheers').kind).toBe('plan');
  });

  it('searches the model’s words behind the asker’s', () => {
    expect(searchWords(words('SMB clients rev'))).toEqual(['small', 'business', 'customer', 'revenue']);
  });
});
