import { type ModelFile, ModelValidationError, parseModel } from '../../functions/semantic';
import { renderModelFiles } from '../../functions/semantic/model/jinja';

/**
 * The Jinja renderer against Python Jinja's semantics (autoescape off, trim_blocks and lstrip_blocks off,
 * keep_trailing_newline off). The expected texts are written by hand from Jinja's documentation; the
 * templates are the examples of Cube's docs ("Data modeling with YAML, Jinja, and Python", the dynamic union
 * tables recipe) and Cube's own Jinja test fixtures.
 */
function render(content: string, more: ModelFile[] = [], path = 'model/cubes/a.yml.jinja'): string {
  const out = renderModelFiles([{ path, content }, ...more]);
  if (out.issues.length) throw new ModelValidationError(out.issues);
  const file = out.files.find((f) => f.path === path);
  if (!file) throw new Error(`${path} was not rendered`);
  return file.content;
}

function issues(content: string, more: ModelFile[] = []): string[] {
  return renderModelFiles([{ path: 'a.yml.jinja', content }, ...more]).issues.map(
    (i) => `${i.file}: ${i.path}: ${i.message}`,
  );
}

describe("Cube's documented Jinja examples", () => {
  test('a loop over a set list builds SQL, whitespace trimmed by {%- and -%}', () => {
    const template = [
      '{%- set nested_properties = [',
      '  "referrer",',
      '  "href",',
      '  "host",',
      '  "pathname",',
      '  "search"',
      '] -%}',
      '',
      'cubes:',
      '  - name: analytics',
      '    sql: |',
      '      SELECT',
      '      {%- for prop in nested_properties %}',
      '        {{ prop }}_prop.value AS {{ prop }}',
      '      {%- endfor %}',
      '      FROM public.events',
      '      {%- for prop in nested_properties %}',
      "      LEFT JOIN UNNEST(properties) AS {{ prop }}_prop ON {{ prop }}_prop.key = '{{ prop }}'",
      '      {%- endfor %}',
      '',
    ].join('\n');
    const props = ['referrer', 'href', 'host', 'pathname', 'search'];
    expect(render(template)).toBe(
      [
        'cubes:',
        '  - name: analytics',
        '    sql: |',
        '      SELECT',
        ...props.map((p) => `        ${p}_prop.value AS ${p}`),
        '      FROM public.events',
        ...props.map((p) => `      LEFT JOIN UNNEST(properties) AS ${p}_prop ON ${p}_prop.key = '${p}'`),
      ].join('\n'),
    );
  });

  test('a loop over a dict with | items generates measures in insertion order', () => {
    const template = [
      '{%- set metrics = {',
      '  "mau": 30,',
      '  "wau": 7,',
      '  "day": 1',
      '} %}',
      '',
      'cubes:',
      '  - name: orders',
      '    sql_table: public.orders',
      '',
      '    measures:',
      '      {%- for name, days in metrics | items %}',
      '      - name: {{ name | safe }}',
      '        type: count_distinct',
      '        sql: user_id',
      '        rolling_window:',
      '          trailing: {{ days }} day',
      '          offset: start',
      '      {% endfor %}',
      '',
    ].join('\n');
    const measure = (name: string, days: number) =>
      `\n      - name: ${name}\n        type: count_distinct\n        sql: user_id\n        rolling_window:\n          trailing: ${days} day\n          offset: start\n      `;
    const rendered = render(template);
    expect(rendered).toBe(
      `\n\ncubes:\n  - name: orders\n    sql_table: public.orders\n\n    measures:${measure('mau', 30)}${measure('wau', 7)}${measure('day', 1)}`,
    );
    const model = parseModel([{ path: 'orders.yml', content: rendered }]);
    expect(model.cubes.get('orders')?.measures.map((m) => m.name)).toEqual(['mau', 'wau', 'day']);
  });

  const dimensionMacro = [
    "{%- macro dimension(column_name, type='string', primary_key=False) -%}",
    '      - name: {{ column_name }}',
    '        sql: {{ column_name }}',
    '        type: {{ type }}',
    '        {% if primary_key -%}',
    '        primary_key: true',
    '        {% endif -%}',
    '{% endmacro -%}',
  ];
  const dimension = (name: string, type: string, primaryKey = false) =>
    `- name: ${name}\n        sql: ${name}\n        type: ${type}\n        ${primaryKey ? 'primary_key: true\n        ' : ''}`;

  test('a macro with defaults and keyword arguments generates dimensions', () => {
    const template = [
      '{# Declare the macro before using it, otherwise Jinja will throw an error. #}',
      ...dimensionMacro,
      '',
      'cubes:',
      '  - name: orders',
      '    sql_table: public.orders',
      '',
      '    dimensions:',
      "      {{ dimension('id', 'number', primary_key=True) }}",
      "      {{ dimension('status') }}",
      "      {{ dimension('created_at', 'time') }}",
      "      {{ dimension('completed_at', 'time') }}",
      '',
    ].join('\n');
    const rendered = render(template);
    expect(rendered).toBe(
      `cubes:\n  - name: orders\n    sql_table: public.orders\n\n    dimensions:\n      ${[
        dimension('id', 'number', true),
        dimension('status', 'string'),
        dimension('created_at', 'time'),
        dimension('completed_at', 'time'),
      ].join('\n      ')}`,
    );
    const orders = parseModel([{ path: 'orders.yml', content: rendered }]).cubes.get('orders');
    expect(orders?.dimensions.map((d) => [d.name, d.type, d.primary_key ?? false])).toEqual([
      ['id', 'number', true],
      ['status', 'string', false],
      ['created_at', 'time', false],
      ['completed_at', 'time', false],
    ]);
  });

  const centsMacro = [
    '{%- macro cents_to_dollars(column_name, precision=2) -%}',
    '  ({{ column_name }} / 100)::NUMERIC(16, {{ precision }})',
    '{%- endmacro -%}',
  ];

  test('a macro generates a SQL snippet', () => {
    const template = [
      ...centsMacro,
      '',
      'cubes:',
      '  - name: payments',
      '    sql: |',
      '      SELECT',
      '        id AS payment_id,',
      "        {{ cents_to_dollars('amount') }} AS amount_usd",
      '      FROM app_data.payments',
    ].join('\n');
    expect(render(template)).toBe(
      'cubes:\n  - name: payments\n    sql: |\n      SELECT\n        id AS payment_id,\n        (amount / 100)::NUMERIC(16, 2) AS amount_usd\n      FROM app_data.payments',
    );
  });

  test('macros in their own file, imported by a path relative to model/', () => {
    const macros: ModelFile = {
      path: 'model/macros/common_dimensions.jinja',
      content: [...dimensionMacro, '', ...centsMacro, ''].join('\n'),
    };
    const orders = [
      '{%- import "macros/common_dimensions.jinja" as common -%}',
      '',
      'cubes:',
      '  - name: orders',
      '    sql_table: public.orders',
      '',
      '    dimensions:',
      "      {{ common.dimension('id', 'number', primary_key=True) }}",
      "      {{ common.dimension('status') }}",
      "      {{ common.dimension('created_at', 'time') }}",
      '',
      '    measures:',
      '      - name: amount_usd',
      '        type: sum',
      `        sql: "{{ common.cents_to_dollars('amount') }}"`,
      '',
    ].join('\n');
    const files = [{ path: 'model/cubes/orders.yml', content: orders }, macros];
    const rendered = renderModelFiles(files);
    expect(rendered.issues).toEqual([]);
    // The library is not a model file.
    expect(rendered.files.map((f) => f.path)).toEqual(['model/cubes/orders.yml']);
    expect(rendered.files[0]?.content).toBe(
      `cubes:\n  - name: orders\n    sql_table: public.orders\n\n    dimensions:\n      ${[
        dimension('id', 'number', true),
        dimension('status', 'string'),
        dimension('created_at', 'time'),
      ].join(
        '\n      ',
      )}\n\n    measures:\n      - name: amount_usd\n        type: sum\n        sql: "(amount / 100)::NUMERIC(16, 2)"`,
    );
    const model = parseModel(files);
    expect(model.cubes.get('orders')?.measures[0]?.sql).toBe('(amount / 100)::NUMERIC(16, 2)');
  });

  test('the dynamic union tables recipe: | items, | safe, loop.last', () => {
    const template = [
      '{%- set customer_tables = {',
      '  "einstein_data": "Einstein",',
      '  "pascal_data": "Pascal",',
      '  "newton_data": "Newton"',
      '} -%}',
      ' ',
      'cubes:',
      '  - name: customers',
      '    sql: |',
      '      {%- for table, name in customer_tables | items %}',
      "      SELECT *, '{{ name | safe }}' AS name FROM {{ table | safe }}",
      '      {% if not loop.last %}UNION ALL{% endif %}',
      '      {% endfor %}',
      '  ',
      '    measures:',
      '      - name: count',
      '        type: count',
    ].join('\n');
    const select = (name: string, table: string, last: boolean) =>
      `\n      SELECT *, '${name}' AS name FROM ${table}\n      ${last ? '' : 'UNION ALL'}\n      `;
    expect(render(template)).toBe(
      `cubes:\n  - name: customers\n    sql: |${select('Einstein', 'einstein_data', false)}${select('Pascal', 'pascal_data', false)}${select('Newton', 'newton_data', true)}\n  \n    measures:\n      - name: count\n        type: count`,
    );
  });

  test('a Python function (load_data, get_unsafe_string) is refused by name with file and line', () => {
    expect(
      issues('cubes:\n  {%- for cube in load_data()["cubes"] %}\n  - name: {{ cube.name }}\n  {%- endfor %}'),
    ).toEqual([
      expect.stringMatching(
        /^a\.yml\.jinja: line 2, column 19: Jinja: unknown function load_data\(\).*globals\.py/,
      ),
    ]);
    const globals = {
      path: 'model/globals.py',
      content: [
        'from cube import TemplateContext',
        'template = TemplateContext()',
        "@template.function('get_unsafe_string')",
        'def unsafe():',
        '  return "x"',
        '@template.filter',
        'def shout(s):',
        '  return s.upper()',
        "template.add_variable('answer', 42)",
      ].join('\n'),
    };
    expect(issues('description: {{ get_unsafe_string() | safe }}', [globals])).toEqual([
      "a.yml.jinja: line 1, column 17: Jinja: get_unsafe_string is defined in model/globals.py (Python), which is not run here: the model's Python functions, filters and variables are not available",
    ]);
    expect(issues('x: {{ answer }}', [globals])).toEqual([
      "a.yml.jinja: line 1, column 7: Jinja: answer is defined in model/globals.py (Python), which is not run here: the model's Python functions, filters and variables are not available",
    ]);
    expect(issues('x: {{ "a" | shout }}', [globals])).toEqual([
      'a.yml.jinja: line 1, column 13: Jinja: shout is defined in model/globals.py (Python), which is not run here',
    ]);
  });

  test("env_var() is refused: a model cannot read the process's environment", () => {
    const fixture08 =
      "{ cubes:\n  - name: cube_08\n    sql_table: public.orders\n    data_source: {{ 'bigquery' if env_var('NODE_ENV') == 'prod' else 'postgres' }} }";
    expect(issues(fixture08)).toEqual([
      expect.stringMatching(
        /^a\.yml\.jinja: line 4, column 35: Jinja: env_var\(\) reads the process environment.*compile_context\.json/,
      ),
    ]);
  });
});

