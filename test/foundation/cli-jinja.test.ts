import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runCommand } from '../../functions/admin/cli';
import { loadModelDir } from '../../functions/semantic';
import type { Store } from '../../functions/store/client';
import { deployments } from '../../functions/store/deployments';
import { freshStore } from '../support/store';

/**
 * `model push` renders a model's Jinja on the operator's machine, with its AWS credentials: the escape from the
 * security review (issue 25) ran code there through nunjucks. The CLI uses the service's renderer, and a model
 * with such a template is refused MODEL_INVALID, naming file and line, with nothing stored.
 */
const run = promisify(execFile);
let store: Store;
let dir: string;

const ESCAPE = 'cubes: []\n{{ range["constr" ~ "uctor"]("process.stdout.write(\'PWNED\')")() }}\n';

const cli = (...argv: string[]) => runCommand(store, argv, loadModelDir);
const push = (branch: string, modelDir: string) =>
  cli('model', 'push', '--account', 'jinja', '--deployment', '7', '--branch', branch, '--dir', modelDir);

function modelDir(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(dir, 'model-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

beforeAll(async () => {
  store = await freshStore();
  dir = mkdtempSync(path.join(tmpdir(), 'cli-jinja-'));
  await cli('account', 'create', '--name', 'jinja', '--plan', 'enterprise');
  await cli(
    'deployment',
    'create',
    '--account',
    'jinja',
    '--id',
    '7',
    '--name',
    'J',
    '--postgres',
    'postgres://db/x',
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('model push renders Jinja with the sandboxed renderer', () => {
  test('the escape is MODEL_INVALID naming the file and line, and no version is stored', async () => {
    const pwnDir = modelDir({ 'model/cubes/pwn.yml': ESCAPE });
    await expect(push('pwn', pwnDir)).rejects.toMatchObject({
      code: 'MODEL_INVALID',
      message: expect.stringContaining(
        'model/cubes/pwn.yml: line 2, column 9: Jinja: ["constructor"]: "constructor" is an interpreter internal (refused)',
      ),
    });
    expect(await deployments.getModel(store, 'jinja', 7, 'pwn')).toBeUndefined();
  });

  test('a Jinja model with macros, an import and a compile context is stored; its Python file is noted, not run', async () => {
    const good = modelDir({
      'compile_context.json': '{"regions": ["north", "south"]}',
      'model/macros/count.jinja':
        '{%- macro count() %}\n      - name: count\n        type: count\n{%- endmacro %}',
      'model/globals.py':
        "from cube import TemplateContext\ntemplate = TemplateContext()\n@template.function('load_data')\ndef load_data():\n  raise SystemExit(1)\n",
      'model/cubes/orders.yml.jinja': [
        '{%- import "macros/count.jinja" as m %}',
        'cubes:',
        '{%- for region in COMPILE_CONTEXT.regions %}',
        '  - name: {{ region }}_orders',
        '    sql_table: orders',
        '    measures:',
        '{{ m.count() }}',
        '{%- endfor %}',
      ].join('\n'),
    });
    expect(await push('good', good)).toMatchObject({
      branch: 'good',
      version: 1,
      notes: [expect.stringMatching(/^model\/globals\.py: \(root\): Python is not run here/)],
    });
    expect((await deployments.getModel(store, 'jinja', 7, 'good'))?.files.map((f) => f.path)).toEqual([
      'compile_context.json',
      'model/cubes/orders.yml.jinja',
      'model/globals.py',
      'model/macros/count.jinja',
    ]);
  });

  test('the admin binary refuses the escape with exit code 1 and MODEL_INVALID, and the payload never runs', async () => {
    const pwnDir = modelDir({ 'model/cubes/pwn.yml': ESCAPE });
    const env = {
      ...process.env,
      TABLE_NAME: store.tableName,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    const argv = [
      'model',
      'push',
      '--account',
      'jinja',
      '--deployment',
      '7',
      '--branch',
      'bin',
      '--dir',
      pwnDir,
    ];
    const failed = await run(process.execPath, ['--import', 'tsx', 'bin/admin.ts', ...argv], { env }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect('code' in failed && failed.code).toBe(1);
    expect(JSON.parse(failed.stderr)).toMatchObject({
      code: 'MODEL_INVALID',
      error: expect.stringContaining('model/cubes/pwn.yml: line 2, column 9'),
    });
    expect(failed.stdout).not.toContain('PWNED');
    expect(await deployments.getModel(store, 'jinja', 7, 'bin')).toBeUndefined();
  }, 60_000);
});
