/**
 * Checks the layer map (.dependency-cruiser.cjs, functions/README.md) with dependency-cruiser's API: its CLI
 * refuses Node 20, which this project supports. Prints each forbidden import and exits 1 when there is one.
 */
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const { forbidden, options } = require('../.dependency-cruiser.cjs');

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
