/**
 * The layer map holds: dependency-cruiser finds no forbidden import and no circle (type-only ones included) in
 * functions/ and lib/, the README table is the one scripts/layers.cjs generates, and the check does fail on each
 * kind of forbidden import (fixtures written to a temporary tree).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const { forbidden, options } = require('../../.dependency-cruiser.cjs') as {
  forbidden: unknown[];
  options: Record<string, unknown>;
};
const { readmeTable } = require('../../scripts/layers.cjs') as { readmeTable(): string };

async function violations(paths: string[], baseDir?: string) {
  const { tsConfig: _tsConfig, ...withoutTsConfig } = options;
  const result = await cruise(paths, {
    ...(baseDir ? { ...withoutTsConfig, baseDir } : options),
    validate: true,
    ruleSet: { forbidden },
  } as never);
  const output = result.output;
  if (typeof output === 'string') throw new Error('expected a structured result');
  return {
    cruised: output.summary.totalCruised,
    found: output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`),
  };
}

test('functions/ and lib/ import only as the layer map says', async () => {
  const { cruised, found } = await violations(['functions', 'lib']);
  expect(cruised).toBeGreaterThan(100);
  expect(found).toEqual([]);
}, 120_000);

// No violation is only meaningful if imports resolve: a cruise that resolved nothing would find none.
test('imports of TypeScript modules resolve to files', async () => {
  const result = await cruise(['functions/store/sessions.ts'], { ...options } as never);
  const output = result.output;
  if (typeof output === 'string') throw new Error('expected a structured result');
  const sessions = output.modules.find((m) => m.source === 'functions/store/sessions.ts');
  expect(sessions?.dependencies.map((d) => d.resolved)).toContain('functions/store/client.ts');
}, 120_000);

test('the README table is the one generated from scripts/layers.cjs', () => {
  const cells = (table: string) =>
    table
      .split('\n')
      .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()));
  const readme = readFileSync(new URL('../../functions/README.md', import.meta.url), 'utf8');
  const table = /\| Layer \(top to bottom\)[^\n]*\n(\|[^\n]*\n)+/.exec(readme)?.[0] ?? '';
  expect(cells(table)).toEqual(cells(readmeTable()));
});

/** Writes `files` under a temporary functions/ and returns the violations the layer check finds there. */
async function violationsIn(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      const file = join(root, 'functions', path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${text}\n`);
    }
    return (await violations(['functions'], root)).found;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// The rules above are only worth their failures if what they allow still passes: the pipeline reads the model
// and the shared modules, the model reads the shared modules.
test('the query pipeline may import the model and the shared modules, the model the shared modules', async () => {
  const found = await violationsIn({
    'semantic/ast.ts': 'export const ast = 1;',
    'semantic/target.ts': "import { ast } from './ast';\nexport const t = ast;",
    'semantic/params.ts': 'export const p = 1;',
    'semantic/model/m.ts':
      "import { ast } from '../ast';\nimport { p } from '../params';\nimport { t } from '../target';\nexport const m = ast + p + t;",
    'semantic/sql/s.ts':
      "import { ast } from '../ast';\nimport { m } from '../model/m';\nexport const s = ast + m;",
    'semantic/compiler.ts':
      "import { m } from './model/m';\nimport { s } from './sql/s';\nexport const c = m + s;",
  });
  expect(found).toEqual([]);
}, 60_000);

describe('the check fails on each kind of forbidden import', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    [
      'semantic -> store',
      { 'semantic/a.ts': "import { s } from '../store/s';\nexport const a = s;" },
      /layer-semantic/,
    ],
    [
      'embed -> semantic',
      { 'embed/a.ts': "import { s } from '../semantic/s';\nexport const a = s;" },
      /layer-embed/,
    ],
    [
      'access -> query',
      { 'access/a.ts': "import { s } from '../query/s';\nexport const a = s;" },
      /layer-access/,
    ],
    [
      'query -> agent',
      { 'query/a.ts': "import { s } from '../agent/s';\nexport const a = s;" },
      /layer-query/,
    ],
    ['http -> chat', { 'http/a.ts': "import { s } from '../chat/s';\nexport const a = s;" }, /layer-http/],
    [
      'a type-only import across layers',
      { 'store/a.ts': "import type { S } from '../semantic/s';\nexport type A = S;" },
      /layer-store/,
    ],
    [
      'a type-only circle',
      {
        'semantic/a.ts': "import type { B } from './b';\nexport type A = { b?: B };",
        'semantic/b.ts': "import type { A } from './a';\nexport type B = { a?: A };",
      },
      /no-circular/,
    ],
    [
      'the model importing the query pipeline',
      {
        'semantic/sql/s.ts': 'export const s = 1;',
        'semantic/model/a.ts': "import { s } from '../sql/s';\nexport const a = s;",
      },
      /layer-model: functions\/semantic\/model\/a\.ts -> functions\/semantic\/sql\/s\.ts/,
    ],
    [
      "the model importing the query pipeline's types",
      {
        'semantic/compiler.ts': 'export type Compiled = { sql: string };',
        'semantic/model/a.ts': "import type { Compiled } from '../compiler';\nexport type A = Compiled;",
      },
      /layer-model: functions\/semantic\/model\/a\.ts -> functions\/semantic\/compiler\.ts/,
    ],
    [
      'the model importing the dialect stage',
      {
        'semantic/dialect.ts': 'export const d = 1;',
        'semantic/model/a.ts': "import { d } from '../dialect';\nexport const a = d;",
      },
      /layer-model: functions\/semantic\/model\/a\.ts -> functions\/semantic\/dialect\.ts/,
    ],
    [
      'a module the model and the pipeline share importing the pipeline',
      {
        'semantic/sql/s.ts': 'export const s = 1;',
        'semantic/ast.ts': "import { s } from './sql/s';\nexport const a = s;",
      },
      /layer-sql-base: functions\/semantic\/ast\.ts -> functions\/semantic\/sql\/s\.ts/,
    ],
    [
      'a module the model and the pipeline share importing the model',
      {
        'semantic/model/m.ts': 'export const m = 1;',
        'semantic/target.ts': "import { m } from './model/m';\nexport const a = m;",
      },
      /layer-sql-base: functions\/semantic\/target\.ts -> functions\/semantic\/model\/m\.ts/,
    ],
    [
      'a driver importing another',
      { 'semantic/drivers/duckdb.ts': "import { s } from './postgres';\nexport const a = s;" },
      /drivers-are-independent/,
    ],
  ];
  test.each(cases)(
    '%s',
    async (_name, files, rule) => {
      const root = mkdtempSync(join(tmpdir(), 'layers-'));
      try {
        const all: Record<string, string> = {
          'semantic/s.ts': 'export const s = 1;\nexport type S = number;',
          'semantic/drivers/postgres.ts': 'export const s = 1;',
          'store/s.ts': 'export const s = 1;',
          'query/s.ts': 'export const s = 1;',
          'agent/s.ts': 'export const s = 1;',
          'chat/s.ts': 'export const s = 1;',
          ...files,
        };
        for (const [path, text] of Object.entries(all)) {
          const file = join(root, 'functions', path);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, `${text}\n`);
        }
        const { found } = await violations(['functions'], root);
        expect(found.join('\n')).toMatch(rule);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
