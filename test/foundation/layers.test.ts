/**
 * The layer map of functions/README.md holds: dependency-cruiser finds no forbidden import
 * (.dependency-cruiser.cjs). scripts/check-layers.mjs runs the same check from the command line.
 */
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const { forbidden, options } = require('../../.dependency-cruiser.cjs') as {
  forbidden: unknown[];
  options: Record<string, unknown>;
};

async function violations(paths: string[]) {
  const result = await cruise(paths, { ...options, validate: true, ruleSet: { forbidden } } as never);
  const output = result.output;
  if (typeof output === 'string') throw new Error('expected a structured result');
  return { cruised: output.summary.totalCruised, found: output.summary.violations };
}

test('functions/ and lib/ import only down the layer map', async () => {
  const { cruised, found } = await violations(['functions', 'lib']);
  expect(cruised).toBeGreaterThan(100);
  expect(found.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
}, 120_000);

// No violation is only meaningful if imports resolve: a cruise that resolved nothing would find none.
test('imports of TypeScript modules resolve to files', async () => {
  const result = await cruise(['functions/store/sessions.ts'], { ...options } as never);
  const output = result.output;
  if (typeof output === 'string') throw new Error('expected a structured result');
  const sessions = output.modules.find((m) => m.source === 'functions/store/sessions.ts');
  expect(sessions?.dependencies.map((d) => d.resolved)).toContain('functions/store/client.ts');
}, 120_000);