describe("Cube's Jinja test fixtures", () => {
  test('04: slices of a list, nested loops with loop.last, FILTER_PARAMS text passed through', () => {
    const template = [
      '{# https://cube.dev/docs/schema/advanced/extending-cubes#usage-with-filter-params #}',
      '',
      '{%- set tables = [',
      '  "base_events",',
      '  "product_purchases",',
      '  "page_views"',
      '] %}',
      '',
      'cubes:',
      '  {%- for table in tables[0:1] %}',
      '  - name: cube_04_{{ table }}',
      '    sql: >',
      '      SELECT *',
      '      FROM public.events',
      '      WHERE',
      '      {%- for inner_table in tables %}',
      "        {FILTER_PARAMS.cube_04_{{ inner_table | safe }}.timestamp.filter('timestamp')}",
      '        {%- if not loop.last %} AND {% endif %}',
      '      {%- endfor %}',
      '',
      '    dimensions:',
      '      - name: timestamp',
      '        sql: timestamp',
      '        type: time',
      '  {% endfor %}',
      '',
      '  {%- for table in tables[1:] %}',
      '  - name: cube_04_{{ table }}',
      '    extends: {{ tables[0] }}',
      '    sql_table: public.events',
      '',
      '    dimensions:',
      '      - name: timestamp',
      '        sql: timestamp',
      '        type: time',
      '  {% endfor %}',
    ].join('\n');
    const filter = (t: string) => `\n        {FILTER_PARAMS.cube_04_${t}.timestamp.filter('timestamp')}`;
    const child = (t: string) =>
      `\n  - name: cube_04_${t}\n    extends: base_events\n    sql_table: public.events\n\n    dimensions:\n      - name: timestamp\n        sql: timestamp\n        type: time\n  `;
    expect(render(template)).toBe(
      `\n\ncubes:\n  - name: cube_04_base_events\n    sql: >\n      SELECT *\n      FROM public.events\n      WHERE${filter('base_events')} AND ${filter('product_purchases')} AND ${filter('page_views')}\n\n    dimensions:\n      - name: timestamp\n        sql: timestamp\n        type: time\n  ${child('product_purchases')}${child('page_views')}`,
    );
  });

  test('07: an import of a dot-file library next to a local macro', () => {
    const utils = {
      path: 'model/.utils.jinja',
      content:
        '{%- macro markup(column1, column2) -%}\n  (({{column1}} - {{column2}}) / {{column2}})\n{%- endmacro -%}',
    };
    const template = [
      '{%- import ".utils.jinja" as utils -%}',
      '',
      ...centsMacroText(),
      '',
      'cubes:',
      '  - name: cube_07',
      '    sql: >',
      '      SELECT',
      '        id AS payment_id,',
      "        {{ cents_to_dollars('amount') }} AS amount_usd,",
      "        {{ utils.markup('order_selling_price', 'order_cost_price') }} AS markup",
      '      FROM app_data.payments',
    ].join('\n');
    expect(render(template, [utils], 'model/cubes/07.yml.jinja')).toBe(
      'cubes:\n  - name: cube_07\n    sql: >\n      SELECT\n        id AS payment_id,\n        (amount / 100)::NUMERIC(16, 2) AS amount_usd,\n        ((order_selling_price - order_cost_price) / order_cost_price) AS markup\n      FROM app_data.payments',
    );
  });
});

