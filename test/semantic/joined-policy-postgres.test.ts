/**
 * The joined-cube policy cases of joined-policy.ts on a real PostgreSQL (the DuckDB twin is joined-policy.test.ts;
 * this one stays out of the mutation run, which would start a server per mutant).
 */
import pg from 'pg';
import { closeDrivers, compileSql, type DataModel, parseModel, runQuery } from '../../functions/semantic';
import { JOINED_CASES, JOINED_DATA, JOINED_MODEL, northAuditor } from './joined-policy';
import { startPostgres, type TestPostgres } from './postgres';

let postgres: TestPostgres;
const model: DataModel = parseModel([{ path: 'joined.yml', content: JOINED_MODEL }]);

beforeAll(async () => {
  postgres = await startPostgres(0);
  const client = new pg.Client({ connectionString: postgres.connectionString });
  await client.connect();
  for (const statement of JOINED_DATA) await client.query(statement.replace(/VARCHAR/g, 'text'));
  await client.end();
}, 120_000);

afterAll(async () => {
  await closeDrivers();
  await postgres?.stop();
});

describe('a joined cube brings its own policy (PostgreSQL)', () => {
  test.each(JOINED_CASES)('%s', async (_name, user, sql, rows) => {
    const result = await runQuery({
      model,
      user,
      sql,
      source: { kind: 'postgres', connectionString: postgres.connectionString },
      maxRows: 100,
    });
    expect(
      result.data.map((row) => row.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v))),
    ).toEqual(rows);
  });

  test("the secured SQL filters the joined cube's rows", async () => {
    const auditor = await compileSql(
      model,
      northAuditor,
      'SELECT id, buyers_name FROM sales_view',
      'postgres',
    );
    expect(auditor.sql).toContain(' WHERE (("buyers"."region" = $1))');
    expect(auditor.params).toEqual(['north']);
  });
});
