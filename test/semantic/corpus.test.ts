/**
 * The corpus of small Cube projects (corpus/cases.ts): each loads unchanged from its folder as it would be pushed
 * (YAML, Jinja, JavaScript), and its queries compile and run on DuckDB with the numbers worked out by hand.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import {
  closeDrivers,
  compileSql,
  loadModelDir,
  ModelValidationError,
  parseModel,
  runQuery,
} from '../../functions/semantic';
import { CORPUS } from './corpus/cases';
import { EVERYONE, normalised } from './engines';

const root = new URL('./corpus/', import.meta.url).pathname;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'corpus-'));
  for (const project of CORPUS) {
    const instance = await DuckDBInstance.create(join(dir, `${project.name}.duckdb`));
    const connection = await instance.connect();
    const seed = readFileSync(join(root, project.name, 'seed.sql'), 'utf8');
    for (const statement of seed.split(/;\s*\n/).filter((s) => s.trim())) await connection.run(statement);
    await connection.run('CHECKPOINT');
    connection.closeSync();
    instance.closeSync();
  }
});

afterAll(async () => {
  await closeDrivers();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(CORPUS)('$name ($source)', ({ name, cases, broken }) => {
  test(
    broken
      ? 'is refused naming the file, the path and the cause'
      : 'loads unchanged; its queries compile and run on DuckDB',
    async () => {
      const files = await loadModelDir(join(root, name, 'model'));
      if (broken) {
        expect(() => parseModel(files)).toThrow(ModelValidationError);
        try {
          parseModel(files);
        } catch (error) {
          expect((error as ModelValidationError).issues).toEqual([
            { file: broken.file, path: broken.path, message: expect.stringMatching(broken.message) },
          ]);
        }
        return;
      }
      const model = parseModel(files);
      const source = { kind: 'duckdb' as const, database: join(dir, `${name}.duckdb`) };
      for (const c of cases) {
        const user = c.user ?? EVERYONE;
        if (c.refused) {
          await expect(runQuery({ model, user, sql: c.sql, source, maxRows: 50 })).rejects.toThrow(c.refused);
          continue;
        }
        if (c.compiled) {
          expect((await compileSql(model, user, c.sql, 'duckdb')).sql).toContain(c.compiled);
          continue;
        }
        const result = await runQuery({ model, user, sql: c.sql, source, maxRows: 50 });
        expect({ sql: c.sql, rows: normalised(result.data, 4) }).toEqual({ sql: c.sql, rows: c.rows });
      }
    },
  );
});
