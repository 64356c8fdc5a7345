/**
 * Checks the layer map (.dependency-cruiser.cjs, functions/README.md) with dependency-cruiser's API: its CLI
 * refuses Node 20, which this project supports. Prints each forbidden import and exits 1 when there is one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const { forbidden, options } = require('../.dependency-cruiser.cjs');
const { readmeTable } = require('./layers.cjs');

// `--write`: the table in functions/README.md is generated from scripts/layers.cjs.
const readme = new URL('../functions/README.md', import.meta.url);
const TABLE = /\| Layer \(top to bottom\)[^\n]*\n(\|[^\n]*\n)+/;
if (process.argv.includes('--write')) {
  writeFileSync(readme, readFileSync(readme, 'utf8').replace(TABLE, `${readmeTable()}\n`));
}

const result = await cruise(['functions', 'lib'], { ...options, validate: true, ruleSet: { forbidden } });
const { summary } = result.output;
for (const violation of summary.violations) {
  console.error(`${violation.rule.name}: ${violation.from} -> ${violation.to}`);
}
if (summary.violations.length > 0) {
  console.error(`Layer map: ${summary.violations.length} forbidden imports (see functions/README.md)`);
  process.exit(1);
}
console.log(`Layer map: ${summary.totalCruised} modules, no forbidden imports`);
