/** Issue 30: the demo data is built once (into the DuckDB layer) and opened from there, not rebuilt per cold start. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setEnv } from '../../functions/config';
import { ensureSampleDatabase, SAMPLE_VERSION } from '../../functions/semantic/sample-data';

let prebuilt: string;
let scratch: string;

beforeAll(async () => {
  prebuilt = await mkdtemp(path.join(tmpdir(), 'prebuilt-'));
  scratch = await mkdtemp(path.join(tmpdir(), 'scratch-'));
});
afterAll(async () => {
  setEnv({ SAMPLE_DATA_DIR: undefined, SAMPLE_ORDERS: undefined, DATA_DIR: undefined });
  await rm(prebuilt, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

test('a prebuilt dataset of this version and size is used as it is; another size is generated', async () => {
  const name = `sample-v${SAMPLE_VERSION}-1000000.duckdb`;
  // Not a database: proof that it is returned without being opened or rebuilt.
  await writeFile(path.join(prebuilt, name), 'prebuilt');
  setEnv({ SAMPLE_DATA_DIR: prebuilt, DATA_DIR: scratch, SAMPLE_ORDERS: '1000000' });
  expect(await ensureSampleDatabase()).toBe(path.join(prebuilt, name));
  setEnv({ SAMPLE_ORDERS: '300' });
  expect(await ensureSampleDatabase()).toBe(path.join(scratch, `sample-v${SAMPLE_VERSION}-300.duckdb`));
});
