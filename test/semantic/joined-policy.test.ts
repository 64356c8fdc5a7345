/**
 * A view joining a cube whose own policy hides rows the root cube allows (joined-policy.ts), on DuckDB: the
 * joined cube's filter is in the secured SQL, and the rows are exactly those both policies allow.
 */
import { closeDrivers, compileSql, type DataModel, parseModel, runQuery } from '../../functions/semantic';
import { duckDbFile } from '../support/duckdb-file';
import { JOINED_CASES, JOINED_DATA, JOINED_MODEL, northAuditor, northUser } from './joined-policy';

let file: Awaited<ReturnType<typeof duckDbFile>> | undefined;
let database: string;
const model: DataModel = parseModel([{ path: 'joined.yml', content: JOINED_MODEL }]);

beforeAll(async () => {
  file = await duckDbFile('joined', JOINED_DATA);
  ({ database } = file);
});

afterAll(async () => {
  await closeDrivers();
  file?.remove();
});

describe('a joined cube brings its own policy (DuckDB)', () => {
  test.each(JOINED_CASES)('%s', async (_name, user, sql, rows) => {
    const result = await runQuery({ model, user, sql, source: { kind: 'duckdb', database }, maxRows: 100 });
    expect(result.data.map((row) => row.map((v) => (typeof v === 'bigint' ? Number(v) : v)))).toEqual(rows);
  });

  test("the secured SQL filters the joined cube's rows, for an auditor too", async () => {
    const auditor = await compileSql(model, northAuditor, 'SELECT id, buyers_name FROM sales_view', 'duckdb');
    expect(auditor.sql).toContain(' WHERE (("buyers"."region" = $1))');
    expect(auditor.sql).not.toContain('"sales"."region" =');
    expect(auditor.params).toEqual(['north']);
    const user = await compileSql(model, northUser, 'SELECT id, buyers_name FROM sales_view', 'duckdb');
    expect(user.sql).toContain(' WHERE (("sales"."region" = $1)) AND (("buyers"."region" = $2))');
    expect(user.params).toEqual(['north', 'north']);
    // Reading only the root's columns joins nothing else.
    const root = await compileSql(model, northUser, 'SELECT id FROM sales_view', 'duckdb');
    expect(root.sql).not.toContain('buyers');
    const vip = await compileSql(model, northUser, 'SELECT id FROM vip_sales', 'duckdb');
    expect(vip.sql).toContain('LEFT JOIN');
    expect(vip.sql).toContain('"buyers"."region" = $2');
    expect(vip.sql).toContain('"buyers"."name" NOT IN ($3)');
  });
});
