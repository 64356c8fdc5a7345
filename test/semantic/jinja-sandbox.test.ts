import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { type ModelFile, ModelValidationError, parseModel } from '../../functions/semantic';
import { renderModelFiles } from '../../functions/semantic/model/jinja';

/**
 * A model's templates cannot reach JavaScript (issue 25): the escapes found in review, then generated member
 * lookups and calls on every kind of value, each refused with a MODEL_INVALID issue naming the file and line,
 * while getters planted on the built-in prototypes prove that no lookup ever reached a JavaScript object.
 */

const FILE = 'model/cubes/pwn.yml.jinja';

function issuesOf(files: ModelFile[]): { file: string; path: string; message: string }[] {
  try {
    parseModel(files);
  } catch (error) {
    if (error instanceof ModelValidationError) {
      expect(error.code).toBe('MODEL_INVALID');
      return error.issues;
    }
    throw error;
  }
  throw new Error('expected MODEL_INVALID');
}

const context = (json: object): ModelFile => ({
  path: 'compile_context.json',
  content: JSON.stringify(json),
});

describe('the escapes from the security review are refused at load', () => {
  test.each([
    ['{{ range["constr" ~ "uctor"]("return process.version")() }}', {}, 9],
    ['{{ range[COMPILE_CONTEXT.k]("return process.version")() }}', { k: 'constructor' }, 9],
    ['{{ cycler["con"+"structor"]("return process")() }}', {}, 10],
    ['{{ range.constructor("return process")() }}', {}, 10],
    ["{{ ''.__class__.__mro__[1].__subclasses__() }}", {}, 7],
    ['{{ cycler.__init__.__globals__.os.popen("id").read() }}', {}, 11],
    ['{{ "{0.constructor}".format(range) }}', {}, 21],
    ['{{ range | attr("constructor") }}', {}, 12],
    ['{{ [range] | map(attribute="con" ~ "structor") | list }}', {}, 14],
    ['{{ [{"a": 1}] | selectattr("__proto__") | list }}', {}, 17],
    ['{% set ns = namespace() %}{% set ns.__proto__ = 1 %}', {}, 34],
    ['{{ "%(constructor)s" % {"constructor": 1} }}', {}, 22],
    ['{{ {"k": 1}.get("__proto__") }}', {}, 12],
    ['{% macro n() %}constructor{% endmacro %}{{ range[n()] }}', {}, 49],
  ])('%s', (template, ctx, column) => {
    const issues = issuesOf([{ path: FILE, content: `cubes: []\n${template}` }, context(ctx)]);
    expect(issues).toEqual([
      { file: FILE, path: `line 2, column ${column}`, message: expect.stringMatching(/^Jinja: .*refused/) },
    ]);
  });

  test('compile_context.json keys that are internals are refused, at any depth, naming the line', () => {
    const content =
      '{\n  "regions": [\n    {"__proto__": {"x": 1}}\n  ],\n  "constructor": 1,\n  "ok": {"_id": 2}\n}';
    expect(
      issuesOf([
        { path: 'a.yml', content: 'cubes: []' },
        { path: 'compile_context.json', content },
      ]),
    ).toEqual([
      {
        file: 'compile_context.json',
        path: 'line 3: regions[0].__proto__',
        message: expect.stringMatching(/^key "__proto__" starts with "_"/),
      },
      {
        file: 'compile_context.json',
        path: 'line 5: constructor',
        message: expect.stringMatching(/^key "constructor" is an interpreter internal/),
      },
      {
        file: 'compile_context.json',
        path: 'line 6: ok._id',
        message: expect.stringMatching(/^key "_id" starts with "_"/),
      },
    ]);
    expect(
      issuesOf([
        { path: 'a.yml', content: 'cubes: []' },
        { path: 'compile_context.json', content: '[1]' },
      ]),
    ).toEqual([{ file: 'compile_context.json', path: '(root)', message: 'must be a JSON object' }]);
  });

  test('the renderer has no code generation: no eval, no Function, no nunjucks', () => {
    const dir = new URL('../../functions/semantic/model/jinja/', import.meta.url).pathname;
    for (const name of readdirSync(dir)) {
      const source = readFileSync(join(dir, name), 'utf8');
      expect(source).not.toMatch(
        /(?<![.\w])eval\s*\(|\bFunction\s*\(|new\s+Function\b|\brequire\s*\(|\bimport\s*\(|process\./,
      );
    }
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect({ ...pkg.dependencies, ...pkg.devDependencies }).not.toHaveProperty('nunjucks');
  });
});

/** Getters planted on every built-in prototype: they count any lookup that reaches JavaScript. */
function withCanaries<T>(run: () => T): { result: T; hits: string[] } {
  const hits: string[] = [];
  const prototypes: [string, object][] = [
    ['Object', Object.prototype],
    ['Function', Function.prototype],
    ['Array', Array.prototype],
    ['String', String.prototype],
    ['Number', Number.prototype],
    ['BigInt', BigInt.prototype],
    ['Boolean', Boolean.prototype],
    ['Map', Map.prototype],
    ['Set', Set.prototype],
    ['Error', Error.prototype],
  ];
  const saved = new Map<object, PropertyDescriptor | undefined>();
  for (const [name, proto] of prototypes) {
    Object.defineProperty(proto, 'pwnkey', {
      configurable: true,
      get() {
        hits.push(`${name}.pwnkey`);
        return () => 'PWNED';
      },
    });
  }
  // `constructor` read through Object or Function is how the review's escapes reached Function.
  for (const [name, proto] of [
    ['Object', Object.prototype],
    ['Function', Function.prototype],
  ] as const) {
    const original = Object.getOwnPropertyDescriptor(proto, 'constructor');
    saved.set(proto, original);
    Object.defineProperty(proto, 'constructor', {
      configurable: true,
      get() {
        hits.push(`${name}.constructor`);
        return original?.value;
      },
    });
  }
  try {
    return { result: run(), hits };
  } finally {
    for (const [, proto] of prototypes) delete (proto as { pwnkey?: unknown }).pwnkey;
    for (const [proto, descriptor] of saved)
      if (descriptor) Object.defineProperty(proto, 'constructor', descriptor);
  }
}

const DANGEROUS = [
  'constructor',
  'prototype',
  '__proto__',
  '__class__',
  '__mro__',
  'mro',
  '__globals__',
  '__init__',
  '__subclasses__',
  '__builtins__',
  '__defineGetter__',
  '__lookupGetter__',
  '_private',
  'valueOf',
  'toString',
  'hasOwnProperty',
  'call',
  'apply',
  'bind',
  'func_globals',
  'f_globals',
  'gi_frame',
];

/** How a template computes a name at run time: `prelude` lines define what `expr` uses. */
interface KeyForm {
  expr: string;
  prelude: string[];
  context?: Record<string, unknown>;
}

const q = (s: string) => JSON.stringify(s);

function keyForms(name: string): fc.Arbitrary<KeyForm> {
  return fc.integer({ min: 1, max: Math.max(1, name.length - 1) }).chain((cut) => {
    const [a, b] = [name.slice(0, cut), name.slice(cut)];
    const forms: KeyForm[] = [
      { expr: `${q(a)} ~ ${q(b)}`, prelude: [] },
      { expr: `(${q(a)} + ${q(b)})`, prelude: [] },
      { expr: `[${q(a)}, ${q(b)}] | join`, prelude: [] },
      { expr: `"{}{}".format(${q(a)}, ${q(b)})`, prelude: [] },
      { expr: `("%s%s" % (${q(a)}, ${q(b)}))`, prelude: [] },
      { expr: `${q(`${a}|${b}`)} | replace("|", "")`, prelude: [] },
      { expr: `${q([...name].reverse().join(''))} | reverse`, prelude: [] },
      { expr: `${q(` ${name} `)}.strip()`, prelude: [] },
      { expr: `${q(`x${name}x`)}[1:-1]`, prelude: [] },
      { expr: 'COMPILE_CONTEXT.k', prelude: [], context: { k: name } },
      { expr: 'COMPILE_CONTEXT["nested"]["k"]', prelude: [], context: { nested: { k: name } } },
      { expr: 'keyname()', prelude: [`{% macro keyname() %}${name}{% endmacro %}`] },
      { expr: 'ns.k', prelude: [`{% set ns = namespace(k=${q(name)}) %}`] },
      { expr: `{"k": ${q(name)}}.k`, prelude: [] },
      { expr: `[${q(name)}][0]`, prelude: [] },
      { expr: 'captured', prelude: [`{% set captured %}${name}{% endset %}`] },
      { expr: `(${q(a)} ~ ${q(b)}) | string | trim`, prelude: [] },
    ];
    return fc.constantFrom(...forms);
  });
}

/** A value of each kind, and the line prefix/suffix some need (a loop, a macro body). */
const BASES: { expr: string; wrap?: [string, string]; prelude?: string[] }[] = [
  { expr: 'range' },
  { expr: 'dict' },
  { expr: 'namespace' },
  { expr: 'cycler' },
  { expr: 'joiner' },
  { expr: 'cycler(1, 2)' },
  { expr: 'joiner(",")' },
  { expr: 'namespace(a=1)' },
  { expr: 'range(3)' },
  { expr: '"text"' },
  { expr: '[1, 2]' },
  { expr: '(1, 2)' },
  { expr: '{"a": 1}' },
  { expr: '1' },
  { expr: '1.5' },
  { expr: 'none' },
  { expr: 'true' },
  { expr: 'COMPILE_CONTEXT' },
  { expr: 'self' },
  { expr: 'lipsum' },
  { expr: 'm', prelude: ['{% macro m() %}x{% endmacro %}'] },
  { expr: 'mod', prelude: ['{% import "model/lib.jinja" as mod %}'] },
  { expr: 'loop', wrap: ['{% for i in [1] %}', '{% endfor %}'] },
  { expr: 'varargs', wrap: ['{% macro v() %}', '{% endmacro %}{{ v() }}'] },
  { expr: 'kwargs', wrap: ['{% macro w() %}', '{% endmacro %}{{ w() }}'] },
  { expr: '"abc".upper' },
  { expr: '{"a": 1}.items' },
  { expr: '{"a": {"b": 1}}.a' },
];

/** How the computed name is used on the value. */
const ACCESS: ((base: string, key: string) => string)[] = [
  (b, k) => `{{ ${b}[${k}] }}`,
  (b, k) => `{{ ${b}[${k}]("return process.version")() }}`,
  (b, k) => `{{ ${b}[${k}][${k}] }}`,
  (b, k) => `{{ ${b} | attr(${k}) }}`,
  (b, k) => `{{ [${b}] | map(attribute=${k}) | list }}`,
  (b, k) => `{{ [${b}] | selectattr(${k}) | list }}`,
  (b, k) => `{{ [${b}] | sort(attribute=${k}) }}`,
  (b, k) => `{{ ("{0." ~ (${k}) ~ "}").format(${b}) }}`,
  (b, k) => `{% set x = ${b}[${k}] %}`,
];

const LIB: ModelFile = { path: 'model/lib.jinja', content: '{% macro helper() %}h{% endmacro %}' };

interface Case {
  files: ModelFile[];
  line: number;
  template: string;
}

function caseOf(
  form: KeyForm,
  base: (typeof BASES)[number],
  access: (typeof ACCESS)[number],
  filler: number,
): Case {
  const [before, after] = base.wrap ?? ['', ''];
  const prelude = [...(base.prelude ?? []), ...form.prelude];
  const lines = [
    ...prelude,
    ...Array.from({ length: filler }, () => '# filler'),
    before + access(base.expr, form.expr) + after,
  ];
  const template = lines.join('\n');
  return {
    template,
    line: lines.length,
    files: [
      { path: FILE, content: template },
      { path: 'compile_context.json', content: JSON.stringify(form.context ?? {}) },
      LIB,
    ],
  };
}

const cases = (names: fc.Arbitrary<string>) =>
  fc
    .tuple(
      names.chain(keyForms),
      fc.constantFrom(...BASES),
      fc.constantFrom(...ACCESS),
      fc.integer({ min: 0, max: 3 }),
    )
    .map(([form, base, access, filler]) => caseOf(form, base, access, filler));

describe('generated lookups and calls never reach JavaScript', () => {
  test('a computed internal name is refused on every kind of value, naming the file and line', () => {
    fc.assert(
      fc.property(cases(fc.constantFrom(...DANGEROUS)), (c) => {
        const { result, hits } = withCanaries(() => renderModelFiles(c.files));
        expect(hits).toEqual([]);
        expect(result.files.map((f) => f.path)).not.toContain(FILE);
        expect(result.issues).toEqual([
          {
            file: FILE,
            path: expect.stringMatching(new RegExp(`^line ${c.line}, column \\d+$`)),
            message: expect.stringMatching(/^Jinja: .*(refused|starts with "_")/),
          },
        ]);
        // The same model through the loader is MODEL_INVALID with that issue.
        expect(issuesOf(c.files)).toEqual(result.issues);
      }),
      { numRuns: 400 },
    );
  });

  test('any other computed name finds no JavaScript member either: whatever the outcome, nothing reached JavaScript', () => {
    fc.assert(
      fc.property(cases(fc.constant('pwnkey')), (c) => {
        const { result, hits } = withCanaries(() => renderModelFiles(c.files));
        expect(hits).toEqual([]);
        for (const file of result.files) expect(file.content).not.toContain('PWNED');
        for (const issue of result.issues) {
          expect(issue).toEqual({
            file: FILE,
            path: expect.stringMatching(new RegExp(`^line ${c.line}, column \\d+$`)),
            message: expect.stringMatching(/^Jinja: /),
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  test('calling anything that is not a macro or a listed builtin is refused', () => {
    for (const template of [
      '{{ "abc"() }}',
      '{{ [1]() }}',
      '{{ {"a": 1}() }}',
      '{{ (1)() }}',
      '{{ none() }}',
      '{{ COMPILE_CONTEXT() }}',
      '{{ namespace()() }}',
      '{{ cycler(1)() }}',
      '{% for i in [1] %}{{ loop() }}{% endfor %}',
      '{% import "model/lib.jinja" as mod %}{{ mod() }}',
    ]) {
      const { result, hits } = withCanaries(() => renderModelFiles([{ path: FILE, content: template }, LIB]));
      expect(hits).toEqual([]);
      expect(result.issues).toEqual([
        {
          file: FILE,
          path: expect.stringMatching(/^line 1, column \d+$/),
          message: expect.stringMatching(/is not callable/),
        },
      ]);
    }
  });
});

describe('a template cannot exhaust the process', () => {
  const refused = (content: string, more: ModelFile[] = []) => {
    const started = performance.now();
    const { issues } = renderModelFiles([{ path: FILE, content }, ...more]);
    return {
      issues: issues.map((i) => `${i.file}: ${i.path}: ${i.message}`),
      ms: performance.now() - started,
    };
  };

  test.each([
    [
      'nested loops',
      '{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}',
      /more than 5000000 steps/,
    ],
    ['a huge string', '{{ "x" * 100000000 }}', /a string of 100000000 characters is longer than 4000000/],
    [
      'a huge output',
      '{% for i in range(50000) %}{{ "x" * 1000 }}{% endfor %}',
      /write more than 16000000 characters/,
    ],
    [
      'endless recursion',
      '{% macro r(n) %}{{ r(n) }}{% endmacro %}{{ r(1) }}',
      /macro r nests more than 64 calls deep/,
    ],
    ['a huge range', '{{ range(1000000) }}', /range\(\) of 1000000 items is longer than 100000/],
    ['a huge int', '{{ 2 ** 10000000 }}', /more than 100000 bits/],
    [
      'a doubling list',
      '{% set l = [1] %}{% for i in range(30) %}{% set l = l + l %}{% endfor %}',
      /a list of \d+ items is longer than 1000000/,
    ],
    [
      'indexing a 4 MB string in a loop',
      '{% set s = "x" * 4000000 %}{% for i in range(100000) %}{{ s[0] }}{% endfor %}',
      /more than 5000000 steps/,
    ],
    [
      'comparing 10000 copies of a big list',
      '{% set l = [] %}{% for i in range(10000) %}{% do l.append(range(100000) | list) %}{% endfor %}{{ l == l[::-1] }}',
      /more than 5000000 steps/,
    ],
    [
      'printing 10000 aliases of a big list',
      '{% set big = range(100000) | list %}{{ [big] * 10000 }}',
      /more than 5000000 steps/,
    ],
    [
      'upper-casing a 4 MB string in a loop',
      '{% set s = "x" * 4000000 %}{% for i in range(100000) %}{% set t = s.upper() %}{% endfor %}',
      /more than 5000000 steps/,
    ],
    ['1000 nested parentheses', `{{ ${'('.repeat(1000)}1${')'.repeat(1000)} }}`, /nested more than 200 deep/],
    [
      'a sum of 5000 terms',
      `{{ ${Array.from({ length: 5000 }, () => '1').join(' + ')} }}`,
      /nested more than 200 deep/,
    ],
    [
      '300 nested ifs',
      `${'{% if true %}'.repeat(300)}x${'{% endif %}'.repeat(300)}`,
      /blocks nested more than 200 deep/,
    ],
  ])('%s', (_label, content, message) => {
    const { issues, ms } = refused(content);
    expect(issues).toEqual([
      expect.stringMatching(new RegExp(`^${FILE}: line 1, column \\d+: Jinja: .*${message.source}`)),
    ]);
    // Refused by a limit, not by running out: a bound a loaded machine meets (quiet: well under a second).
    expect(ms).toBeLessThan(30_000);
  });

  test('text a template builds is scanned in linear time (no backtracking on % formats, numbers, digit groups)', () => {
    const started = performance.now();
    const render = (content: string) => renderModelFiles([{ path: FILE, content }]);
    expect(render('{{ ("%" ~ "0" * 200000 ~ "d") % 7 }}').files[0]?.content).toBe('7');
    expect(render('{{ ("%" ~ "0" * 200000) % 7 }}').issues).toEqual([
      expect.objectContaining({ message: 'Jinja: incomplete format' }),
    ]);
    expect(render('{{ ("1" * 1000000 ~ "x") | float }}').files[0]?.content).toBe('0.0');
    expect(render('{{ "{:,}".format(2 ** 90000) }}').files[0]?.content).toMatch(/^\d{1,3}(,\d{3})+$/);
    // Backtracking over 200,000 digits would take hours; linear takes well under a second quiet, and 30 s
    // leaves room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  test('import cycles stop at the nesting limit; a value containing itself prints as Python prints it', () => {
    const a = { path: 'model/a.jinja', content: '{% import "model/b.jinja" as b %}' };
    const b = { path: 'model/b.jinja', content: '{% import "model/a.jinja" as a %}' };
    expect(refused('{% import "model/a.jinja" as a %}', [a, b]).issues).toEqual([
      expect.stringMatching(/nests more than 64 calls deep/),
    ]);
    const { files } = renderModelFiles([
      { path: FILE, content: '{% set l = [1] %}{% do l.append(l) %}{{ l }}' },
    ]);
    expect(files[0]?.content).toBe('[1, [...]]');
  });

  test('one model over the step budget stops there: the files after it are not rendered', () => {
    const heavy = '{% for i in range(100000) %}{% for j in range(100) %}{% endfor %}{% endfor %}';
    const { issues, files } = renderModelFiles([
      { path: 'a.yml.jinja', content: heavy },
      { path: 'b.yml.jinja', content: heavy },
      { path: 'c.yml', content: 'cubes: []' },
    ]);
    expect(issues.map((i) => i.file)).toEqual(['a.yml.jinja']);
    expect(files.map((f) => f.path)).toEqual(['c.yml']);
  });
});
