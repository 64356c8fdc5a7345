import { buildCatalog } from '../../../functions/agent/planner/catalog';

/**
 * A small model of sales rows (orders, money, distinct customers, a status with listed values, a region, a customer
 * name and a date), written here for planner unit tests that must not depend on the demo model's wording.
 */
export const SALES = buildCatalog([
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
        synonyms: ['orders', 'number'],
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
        name: 'sales_view.customer_count',
        title: 'Number of customers',
        memberType: 'measure',
        type: 'number',
        aggType: 'count_distinct',
        synonyms: ['customers', 'buyers'],
      },
      {
        name: 'sales_view.status',
        title: 'Status',
        description: 'Order status (completed, returned or cancelled)',
        memberType: 'dimension',
        type: 'string',
      },
      { name: 'sales_view.region', title: 'Sales region', memberType: 'dimension', type: 'string' },
      { name: 'sales_view.customer_name', title: 'Customer name', memberType: 'dimension', type: 'string' },
      { name: 'sales_view.created_at', title: 'Order date', memberType: 'dimension', type: 'time' },
    ],
  },
]);
