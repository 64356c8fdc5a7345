/**
 * The corpus of small Cube projects (corpus/cases.ts): each loads unchanged from its folder as it would be pushed
 * (YAML, Jinja, JavaScript), and its queries compile and run on DuckDB and PostgreSQL with the numbers worked out
 * by hand; a project broken upstream is refused naming the file, the path and the cause.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  closeDrivers,
  compileSql,
  type DataSource,
  loadModelDir,
  ModelValidationError,
  parseModel,
  runQuery,
} from '../../functions/semantic';
import { writeDuckDb } from '../support/duckdb-file';
import { CORPUS } from './corpus/cases';
import { EVERYONE, normalised } from './engines';
import { startPostgres, type TestPostgres } from './postgres';

const root = new URL('./corpus/', import.meta.url).pathname;
let dir: string;
let postgres: TestPostgres | undefined;

const seedOf = (name: string) =>
  readFileSync(join(root, name, 'seed.sql'), 'utf8')
    .split(/;\s*\n/)
    .filter((s) => s.trim());
/** One PostgreSQL database per project (their table names overlap). */
const pgUrl = (name: string) => (postgres?.connectionString ?? '').replace(/\/postgres$/, `/corpus_${name}`);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'corpus-'));
  postgres = await startPostgres(1);
  const admin = new pg.Client({ connectionString: postgres.connectionString });
  await admin.connect();
  try {
    for (const project of CORPUS) await admin.query(`CREATE DATABASE corpus_${project.name}`);
  } finally {
    await admin.end();
  }
  for (const project of CORPUS) {
    await writeDuckDb(join(dir, `${project.name}.duckdb`), seedOf(project.name));
    const client = new pg.Client({ connectionString: pgUrl(project.name) });
    await client.connect();
    try {
      for (const statement of seedOf(project.name)) await client.query(statement);
    } finally {
      await client.end();
    }
  }
}, 120_000);

afterAll(async () => {
  await closeDrivers();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The load issues of a model that must not load. */
function issuesOf(files: Parameters<typeof parseModel>[0]): unknown[] {
  try {
    parseModel(files);
  } catch (error) {
    if (error instanceof ModelValidationError) return error.issues;
    throw error;
  }
  return [];
}

describe.each(CORPUS.filter((p) => p.broken))('$name ($source)', ({ name, broken }) => {
  test('is refused naming the file, the path and the cause', async () => {
    const files = await loadModelDir(join(root, name, 'model'));
    expect(issuesOf(files)).toEqual([
      { file: broken?.file, path: broken?.path, message: expect.stringMatching(broken?.message ?? /./) },
    ]);
  });
});

describe.each(CORPUS.filter((p) => !p.broken))('$name ($source)', ({ name, cases }) => {
  test('loads unchanged; its queries run on DuckDB and PostgreSQL', async () => {
    const model = parseModel(await loadModelDir(join(root, name, 'model')));
    const sources: DataSource[] = [
      { kind: 'duckdb', database: join(dir, `${name}.duckdb`) },
      { kind: 'postgres', connectionString: pgUrl(name) },
    ];
    for (const c of cases) {
      const user = c.user ?? EVERYONE;
      if (c.compiled) {
        expect((await compileSql(model, user, c.sql, 'duckdb')).sql).toContain(c.compiled);
        continue;
      }
      for (const source of sources) {
        const run = runQuery({ model, user, sql: c.sql, source, maxRows: 50, timeoutMs: 20_000 });
        if (c.refused) {
          await expect(run).rejects.toThrow(c.refused);
          continue;
        }
        const rows = normalised((await run).data, 4);
        expect({ engine: source.kind, sql: c.sql, rows }).toEqual({
          engine: source.kind,
          sql: c.sql,
          rows: c.rows,
        });
      }
    }
  });
});
