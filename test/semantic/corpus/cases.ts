import type { QueryUser } from '../../../functions/semantic';

/**
 * The corpus of small Cube projects (test/semantic/corpus/<name>/: `model/` as it would be pushed, `seed.sql` for
 * DuckDB), each modelled on a different public Cube project or documentation example named in its files' headers,
 * and the queries each must answer with numbers worked out by hand from the seed (corpus.test.ts).
 */
export interface CorpusCase {
  sql: string;
  /** Expected rows (numbers rounded to 4 places, times to the day). */
  rows?: unknown[][];
  /** The query is refused with this message (a Cube feature named when queried). */
  refused?: RegExp;
  /** Text the compiled DuckDB SQL must hold (a table the engine here cannot reach). */
  compiled?: string;
  user?: QueryUser;
}

export interface CorpusProject {
  name: string;
  /** What the project is modelled on (also in each model file's header). */
  source: string;
  cases: CorpusCase[];
  /** Broken upstream: the load issue expected instead (file, path, message). */
  broken?: { file: string; path: string; message: RegExp };
}

const tenant = (tenant_id?: string): QueryUser => ({
  groups: [],
  userAttributes: {},
  securityContext: tenant_id ? { tenant_id } : {},
});

export const CORPUS: CorpusProject[] = [
  {
    name: 'ecommerce',
    source: 'Cube docs, "Working with joins" and "Views"',
    cases: [
      {
        // Cake: 5 x 1 + 5 x 4; Tea: 3 x 2 + 3 x 1 (a line item's product name comes through the join).
        sql: 'SELECT product_name, MEASURE(revenue) AS revenue FROM line_items GROUP BY 1 ORDER BY 1',
        rows: [
          ['Cake', 25],
          ['Tea', 9],
        ],
      },
      {
        sql: 'SELECT users_city, MEASURE(count) AS orders FROM orders_view GROUP BY 1 ORDER BY 1',
        rows: [
          ['Lyon', 1],
          ['Paris', 2],
        ],
      },
      {
        // Orders 1 and 3 are completed: 2 + 1 + 4 items; order 2: 1 item.
        sql: 'SELECT order_status, MEASURE(quantity) AS q FROM line_items_view GROUP BY 1 ORDER BY 1',
        rows: [
          ['completed', 7],
          ['processing', 1],
        ],
      },
      { sql: 'SELECT MEASURE(completed_count) AS c FROM orders', rows: [[2]] },
    ],
  },
  {
    name: 'saas_metrics',
    source: 'Cube docs recipes "Active users" and "Designing metrics"',
    cases: [
      {
        // basic's only subscription is canceled: its MRR sums no row.
        sql: 'SELECT plan, MEASURE(mrr) AS mrr FROM subscriptions GROUP BY 1 ORDER BY 1',
        rows: [
          ['addon', 10],
          ['basic', null],
          ['pro', 200],
        ],
      },
      {
        // Customers 10, 11, 12; 1 churned subscription of 4.
        sql: 'SELECT MEASURE(customers) AS c, MEASURE(churn_rate) AS r FROM subscriptions',
        rows: [[3, 0.25]],
      },
      {
        sql: 'SELECT status, MEASURE(count) AS n FROM subscriptions GROUP BY 1 ORDER BY 1',
        rows: [
          ['active', 3],
          ['churned', 1],
        ],
      },
      {
        sql: "SELECT DATE_TRUNC('day', ts) AS d, MEASURE(dau) AS u FROM activity GROUP BY 1 ORDER BY 1",
        rows: [
          ['2024-03-01', 2],
          ['2024-03-02', 1],
        ],
      },
      {
        // Cube's recipe uses a rolling count_distinct: loaded, and refused by name when queried.
        sql: "SELECT DATE_TRUNC('day', ts) AS d, MEASURE(mau) AS m FROM activity GROUP BY 1",
        refused: /mau is a rolling window over a count_distinct measure/,
      },
    ],
  },
  {
    name: 'web_analytics_js',
    source: 'Cube docs recipe "Event analytics", in the JavaScript style of pre-2023 projects',
    cases: [
      {
        sql: 'SELECT eventType, MEASURE(count) AS n FROM Events GROUP BY 1 ORDER BY 1',
        rows: [
          ['click', 1],
          ['page_view', 4],
        ],
      },
      {
        // Sessions s1 (2 events), s2 (1: bounced), s3 (2).
        sql: 'SELECT MEASURE(count) AS s, MEASURE(bounced) AS b, MEASURE(averageEvents) AS a FROM Sessions',
        rows: [[3, 1, 1.6667]],
      },
      { sql: 'SELECT MEASURE(pageViews) AS pv FROM Events', rows: [[4]] },
    ],
  },
  {
    name: 'finance',
    source: 'Cube docs recipes "Period-over-period" and "Custom granularity"',
    cases: [
      {
        // Fiscal years from April: 2023-02-10 is in FY 2022, 2023-05-01 and 2024-02-01 in FY 2023.
        sql: 'SELECT fiscal_year, MEASURE(revenue) AS r FROM transactions GROUP BY 1 ORDER BY 1',
        rows: [
          ['2022-04-01', 100],
          ['2023-04-01', 250],
          ['2024-04-01', -30],
        ],
      },
      {
        sql: "SELECT DATE_TRUNC('year', booked_at) AS y, MEASURE(revenue) AS r, MEASURE(revenue_prior_year) AS p FROM transactions GROUP BY 1 ORDER BY 1",
        rows: [
          ['2023-01-01', 150, null],
          ['2024-01-01', 170, 150],
        ],
      },
      {
        sql: 'SELECT direction, MEASURE(count) AS n FROM transactions GROUP BY 1 ORDER BY 1',
        rows: [
          ['credit', 3],
          ['debit', 1],
        ],
      },
    ],
  },
  {
    name: 'multi_tenant',
    source: 'Cube docs, "Multitenancy" and "Context variables"',
    cases: [
      {
        sql: 'SELECT status, MEASURE(total) AS t FROM orders GROUP BY 1 ORDER BY 1',
        user: tenant('acme'),
        rows: [
          ['open', 20],
          ['paid', 10],
        ],
      },
      { sql: 'SELECT MEASURE(total) AS t FROM orders', user: tenant('globex'), rows: [[300]] },
      // No tenant in the security context: no rows (Cube would render `1 = 1`; here it is `1 = 0`).
      { sql: 'SELECT MEASURE(count) AS n FROM orders', user: tenant(), rows: [[0]] },
    ],
  },
  {
    name: 'js_users_orders',
    source:
      'third-party JavaScript projects nelsieborja/cubejs and felipebaloneker/Cubejs-React (schema/Users.js)',
    cases: [
      {
        sql: 'SELECT city, MEASURE(count) AS n FROM Users GROUP BY 1 ORDER BY 1',
        rows: [
          ['Berlin', 2],
          ['Rome', 1],
        ],
      },
      {
        sql: 'SELECT userCity, MEASURE(totalAmount) AS t FROM Orders GROUP BY 1 ORDER BY 1',
        rows: [
          ['Berlin', 100],
          ['Rome', 10],
        ],
      },
      { sql: "SELECT MEASURE(averageAmount) AS a FROM Orders WHERE status = 'shipped'", rows: [[50]] },
    ],
  },
  {
    name: 'views_heavy',
    source: 'Cube docs, "Views" and "Multi-fact views"',
    cases: [
      {
        // Bob's 1 order x 3 tickets repeat his rows: each measure still counts its own rows once.
        sql: 'SELECT segment, MEASURE(count) AS customers, MEASURE(orders_total) AS revenue, MEASURE(ticket_count) AS tickets FROM customer_360 GROUP BY 1 ORDER BY 1',
        rows: [
          ['enterprise', 1, 500, 3],
          ['smb', 2, 150, 1],
        ],
      },
      {
        sql: 'SELECT name, MEASURE(ticket_count) AS t FROM customer_360_ext GROUP BY 1 ORDER BY 1',
        rows: [
          ['Ann', 1],
          ['Bob', 3],
          ['Cy', 0],
        ],
      },
    ],
  },
  {
    name: 'jinja_heavy',
    source: 'Cube docs, "Jinja"',
    cases: [
      {
        sql: 'SELECT MEASURE(north_amount) AS n, MEASURE(south_amount) AS s, MEASURE(total_amount) AS t FROM sales',
        rows: [[15, 20, 35]],
      },
      { sql: 'SELECT MEASURE(count) AS n FROM web_events', rows: [[2]] },
      { sql: 'SELECT MEASURE(count) AS n FROM store_events', rows: [[1]] },
    ],
  },
  {
    name: 'eav',
    source: 'Cube docs recipe "Entity-attribute-value model"',
    cases: [
      {
        sql: 'SELECT plan, MEASURE(count) AS n FROM users GROUP BY 1 ORDER BY 1',
        rows: [
          ['free', 1],
          ['pro', 1],
          [null, 1],
        ],
      },
      { sql: "SELECT name FROM users WHERE country = 'DE'", rows: [['Cy']] },
    ],
  },
  {
    name: 'filtered_aggregates',
    source: 'Cube docs recipe "Filtered aggregates" and the segments reference',
    cases: [
      {
        sql: 'SELECT MEASURE(completed_count) AS c, MEASURE(completed_share) AS s FROM orders',
        rows: [[2, 50]],
      },
      { sql: 'SELECT MEASURE(count) AS n FROM orders WHERE big', rows: [[2]] },
      { sql: 'SELECT MEASURE(total) AS t FROM orders WHERE big AND completed', rows: [[150]] },
    ],
  },
  {
    name: 'percentiles',
    source: 'Cube docs recipe "Percentiles"',
    cases: [
      {
        // Over 10, 20, 30, 40: the median 25; the 90th percentile 30 + 0.7 x 10.
        sql: 'SELECT MEASURE(p50) AS m, MEASURE(p90) AS p, MEASURE(average) AS a FROM deliveries',
        rows: [[25, 37, 25]],
      },
    ],
  },
  {
    name: 'snapshots',
    source: 'Cube docs recipe "Snapshots"',
    cases: [
      {
        sql: "SELECT snapshot_date, MEASURE(count) AS n FROM order_snapshots WHERE status = 'shipped' GROUP BY 1 ORDER BY 1",
        rows: [
          ['2024-01-02', 1],
          ['2024-01-03', 1],
        ],
      },
      {
        sql: 'SELECT snapshot_date, MEASURE(count) AS n FROM order_snapshots GROUP BY 1 ORDER BY 1',
        rows: [
          ['2024-01-01', 1],
          ['2024-01-02', 2],
          ['2024-01-03', 2],
        ],
      },
    ],
  },
  {
    name: 'bigquery_public',
    source: 'cube-js/cube example "bigquery-public-datasets"',
    cases: [
      {
        sql: 'SELECT country, MEASURE(cases) AS c FROM daily_cases GROUP BY 1 ORDER BY 1',
        rows: [
          ['FR', 25],
          ['IT', 30],
        ],
      },
      { sql: 'SELECT MEASURE(countries) AS n FROM daily_cases', rows: [[2]] },
      {
        // A BigQuery project is not a DuckDB catalog: the name is kept, in DuckDB's quoting.
        sql: 'SELECT country FROM covid',
        compiled: 'FROM "bigquery-public-data"."covid19_open_data"."covid19_open_data" AS "covid"',
      },
    ],
  },
  {
    name: 'calendar',
    source: 'Cube docs, "Calendar cubes"',
    cases: [
      {
        // Retail weeks start on Sunday: March 3 and 8 in the week of March 2, March 9 in its own.
        sql: 'SELECT retail_week, MEASURE(revenue) AS r FROM sales GROUP BY 1 ORDER BY 1',
        rows: [
          ['2025-03-02', 30],
          ['2025-03-09', 5],
        ],
      },
    ],
  },
  {
    name: 'calculated_members',
    source: 'Cube docs, "Calculated members"',
    cases: [
      {
        sql: 'SELECT user_city, MEASURE(total) AS t FROM orders GROUP BY 1 ORDER BY 1',
        rows: [
          ['Bergen', 5],
          ['Oslo', 40],
        ],
      },
      {
        sql: 'SELECT name, order_total FROM users ORDER BY 1',
        rows: [
          ['Ann', 40],
          ['Bob', 5],
          ['Cy', null],
        ],
      },
      {
        // 45 over the 2 users who have orders (the query joins users to orders, as Cube does).
        sql: 'SELECT MEASURE(total_per_user) AS a FROM orders',
        rows: [[22.5]],
      },
    ],
  },
  {
    name: 'extends_hierarchies',
    source: 'Cube docs, "Extending cubes" and the hierarchies reference',
    cases: [
      {
        sql: 'SELECT country, MEASURE(count) AS n FROM signups GROUP BY 1 ORDER BY 1',
        rows: [
          ['NO', 1],
          ['SE', 1],
        ],
      },
      { sql: 'SELECT MEASURE(count) FROM base_events', refused: /Unknown table base_events/ },
    ],
  },
  {
    name: 'ecom_dashboard_js',
    source: 'third-party project abdellahelaaroub/E-com-Analytics-Dashboard (model/cubes/orders.js)',
    cases: [
      {
        sql: 'SELECT users_city, products_category, MEASURE(number) AS n FROM orders_overview GROUP BY 1, 2 ORDER BY 1, 2',
        rows: [
          ['Austin', 'books', 2],
          ['Austin', 'games', 1],
          ['Denver', 'games', 5],
        ],
      },
      {
        sql: "SELECT status, MEASURE(count) AS c FROM orders WHERE created_at >= TIMESTAMP '2024-01-02' GROUP BY 1 ORDER BY 1",
        rows: [
          ['completed', 1],
          ['processing', 1],
        ],
      },
    ],
  },
  {
    name: 'saas_tenants_js',
    source: 'third-party project gautamjsingh/saas_analytics (model/cubes/*.js)',
    cases: [
      {
        sql: 'SELECT tenant_name, MEASURE(count) AS apps, MEASURE(stale) AS stale FROM application GROUP BY 1 ORDER BY 1',
        rows: [
          ['Hooli', 1, 1],
          ['Initech', 2, 1],
        ],
      },
      { sql: 'SELECT MEASURE(count) AS n FROM tenant', rows: [[2]] },
    ],
  },
  {
    name: 'broken_join_path',
    source: 'the upstream breakage of two third-party projects: a view join_path with no declared join',
    cases: [],
    broken: {
      file: 'model.yml',
      path: 'views[0].cubes[1].join_path',
      message: /orders has no join to products/,
    },
  },
];
