/**
 * Builds the demo dataset into a directory: `node --import tsx bin/sample-data.ts <dir> <orders>`. The stack runs
 * it once per change of the generator, into the DuckDB layer the data functions open it from (lib/duckdb-asset.ts).
 */
import { ensureSampleDatabase } from '../functions/semantic/sample-data';

const [dir, orders] = process.argv.slice(2);
if (!dir || !orders || !/^\d+$/.test(orders)) {
  process.stderr.write('usage: node --import tsx bin/sample-data.ts <dir> <orders>\n');
  process.exit(2);
}
process.stdout.write(`${await ensureSampleDatabase(dir, Number(orders))}\n`);