function centsMacroText(): string[] {
  return [
    '{%- macro cents_to_dollars(column_name, precision=2) -%}',
    '  ({{ column_name }} / 100)::NUMERIC(16, {{ precision }})',
    '{%- endmacro -%}',
  ];
}

describe('Jinja semantics', () => {
  test.each([
    [
      '{{ 7 // 2 }} {{ -7 // 2 }} {{ 7 / 2 }} {{ 6 / 2 }} {{ -7 % 3 }} {{ 2 ** 10 }} {{ 2 ** -1 }}',
      '3 -4 3.5 3.0 2 1024 0.5',
    ],
    [
      '{{ 1 + 2.0 }} {{ 0.1 + 0.2 }} {{ 1e16 }} {{ 1e-5 }} {{ 123456789.0 }} {{ 1_000 }}',
      '3.0 0.30000000000000004 1e+16 1e-05 123456789.0 1000',
    ],
    ['{{ "a" ~ 1 ~ none ~ true }} {{ "ab" * 3 }} {{ [1] * 2 + [3] }}', 'a1NoneTrue ababab [1, 1, 3]'],
    ['{{ [1, "a", none, true, 1.5, (1,), {"k": [2]}] }}', "[1, 'a', None, True, 1.5, (1,), {'k': [2]}]"],
    [
      '{{ 1 < 2 < 3 }} {{ 3 > 2 > 2 }} {{ "b" in "abc" }} {{ 2 not in [1, 3] }} {{ "k" in {"k": 1} }}',
      'True False True True True',
    ],
    [
      '{{ x is defined }} {{ x is undefined }} {{ none is none }} {{ 4 is even }} {{ 9 is divisibleby 3 }} {{ {} is mapping }}',
      'False True True True True True',
    ],
    [
      '{{ "s" is string }} {{ 1 is number }} {{ [] is sequence }} {{ 3 is in [1, 3] }} {{ 2 is eq 2 }} {{ x is not defined }}',
      'True True True True True True',
    ],
    ['{{ 1 if 0 else 2 }}|{{ 1 if 0 }}|{{ 0 or "x" }}|{{ 1 and 2 }}|{{ not 0 }}', '2||x|2|True'],
    ['{{ "abcdef"[1:3] }} {{ "abcdef"[::-2] }} {{ [1, 2, 3][-1] }} {{ [1, 2, 3][5] }}|', 'bc fdb 3 |'],
    [
      '{{ "  Hi There  ".strip().lower().split() }} {{ "a,b,,c".split(",", 1) }} {{ "x".upper() }}',
      "['hi', 'there'] ['a', 'b,,c'] X",
    ],
    [
      '{{ "ab".startswith("a") }} {{ "ab".endswith(("x", "b")) }} {{ "aXbX".replace("X", "-") }} {{ "-".join(["a", "b"]) }}',
      'True True a-b- a-b',
    ],
    [
      '{{ "{}-{:>4}-{name}".format("a", 7, name="n") }} {{ "{0}{0}".format("x") }} {{ "%s=%d %.2f" % ("k", 3, 2.5) }} {{ "{:,}".format(1234567) }}',
      'a-   7-n xx k=3 2.50 1,234,567',
    ],
    [
      '{% set d = {"b": 1, "a": 2} %}{{ d.keys() }} {{ d.values() }} {{ d.get("z", 0) }} {{ d["a"] }} {{ d.b }}',
      "['b', 'a'] [1, 2] 0 2 1",
    ],
    ['{% for k, v in {"x": 1, "y": 2}.items() %}{{ loop.index }}{{ k }}{{ v }}{% endfor %}', '1x12y2'],
    [
      '{% for i in range(3) %}{{ loop.index0 }}{{ loop.revindex }}{{ loop.first }}{{ loop.last }}{{ loop.length }};{% endfor %}',
      '03TrueFalse3;12FalseFalse3;21FalseTrue3;',
    ],
    [
      '{% for i in [] %}x{% else %}empty{% endfor %} {% for i in range(10) if i is odd %}{{ i }}{% endfor %}',
      'empty 13579',
    ],
    [
      '{% for i in range(5) %}{% if i == 3 %}{% break %}{% endif %}{% if i == 1 %}{% continue %}{% endif %}{{ i }}{% endfor %}',
      '02',
    ],
    [
      '{% for x in [1, 2, 1] %}{{ loop.cycle("a", "b") }}{% if loop.changed(x) %}c{% endif %}{% endfor %}',
      'acbcac',
    ],
    [
      '{% for a in [1, [2, [3]], 4] recursive %}{% if a is number %}{{ a }}{% else %}({{ loop(a) }}){% endif %}{% endfor %}',
      '1(2(3))4',
    ],
    ['{% set x = 1 %}{% for i in [1] %}{% set x = 2 %}{{ x }}{% endfor %}{{ x }}', '21'],
    [
      '{% set ns = namespace(n=0) %}{% for i in range(4) %}{% set ns.n = ns.n + i %}{% endfor %}{{ ns.n }}',
      '6',
    ],
    [
      '{% set a, b = 1, 2 %}{{ a }}{{ b }} {% set t %}  block {{ a }}{% endset %}[{{ t }}] {% set u | upper %}x{% endset %}{{ u }}',
      '12 [  block 1] X',
    ],
    ['{% with a = 1, b = 2 %}{{ a + b }}{% endwith %}{{ a }}|', '3|'],
    ['{% filter upper %}up {{ "x" }}{% endfilter %}', 'UP X'],
    [
      '{% macro m(a, b=2) %}{{ a }}{{ b }}{{ varargs }}{{ kwargs }}{% endmacro %}{{ m(1, 3, 4, k=5) }}',
      "13(4,){'k': 5}",
    ],
    [
      '{% macro list(items) %}<{% for i in items %}{{ caller(i) }}{% endfor %}>{% endmacro %}{% call(i) list([1, 2]) %}({{ i }}){% endcall %}',
      '<(1)(2)>',
    ],
    ['{% macro m() %}{{ outer }}{% endmacro %}{% set outer = "late" %}{{ m() }} {{ m.name }}', 'late m'],
    ['{% raw %}{{ not rendered }}{% endraw %} {#- comment -#} x', '{{ not rendered }}x'],
    ['a  {{- "b" -}}  c {%- if true %} d{% endif %}\n', 'abc d'],
    [
      '{{ {"a": 1}["a"] }} {{ (1, 2)[1] }} {{ "abc"[0] }} {{ dict(a=1, b=2) }} {{ [("k", 1)] | list }}',
      "1 2 a {'a': 1, 'b': 2} [('k', 1)]",
    ],
    [
      '{% set c = cycler("odd", "even") %}{{ c.next() }}{{ c.next() }}{{ c.next() }}{{ c.current }}',
      'oddevenoddeven',
    ],
    ['{% set j = joiner("|") %}{% for i in range(3) %}{{ j() }}{{ i }}{% endfor %}', '0|1|2'],
    [
      '{% do [1].append(2) %}{% set l = [3] %}{% do l.append(4) %}{{ l }} {% set d = {} %}{% do d.update(a=1) %}{{ d }}',
      "[3, 4] {'a': 1}",
    ],
  ])('%s', (template, expected) => {
    expect(render(template)).toBe(expected);
  });

  test.each([
    ['{{ x | default("d") }} {{ "" | default("d", true) }} {{ none | d("n") }}', 'd d None'],
    [
      '{{ "hello WORLD" | title }} {{ "hELLO" | capitalize }} {{ "  t  " | trim }} {{ "xax" | trim("x") }}',
      'Hello World Hello t a',
    ],
    [
      '{{ [3, 1, 2] | sort }} {{ ["b", "A", "c"] | sort }} {{ ["b", "A"] | sort(case_sensitive=true) }} {{ [1, 2] | sort(reverse=true) }}',
      "[1, 2, 3] ['A', 'b', 'c'] ['A', 'b'] [2, 1]",
    ],
    [
      '{{ [1, 2, 2, "A", "a"] | unique | list }} {{ [1, 2] | reverse | list }} {{ "abc" | reverse }} {{ "ab" | list }}',
      "[1, 2, 'A'] [2, 1] cba ['a', 'b']",
    ],
    [
      '{{ [1, 2, 3] | first }} {{ [1, 2, 3] | last }} {{ [1, 2] | length }} {{ "abc" | count }} {{ {"a": 1} | length }}',
      '1 3 2 3 1',
    ],
    [
      '{{ "3" | int + 1 }} {{ "3.7" | int }} {{ "x" | int(7) }} {{ "0x1A" | int(0, 16) }} {{ "2.5" | float }} {{ 3 | float }} {{ 5 | string ~ "!" }}',
      '4 3 7 26 2.5 3.0 5!',
    ],
    [
      '{{ 2.5 | round }} {{ 3.5 | round }} {{ 2.675 | round(2) }} {{ 3 | round }} {{ 1.21 | round(1, "ceil") }} {{ -3 | abs }}',
      '2.0 4.0 2.67 3 1.3 3',
    ],
    [
      '{{ [{"n": "a", "v": 1}, {"n": "b", "v": 2}] | map(attribute="n") | join(",") }} {{ ["a", "b"] | map("upper") | list }}',
      "a,b ['A', 'B']",
    ],
    [
      '{{ range(6) | select("even") | list }} {{ range(6) | reject("odd") | list }} {{ [0, 1, none, 2] | select | list }}',
      '[0, 2, 4] [0, 2, 4] [1, 2]',
    ],
    [
      '{% set u = [{"n": "a", "on": true}, {"n": "b", "on": false}] %}{{ u | selectattr("on") | map(attribute="n") | list }} {{ u | rejectattr("on") | map(attribute="n") | join }}',
      "['a'] b",
    ],
    [
      '{{ {"b": 1, "A": 2} | dictsort }} {{ {"b": 1, "a": 2} | dictsort(by="value") }} {{ {"a": 1} | items | list }}',
      "[('A', 2), ('b', 1)] [('b', 1), ('a', 2)] [('a', 1)]",
    ],
    [
      '{{ {"b": [1, "x<\'"], "a": none} | tojson }} {{ "é" | tojson }}',
      '{"a": null, "b": [1, "x\\u003c\\u0027"]} "\\u00e9"',
    ],
    [
      '{{ "a\nb\n" | indent }}|{{ "a\nb" | indent(2, true) }}|{{ "a\n\nb" | indent(2, blank=true) }}',
      'a\n    b\n|  a\n  b|a\n  \n  b',
    ],
    [
      '{{ "<a href=\'x\'>&" | e }} {{ "<b>" | safe }} {{ [1] | safe }}',
      '&lt;a href=&#39;x&#39;&gt;&amp; <b> [1]',
    ],
    [
      '{{ "%s-%s" | format("a", 1) }} {{ "hello world foo" | truncate(9) }} {{ "a b c" | wordcount }} {{ "ab" | center(6) }}|',
      'a-1 hello... 3   ab  |',
    ],
    [
      '{{ [1, 2, 3, 4, 5] | batch(2) | list }} {{ [1, 2, 3] | slice(2) | list }} {{ [1, 2, 3] | sum }} {{ [{"v": 2}, {"v": 3}] | sum(attribute="v") }}',
      '[[1, 2], [3, 4], [5]] [[1, 2], [3]] 6 5',
    ],
    ['{{ ["b", "a", "C"] | max }} {{ [3, 1] | min }} {{ [] | max }}|', 'C 1 |'],
    [
      '{% for g in [{"k": "x", "v": 1}, {"k": "y", "v": 2}, {"k": "x", "v": 3}] | groupby("k") %}{{ g.grouper }}:{{ g.list | map(attribute="v") | join }};{% endfor %}',
      'x:13;y:2;',
    ],
    [
      '{{ {"a": 1} | attr("items") is callable }} {{ {"a": 1} | attr("a") is defined }} {{ "upper" is filter }} {{ "odd" is test }}',
      'True False True True',
    ],
  ])('%s', (template, expected) => {
    expect(render(template)).toBe(expected);
  });

  test('COMPILE_CONTEXT comes from compile_context.json, also inside imported macros', () => {
    const context = {
      path: 'compile_context.json',
      content: '{"schema": "s1", "regions": ["n", "s"], "n": 2.5, "flags": {"a": true}}',
    };
    const macros = {
      path: 'model/m.jinja',
      content: '{% macro table(t) %}{{ COMPILE_CONTEXT.schema }}.{{ t }}{% endmacro %}',
    };
    expect(
      render(
        '{% from "m.jinja" import table %}{{ table("x") }} {{ COMPILE_CONTEXT.regions | join("/") }} {{ COMPILE_CONTEXT.n }} {{ COMPILE_CONTEXT["flags"].a }} {{ COMPILE_CONTEXT.missing is undefined }}',
        [context, macros],
      ),
    ).toBe('s1.x n/s 2.5 True True');
  });

  test('include renders another file with the current variables; a missing template is an issue naming it', () => {
    const part = { path: 'model/part.jinja', content: '[{{ who }}]' };
    expect(
      render('{% set who = "me" %}{% include "part.jinja" %}{% include "nope.jinja" ignore missing %}', [
        part,
      ]),
    ).toBe('[me]');
    expect(issues('{% include "nope.jinja" %}')).toEqual([
      'a.yml.jinja: line 1, column 12: Jinja: template not found: nope.jinja',
    ]);
    expect(issues('{% from "x.yml" import m %}', [{ path: 'x.yml', content: 'cubes: []' }])).toEqual([
      'a.yml.jinja: line 1, column 4: Jinja: x.yml does not define m',
    ]);
  });

  test('syntax errors name the file, line and column; an error inside an imported macro names that file', () => {
    expect(issues('cubes:\n{% for x in %}\n')).toEqual([
      "a.yml.jinja: line 2, column 13: Jinja: expected an expression, got '%}'",
    ]);
    expect(issues('{% if x %}never closed')).toEqual([
      'a.yml.jinja: line 1, column 23: Jinja: unexpected end of template: expected {% elif %} or {% else %} or {% endif %}',
    ]);
    expect(issues('{{ x | nope }}')).toEqual([
      "a.yml.jinja: line 1, column 8: Jinja: no filter named 'nope'",
    ]);
    expect(issues('{% extends "base.jinja" %}')).toEqual([
      'a.yml.jinja: line 1, column 4: Jinja: {% extends %} (template inheritance) is not supported: use {% import %} or {% include %}',
    ]);
    const lib = { path: 'lib.jinja', content: '{% macro m(x) %}\n{{ x + 1 }}\n{% endmacro %}' };
    expect(issues('{% import "lib.jinja" as l %}{{ l.m("a") }}', [lib])).toEqual([
      'lib.jinja: line 2, column 6: Jinja: unsupported operand types for +: str and int (while rendering a.yml.jinja)',
    ]);
  });

  test('macros in a .yml file, imported with {% from %}; a broken library is one issue however many files import it', () => {
    const common = {
      path: 'model/macros/common.yml',
      content:
        '{%- macro dim(name, type="string") %}\n      - name: {{ name }}\n        sql: {{ name }}\n        type: {{ type }}\n{%- endmacro %}\n',
    };
    const orders = {
      path: 'model/cubes/orders.yml',
      content:
        '{% from "macros/common.yml" import dim %}\ncubes:\n  - name: orders\n    sql_table: orders\n    dimensions:\n{%- for c in ["id", "status"] %}{{ dim(c) }}{% endfor %}\n',
    };
    expect(
      parseModel([orders, common])
        .cubes.get('orders')
        ?.dimensions.map((d) => d.name),
    ).toEqual(['id', 'status']);
    const broken = { path: 'model/macros/broken.jinja', content: '{% macro m() %}{{ 1 + }}{% endmacro %}' };
    const users = (n: number) => ({
      path: `model/cubes/c${n}.yml`,
      content: '{% import "macros/broken.jinja" as b %}',
    });
    expect(renderModelFiles([users(1), users(2), broken]).issues).toEqual([
      {
        file: 'model/macros/broken.jinja',
        path: 'line 1, column 23',
        message: "Jinja: unexpected '}}' (while rendering model/cubes/c1.yml)",
      },
    ]);
  });

  test('plain YAML passes through; Jinja syntax in a .yml file is rendered (as Cube does)', () => {
    const out = renderModelFiles([
      { path: 'plain.yml', content: 'cubes: []\n' },
      { path: 'templated.yml', content: 'cubes: {{ [] }}\n' },
    ]);
    expect(out.files).toEqual([
      { path: 'plain.yml', content: 'cubes: []\n' },
      { path: 'templated.yml', content: 'cubes: []' },
    ]);
  });
});
