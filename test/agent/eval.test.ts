import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EvalUsageError, evalCommand, parseEvalArgs } from '../../functions/agent/eval/command';
import type { EvalQuestion } from '../../functions/agent/eval/questions';
import { parseQuestionFile, parseQuestionModule } from '../../functions/agent/eval/questions';
import { judgeRun, outcomeOf, percentile } from '../../functions/agent/eval/run';
import {
  checkAnswerText,
  compareAnswer,
  compareResults,
  compareWording,
} from '../../functions/agent/eval/score';
import { setEnv } from '../../functions/config';
import { closeDrivers } from '../../functions/semantic';
import { type ModelServer, sentToolResults, startModelServer } from './support/model-servers';

const schema = (...names: string[]) => names.map((name) => ({ name }));

describe('execution accuracy of one result', () => {
  const reference = {
    schema: schema('category', 'sum'),
    data: [
      ['toys', 10.5],
      ['grocery', 20],
    ],
  };

  it("reads a year's first day as its year (date_trunc('year') beside year(...)), and no other day", () => {
    const byYear = {
      schema: schema('year', 'region'),
      data: [
        [2023, 'east'],
        [2024, 'north'],
      ],
    };
    const truncated = (days: string[]) => ({
      schema: schema('year_group', 'region'),
      data: [
        [days[0], 'east'],
        [days[1], 'north'],
      ],
    });
    expect(compareResults(byYear, truncated(['2023-01-01T00:00:00', '2024-01-01']))).toBeUndefined();
    expect(compareResults(byYear, truncated(['2023-02-01', '2024-01-01']))).toBeDefined();
    expect(compareResults(byYear, truncated(['2024-01-01', '2023-01-01']))).toBe('rows differ');
  });

  it('takes a row of zeros the reference has no row for as no wrong row (a period with none: 0)', () => {
    const perQuarter = {
      schema: schema('quarter', 'customers'),
      data: [
        ['2023-01-01', 99],
        ['2023-04-01', 1],
      ],
    };
    const listed = (rows: (string | number)[][]) => ({ schema: schema('quarter', 'customers'), data: rows });
    expect(compareResults(perQuarter, listed([...perQuarter.data, ['2023-07-01', 0]]))).toBeUndefined();
    // A row of another figure, or a zero where the reference has a figure, is still wrong.
    expect(compareResults(perQuarter, listed([...perQuarter.data, ['2023-07-01', 3]]))).toBeDefined();
    expect(
      compareResults(
        perQuarter,
        listed([
          ['2023-01-01', 99],
          ['2023-04-01', 0],
        ]),
      ),
    ).toBeDefined();
  });

  it('judges a preview (the first rows of a longer result, with its full count) by its rows and count', () => {
    const long = {
      schema: schema('name', 'orders'),
      data: Array.from({ length: 150 }, (_, i) => [`Customer ${i}`, 200 - i]),
    };
    const first = (rows: (string | number)[][], totalRows = 150) => ({
      schema: schema('customers_name', 'count'),
      data: rows,
      totalRows,
    });
    const head = long.data.slice(0, 100);
    expect(compareResults(long, first(head))).toBeUndefined();
    expect(compareResults(long, first(head), { ordered: true })).toBeUndefined();
    // Some of the rows, not the first: right as a set, not in order.
    expect(compareResults(long, first(long.data.slice(10, 110)))).toBeUndefined();
    expect(compareResults(long, first(long.data.slice(10, 110)), { ordered: true })).toBe(
      'rows differ or are in another order',
    );
    // A row the reference lacks, a value paired with another name, or another count is wrong.
    expect(compareResults(long, first([...head.slice(1), ['Customer 999', 1]]))).toBeDefined();
    expect(
      compareResults(
        long,
        first([
          ['Customer 0', 199],
          ['Customer 1', 200],
        ]),
      ),
    ).toBe('rows differ');
    expect(compareResults(long, first(head, 140))).toBe('140 rows, expected 150');
  });

  it('matches columns by their values, in any order and with extra columns, rows in any order', () => {
    const actual = {
      schema: schema('total_amount', 'count', 'category'),
      data: [
        ['20.00', 3, 'grocery'],
        [10.5, 1, 'toys'],
      ],
    };
    expect(compareResults(reference, actual)).toBeUndefined();
  });

  it('misses a wrong number, a missing row, a missing column and a wrong order when order matters', () => {
    expect(
      compareResults(reference, {
        schema: schema('c', 's'),
        data: [
          ['toys', 10.5],
          ['grocery', 21],
        ],
      }),
    ).toMatch(/column sum/);
    expect(compareResults(reference, { schema: schema('c', 's'), data: [['toys', 10.5]] })).toBe(
      '1 rows, expected 2',
    );
    expect(compareResults(reference, { schema: schema('s'), data: [[10.5], [20]] })).toMatch(
      /column category/,
    );
    const swapped = {
      schema: schema('c', 's'),
      data: [
        ['grocery', 20],
        ['toys', 10.5],
      ],
    };
    expect(compareResults(reference, swapped)).toBeUndefined();
    expect(compareResults(reference, swapped, { ordered: true })).toMatch(/order/);
  });

  it('pairs values row by row, not only column by column', () => {
    const crossed = {
      schema: schema('c', 's'),
      data: [
        ['toys', 20],
        ['grocery', 10.5],
      ],
    };
    expect(compareResults(reference, crossed)).toBe('rows differ');
  });

  it('reads times without a midnight time, decimals given as text, and a share as a fraction or a percent', () => {
    const months = { schema: schema('m', 'n'), data: [[new Date('2025-01-01T00:00:00Z'), 12.5]] };
    expect(
      compareResults(months, {
        schema: schema('month', 'share'),
        data: [['2025-01-01T00:00:00.000', '0.125']],
      }),
    ).toBeUndefined();
    expect(
      compareResults(months, { schema: schema('month', 'share'), data: [['2025-02-01', 12.5]] }),
    ).toMatch(/column m/);
  });

  it('counts every row of the answer, not only the rows the tool returned', () => {
    expect(compareResults(reference, { ...reference, totalRows: 500 })).toBe('500 rows, expected 2');
  });
});

describe('values stated in an answer, and its wording', () => {
  const end = { schema: schema('last_day'), data: [[new Date('2025-12-31T00:00:00Z')]] };

  it('finds a day in the forms people write it, and no other day', () => {
    for (const text of [
      'The data ends on 2025-12-31.',
      'Orders run through December 31, 2025.',
      'the last order is from 31 Dec 2025',
      'data up to the 31st of December 2025',
      'latest: 12/31/2025',
      'latest: 31.12.2025',
      'last order at 2025-12-31T23:57:15',
    ]) {
      expect(compareAnswer(end, text)).toBeUndefined();
    }
    expect(compareAnswer(end, 'The data ends in December 2025.')).toBe('answer lacks "2025-12-31"');
    expect(compareAnswer(end, 'The data ends on December 30, 2025.')).toBe('answer lacks "2025-12-31"');
    expect(compareAnswer(end, 'No orders this year.')).toBe('answer lacks "2025-12-31"');
  });

  it('reads a day written with its month as a date, not as a figure', () => {
    const revenue = { schema: schema('revenue'), data: [[1_234_567.5]] };
    const judge = (answer: string) =>
      checkAnswerText(revenue, answer, { question: 'revenue since October 2025?', tolerance: 0.01 }).wrong;
    for (const answer of [
      'The data ends on December 31, 2025: revenue from Oct 1 to Dec 31 was $1,234,567.50.',
      'Revenue from the 1st of October to the 31st of Dec 2025: $1,234,567.50 (data up to 12/31/2025).',
      'Revenue was $1,234,567.50 through Sept. 30 and nothing after 31 Dec.',
    ]) {
      expect(judge(answer)).toEqual([]);
    }
    // A threshold asked as "10k" and restated written out is the question's own number.
    const count = { schema: schema('customers'), data: [[96]], totalRows: 1 };
    const restated = (question: string) =>
      checkAnswerText(count, 'Customers whose total amount is over $10,000.00, in 2024: 96.', {
        question,
        tolerance: 0.005,
      }).wrong;
    expect(restated('how many customers spent over 10k in 2024?')).toEqual([]);
    expect(restated('how many customers spent over 12k in 2024?')).toEqual(['$10,000.00']);
    // So is one asked in money slang ("ten grand", "a grand", "five bucks").
    expect(restated('how many customers spent over ten grand in 2024?')).toEqual([]);
    expect(restated('how many customers spent over a grand in 2024?')).toEqual(['$10,000.00']);
    const bucks = checkAnswerText(count, 'Orders with an order amount under $5.00: 96.', {
      question: 'any orders under five bucks? how many?',
      tolerance: 0.005,
    }).wrong;
    expect(bucks).toEqual([]);
    // A figure beside a month is still a figure, and a wrong one is still wrong.
    expect(judge('Revenue in March 12,345 orders brought $1,234,567.50.')).toEqual(['12,345']);
    expect(judge('The data ends on December 31, 2025: revenue was $1,300,000.00.')).toEqual([
      '$1,300,000.00',
    ]);
  });

  it('reads a time of day as no figure, and a timestamp written with a space as that timestamp', () => {
    const latest = {
      schema: schema('customer', 'created_at'),
      data: [['Customer 16429', '2025-12-31T23:57:15']],
    };
    const text = 'The latest order was placed on 2025-12-31 23:57:15, by Customer 16429.';
    expect(
      checkAnswerText(latest, text, { question: 'who placed the latest order', tolerance: 0.005 }),
    ).toEqual({
      wrong: [],
      missing: [],
    });
    const other = checkAnswerText(latest, 'The latest order was placed on 2025-12-30 23:57:15.', {
      question: 'who placed the latest order',
      tolerance: 0.005,
    });
    expect(other.missing).toContain('"2025-12-31T23:57:15"');
  });

  it('reads labels in any case and a fall stated as its magnitude only beside a word for a fall', () => {
    const fastest = { schema: schema('region', 'growth'), data: [['east', -4.0]] };
    expect(compareAnswer(fastest, 'East fell the least: revenue declined 4.0%.')).toBeUndefined();
    expect(compareAnswer(fastest, 'East changed by -4.0%.')).toBeUndefined();
    expect(compareAnswer(fastest, 'East grew 4.0%.')).toBe('answer lacks -4');
    expect(compareAnswer(fastest, 'West fell 4.0%.')).toBe('answer lacks "east"');
    // A rise stated as a fall (or the other way round) is wrong, however close the magnitude.
    const rise = { schema: schema('pct_change'), data: [[0.29]] };
    expect(compareAnswer(rise, 'Revenue was down 0.29% on Q3.')).toBe('answer lacks 0.29');
    expect(compareAnswer(rise, 'Revenue fell by about 0.29%.')).toBe('answer lacks 0.29');
    expect(compareAnswer(rise, 'Revenue was up 0.29% on Q3.')).toBeUndefined();
    expect(compareAnswer(rise, 'Revenue changed by 0.29%.')).toBeUndefined();
    expect(compareAnswer(fastest, 'East was up 4.0%, the least.')).toBe('answer lacks -4');
    // Levels after a fall word are no change; the size of a fall asked for may be stated after one.
    const level = { schema: schema('before', 'after'), data: [[120, 100]] };
    expect(compareAnswer(level, 'Returns went down from 120 to 100.')).toBeUndefined();
    const fewer = { schema: schema('fewer_returns'), data: [[20]] };
    expect(compareAnswer(fewer, 'Returns dropped by 20.', 0.005, 'how many fewer returns?')).toBeUndefined();
    expect(compareAnswer(fewer, 'Returns dropped by 20.')).toBe('answer lacks 20');
  });

  it("pairs each row's figures with its own label, in a table, a list or prose", () => {
    const change = {
      schema: schema('category', 'pct_change'),
      data: [
        ['toys', -4.5],
        ['electronics', 12.3],
        ['grocery', 0.8],
      ],
    };
    for (const answer of [
      'Toys: -4.5%, Electronics: 12.3%, Grocery: 0.8%.',
      '| Category | Change |\n|---|---|\n| Toys | -4.5% |\n| Electronics | 12.3% |\n| Grocery | 0.8% |',
      'Toys fell the most (-4.5%), ahead of Grocery (+0.8%); Electronics rose 12.3%.',
      '-4.5% for toys.\n12.3% for electronics.\n0.8% for grocery.',
    ]) {
      expect(compareAnswer(change, answer)).toBeUndefined();
    }
    expect(compareAnswer(change, 'Toys: 12.3%, Electronics: -4.5%, Grocery: 0.8%.')).toBe(
      'answer states -4.5 beside another label than "toys"',
    );
    expect(
      compareAnswer(
        change,
        '| Category | Change |\n|---|---|\n| Toys | 0.8% |\n| Electronics | 12.3% |\n| Grocery | -4.5% |',
      ),
    ).toMatch(/beside another label/);
    // A label shared by two rows names neither; a single row has nothing to swap.
    const shared = {
      schema: schema('region', 'quarter', 'sales'),
      data: [
        ['east', 'Q1', 5],
        ['east', 'Q2', 7],
      ],
    };
    expect(compareAnswer(shared, 'East: Q1 had 5, Q2 had 7.')).toBeUndefined();
    expect(compareAnswer(shared, 'East: Q1 had 7, Q2 had 5.')).toMatch(/beside another label/);
  });

  it('compares a period labelled in words with the same period as a date', () => {
    const reference = {
      schema: schema('signup_month', 'revenue'),
      data: [
        ['2022-01-01', 10],
        ['2022-12-01', 12],
      ],
    };
    const labelled = {
      schema: schema('period', 'total'),
      data: [
        ['January 2022', 10],
        ['December 2022', 12],
      ],
    };
    expect(compareResults(reference, labelled)).toBeUndefined();
    const quarters = {
      schema: schema('q', 'v'),
      data: [
        ['Q1 2022', 10],
        ['2022-Q4', 12],
      ],
    };
    const byDay = {
      schema: schema('q', 'v'),
      data: [
        ['2022-01-01', 10],
        ['2022-10-01', 12],
      ],
    };
    expect(compareResults(byDay, quarters)).toBeUndefined();
    const shifted = {
      ...labelled,
      data: [
        ['February 2022', 10],
        ['December 2022', 12],
      ],
    };
    expect(compareResults(reference, shifted)).toMatch(/signup_month/);
  });

  it("reads a quarter's first day written as the quarter", () => {
    const best = { schema: schema('quarter', 'revenue'), data: [['2023-04-01', 1200]] };
    for (const answer of [
      '2023-Q2: $1,200.',
      'Q2 2023 led with $1,200.',
      "Best: Q2 '23 at 1,200",
      'In 2023 Q2, 1,200',
    ]) {
      expect(compareAnswer(best, answer)).toBeUndefined();
    }
    expect(compareAnswer(best, 'Q3 2023 led with $1,200.')).toBe('answer lacks "2023-04-01"');
    const month = { schema: schema('month', 'revenue'), data: [['2023-05-01', 1200]] };
    expect(compareAnswer(month, 'Q2 2023: 1,200')).toBe('answer lacks "2023-05-01"');
    expect(compareAnswer(month, 'May 2023: 1,200')).toBeUndefined();
    expect(compareAnswer(month, '2023-05: 1,200')).toBeUndefined();
    expect(compareAnswer(month, 'June 2023: 1,200')).toBe('answer lacks "2023-05-01"');
    // A reference naming the month in words is found written as a date too.
    const named = { schema: schema('month', 'orders'), data: [['January 2025', 573]] };
    expect(compareAnswer(named, 'Top month: 2025-01 (573)')).toBeUndefined();
    expect(compareAnswer(named, 'Top month: 2025-02 (573)')).toBe('answer lacks "January 2025"');
    expect(
      checkAnswerText(best, 'Q2 2023: $1,200.00', { question: 'best quarter?', tolerance: 0.005 }).missing,
    ).toEqual([]);
  });

  it('checks the words an answer must and must not say', () => {
    expect(compareWording('Revenue in January 2024: 14,480,787.50', ['revenue', '14,480,787\\.50'], [])).toBe(
      undefined,
    );
    expect(compareWording('Total amount in January 2024: 14,480,787.5', ['revenue'], [])).toBe(
      'answer does not say /revenue/',
    );
    expect(compareWording('Number of orders: (none)', [], ['\\(none\\)'])).toBe('answer says /\\(none\\)/');
  });

  it('scores a period past the data by what the answer states, with or without a query', async () => {
    const [question] = parseQuestionFile(
      'questions:\n  - ask: revenue this year\n    check: range\n    sql: select 1\n    never: ["\\\\(none\\\\)"]\n',
    );
    if (!question) throw new Error('no question');
    const reference = async () => end;
    const judge = (answer: string, result?: { schema: { name: string }[]; data: unknown[][] }) =>
      judgeRun(question, { answer, ...(result ? { result } : {}) }, reference).then((run) => run.why);
    expect(await judge("I can't find orders in 2026: the data ends on 2025-12-31.")).toBeUndefined();
    expect(await judge('Revenue this year: (none). The data ends 2025-12-31.')).toBe(
      'answer says /\\(none\\)/',
    );
    expect(await judge('Revenue this year: 0.', { schema: schema('total'), data: [[0]] })).toBe(
      'answer lacks "2025-12-31"',
    );
    // A figure neither the covered part nor the answer's query holds is made up; a zero, a span's length and
    // the query's own figures (the latest period offered) are not.
    expect(await judge('The data ends on 2025-12-31. Revenue this year so far: $1,234,567.00.')).toBe(
      'states $1,234,567.00, which neither the covered part nor its query holds',
    );
    const latest = { schema: schema('total'), data: [[13_573_590.42]] };
    expect(
      await judge(
        'No data this year: the data ends on 2025-12-31. The last 31 days in the data: $13,573,590.42; this year $0.00.',
        latest,
      ),
    ).toBeUndefined();
  });

  it('refuses a question file whose pattern is not a regular expression', () => {
    expect(() => parseQuestionFile('questions:\n  - ask: a\n    sql: x\n    says: ["("]\n')).toThrow(
      /regular expression/,
    );
  });
});

describe('question files and chat lines', () => {
  it('applies the file defaults and refuses a question with neither SQL nor refusal', () => {
    const [q] = parseQuestionFile(
      'now: 2025-01-02T00:00:00Z\nuser: {groups: [managers]}\nquestions:\n  - ask: [a, b]\n    sql: select 1\n',
    );
    expect(q).toMatchObject({ ask: ['a', 'b'], now: Date.parse('2025-01-02T00:00:00Z'), refuse: false });
    expect(q?.user.groups).toEqual(['managers']);
    expect(() => parseQuestionFile('questions:\n  - ask: a\n')).toThrow(/sql or refuse/);
    expect(() => parseQuestionFile('questions:\n  - ask: a\n    sql: x\n    refuse: true\n')).toThrow(
      /sql or refuse/,
    );
  });

  it('reads a TypeScript question set: its exported cases, its clock, its patterns as the eval matches them', async () => {
    const module = (await import('./questions/tuning-4')) as Record<string, unknown>;
    const questions = parseQuestionModule(module);
    const { tuning4 } = await import('./questions/tuning-4');
    expect(questions).toHaveLength(tuning4.length);
    expect(
      questions.every(
        (q) => q.now === Date.parse('2025-10-15T12:00:00Z') || q.now === Date.parse('2026-05-12T12:00:00Z'),
      ),
    ).toBe(true);
    const refused = questions.filter((q) => q.refuse);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((q) => q.sql === undefined)).toBe(true);
    // A dot-all pattern (PAST) matches across lines the way the eval compiles it (case-insensitive, no flags).
    const past = questions.find((q) => q.class === 'past-data');
    const pattern = new RegExp(past?.says[0] ?? '^$', 'i');
    expect(pattern.test('There is no data for last month:\nthe data runs to 2025-12-31')).toBe(true);
    expect(questions[0]?.user.groups).toEqual(['managers']);
    expect(() => parseQuestionModule({ cases: [{ ask: 'a' }] })).toThrow(/sql or refuse/);
    expect(() => parseQuestionModule({ NOW: 'x' })).toThrow(/no exported array/);
  });

  it('takes the final answer, the last successful query and the token usage of a turn', () => {
    const result = (n: number) => JSON.stringify({ sqlQuery: `q${n}`, schema: [{ name: 'n' }], data: [[n]] });
    const outcome = outcomeOf([
      { role: 'assistant', toolCall: { name: 'coreSqlApi', input: '{}', result: result(1) } },
      { role: 'assistant', toolCall: { name: 'coreSqlApi', input: '{}', result: result(2) } },
      { role: 'assistant', toolCall: { name: 'coreSqlApi', input: '{}', result: 'Error: bad SQL' } },
      { role: 'assistant', graphPath: ['final'], content: 'Two.', isDelta: false },
      { role: 'assistant', state: { chatId: 'c', status: 'completed' } },
      {
        id: '__usage__',
        usage: { llmCalls: 2, inputTokens: 30, outputTokens: 5, cacheReadTokens: 200, cacheWriteTokens: 0 },
      },
    ]);
    expect(outcome).toEqual({
      answer: 'Two.',
      result: { schema: [{ name: 'n' }], data: [[2]], sqlQuery: 'q2' },
      usage: [{ llmCalls: 2, inputTokens: 30, outputTokens: 5, cacheReadTokens: 200, cacheWriteTokens: 0 }],
    });
    expect(outcomeOf([{ state: { status: 'error', reason: 'boom' } }]).failed).toBe('turn error: boom');
  });

  it('rejects bad command lines', () => {
    expect(() => parseEvalArgs([])).toThrow(EvalUsageError);
    expect(() => parseEvalArgs(['--questions', 'f', '--provider', 'gpt'])).toThrow(
      /offline, bedrock or openai/,
    );
    expect(() => parseEvalArgs(['--questions', 'f', '--url', 'http://x'])).toThrow(/--key/);
    expect(() => parseEvalArgs(['--questions', 'f', '--nope'])).toThrow(EvalUsageError);
  });
});

describe('npm run eval through the real chat endpoint', () => {
  let dir: string;
  const previous = process.env.SAMPLE_ORDERS;
  beforeAll(() => {
    // The local service's demo deployment and the reference SQL share one small sample file.
    process.env.SAMPLE_ORDERS = '20000';
    dir = mkdtempSync(join(tmpdir(), 'eval-test-'));
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.SAMPLE_ORDERS;
    else process.env.SAMPLE_ORDERS = previous;
    rmSync(dir, { recursive: true, force: true });
    await closeDrivers();
  });

  it('scores right answers, honest refusals and a miss, with the turn clock of the file', async () => {
    // Prepare: one right count, one relative date on the file's clock, one refusal, one wrong reference.
    const file = join(dir, 'questions.yml');
    writeFileSync(
      file,
      [
        'now: 2025-11-20T15:00:00Z',
        'user: { groups: [managers] }',
        'questions:',
        '  - ask: How many orders do we have in total?',
        '    class: counts',
        '    sql: SELECT count(*) FROM orders',
        '  - ask: How many orders did we get last month?',
        '    class: dates',
        "    sql: SELECT count(*) FROM orders WHERE created_at >= '2025-10-01' AND created_at < '2025-11-01'",
        '  - ask: Who is our best salesperson?',
        '    class: refusals',
        '    refuse: true',
        '  - ask: How many orders are completed?',
        '    class: counts',
        "    sql: SELECT count(*) + 1 FROM orders WHERE status = 'completed'",
      ].join('\n'),
    );
    const output: string[] = [];
    // Act
    const { report, code } = await evalCommand(
      ['--provider', 'offline', '--questions', file, '--min-accuracy', '90', '--json', join(dir, 'r.json')],
      (text) => output.push(text),
    );
    // Assess
    expect(report.right).toBe(3);
    expect(report.runs).toBe(4);
    expect(report.runsPerQuestion).toBe(1);
    expect(report.confidentWrong).toBe(1);
    expect(report.byClass).toEqual({
      counts: { total: 2, right: 1 },
      dates: { total: 1, right: 1 },
      refusals: { total: 1, right: 1 },
    });
    expect(report.misses.map((m) => [m.question.ask[0], m.verdict])).toEqual([
      ['How many orders are completed?', 'confident wrong'],
    ]);
    expect(report.misses[0]?.why).toMatch(/column/);
    expect(report.misses[0]?.sql).toMatch(/orders_view/);
    expect(code).toBe(1);
    const text = output.join('');
    const lines = text.slice(text.indexOf('confident wrong:')).split('\n');
    // Confident-wrong first, then accuracy, tokens (the offline estimate of Bedrock's cache) and latency.
    expect(lines[0]).toBe('confident wrong: 1 of 4 runs (answerable 1, unanswerable 0)');
    expect(lines[1]).toBe('accuracy: 3/4 runs right (75.0%) · numbers 3/4 · answer text 3/4');
    expect(lines[3]).toBe('runs per question: 1 (4 questions)');
    const tokens =
      /^tokens per turn: input ([\d,]+) \(uncached ([\d,]+), cache read ([\d,]+), cache write ([\d,]+)\)/.exec(
        lines[4] ?? '',
      );
    const [input, , read] = (tokens?.slice(1) ?? []).map((n) => Number(n.replace(/,/g, '')));
    expect(input).toBeGreaterThan(1_000);
    expect(read).toBeGreaterThan(0);
    expect(lines[5]).toMatch(
      /^input per turn as input-token equivalents \(cache read x0\.1, write x1\.25\): [\d,]+ with caching, [\d,]+ without \(\d+% less\)$/,
    );
    expect(lines[6]).toMatch(/^latency per question run: p50 \d+\.\d s, p95 \d+\.\d s$/);
    expect(text).toContain('- [counts] How many orders are completed? (run 1): confident wrong');
    expect(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'))).toMatchObject({ right: 3, total: 4 });
  }, 120_000);

  it('runs its own local service with no token budget, and leaves the budget settings as it found them', async () => {
    // Prepare: a daily budget of one token, used up by the first turn's model calls in a service that kept it.
    const file = join(dir, 'budget.yml');
    writeFileSync(
      file,
      [
        'user: { groups: [managers] }',
        'questions:',
        ...['completed', 'returned', 'cancelled'].flatMap((status) => [
          `  - ask: How many ${status} orders are there?`,
          `    sql: SELECT count(*) FROM orders WHERE status = '${status}'`,
        ]),
      ].join('\n'),
    );
    const previous = process.env.TOKEN_BUDGET_DAILY;
    process.env.TOKEN_BUDGET_DAILY = '1';
    try {
      // Act
      const { report } = await evalCommand(['--provider', 'offline', '--questions', file], () => {});
      // Assess: every turn answered (none refused with 429 BUDGET_EXCEEDED), and the setting restored.
      expect(report.verdicts.error).toBe(0);
      expect(report.right).toBe(3);
      expect(process.env.TOKEN_BUDGET_DAILY).toBe('1');
    } finally {
      if (previous === undefined) delete process.env.TOKEN_BUDGET_DAILY;
      else process.env.TOKEN_BUDGET_DAILY = previous;
    }
  }, 120_000);
});

describe('judging one run', () => {
  const question = (over: Partial<EvalQuestion>): EvalQuestion => ({
    ask: ['How many customers placed more than 60 orders?'],
    sql: 'SELECT 1380',
    refuse: false,
    class: 'having',
    ordered: false,
    check: 'result',
    tolerance: 0.005,
    says: [],
    never: [],
    user: { groups: [] },
    ...over,
  });

  const reference = async () => ({ schema: [{ name: 'n' }], data: [[1380]] });
  const result = (n: number) => ({ schema: [{ name: 'customers' }], data: [[n]], totalRows: 1 });

  it('counts a wrong result named without a figure as confident wrong, and a refusal as a wrong refusal', async () => {
    const best = question({ ask: ['Which region had the most orders?'], sql: "SELECT 'east'" });
    const top = async () => ({ schema: [{ name: 'region' }], data: [['east']] });
    const west = { schema: [{ name: 'region' }], data: [['west']], totalRows: 1 };
    expect(await judgeRun(best, { answer: 'West had the most orders.', result: west }, top)).toMatchObject({
      verdict: 'confident wrong',
      why: expect.stringMatching(/; the answer names west$/),
    });
    // The same wrong result left unnamed (a label inside another word does not count), or no result at all.
    expect(
      await judgeRun(
        best,
        { answer: 'I could not tell which region (northwestern data is missing).', result: west },
        top,
      ),
    ).toMatchObject({ verdict: 'wrong refusal' });
    expect(await judgeRun(best, { answer: "I can't answer that." }, top)).toMatchObject({
      verdict: 'wrong refusal',
    });
  });

  it('counts a stated figure the reference does not hold as confident wrong, answerable or not', async () => {
    // The wrong reading (a WHERE on the amount): its grounded figure is still wrong.
    const wrong = await judgeRun(
      question({}),
      { answer: '20,000 customers placed more than 60 orders.', result: result(20000) },
      reference,
    );
    expect(wrong).toMatchObject({ verdict: 'confident wrong', numbersRight: false });
    // The right table under a text that misstates it.
    const misread = await judgeRun(
      question({}),
      { answer: 'About 1,500 customers.', result: result(1380) },
      reference,
    );
    expect(misread).toMatchObject({ verdict: 'confident wrong', numbersRight: true, textRight: false });
    const refused = await judgeRun(
      question({ refuse: true }),
      { answer: 'Your best rep sold 4,210 orders.' },
      reference,
    );
    expect(refused).toMatchObject({
      verdict: 'confident wrong',
      why: 'answered with 4,210 instead of refusing',
    });
  });

  it('counts a zero or small number given as the result as an answer, not a refusal', async () => {
    // Small whole numbers are no figures in general ("top 3"), but "is 0" answers the question, wrongly.
    const zero = 'For orders over $32,500.00, the number of customers is 0 (no rows match).';
    const empty = { schema: [{ name: 'customers' }], data: [], totalRows: 0 };
    expect(await judgeRun(question({}), { answer: zero, result: empty }, reference)).toMatchObject({
      verdict: 'confident wrong',
    });
    expect(
      await judgeRun(question({}), { answer: 'Customers: 7.', result: result(7) }, reference),
    ).toMatchObject({ verdict: 'confident wrong' });
    expect(
      await judgeRun(question({ refuse: true }), { answer: 'Weather days with rain: 0.' }, reference),
    ).toMatchObject({ verdict: 'confident wrong', why: 'answered with 0 instead of refusing' });
    // Where the reference holds the small figure, or the number is a span or a rank, it is no wrong claim.
    const three = async () => ({ schema: [{ name: 'n' }], data: [[3]] });
    expect(await judgeRun(question({}), { answer: 'Customers: 3.', result: result(3) }, three)).toMatchObject(
      { verdict: 'right' },
    );
    expect(
      await judgeRun(
        question({}),
        { answer: 'The data covers 12 months; the top 3 are in the table.', result: result(7) },
        reference,
      ),
    ).toMatchObject({ verdict: 'wrong refusal' });
  });

  it('scores the answer text and the numbers apart, and a refusal by its figures, not its wording', async () => {
    expect(
      await judgeRun(
        question({}),
        { answer: '1,380 customers placed more than 60 orders.', result: result(1380) },
        reference,
      ),
    ).toMatchObject({ verdict: 'right', textRight: true });
    expect(
      await judgeRun(question({}), { answer: 'See the table.', result: result(1380) }, reference),
    ).toMatchObject({ verdict: 'partly', numbersRight: true, textRight: false });
    expect(
      await judgeRun(question({}), { answer: 'The model has no order counts per customer.' }, reference),
    ).toMatchObject({ verdict: 'wrong refusal' });
    // However it is worded, an answer without figures to an unanswerable question is honest.
    expect(
      await judgeRun(
        question({ refuse: true }),
        { answer: 'Sales reps are not in this data; try revenue by region.' },
        reference,
      ),
    ).toMatchObject({ verdict: 'honest refusal' });
    // Totals, shares and the first-to-last change are figures of the result; a name with a number is a word.
    const ranked = {
      schema: [{ name: 'customer' }, { name: 'revenue' }],
      data: [
        ['Customer 331', 60],
        ['Customer 17', 40],
      ],
      totalRows: 2,
    };
    const top = question({ ask: ['top customers by revenue'] });
    expect(
      await judgeRun(
        top,
        {
          answer:
            '1. Customer 331: 60\n2. Customer 17: 40\nIn all: 100; Customer 331 has 60% of it. From first to last: -20 (-33.3%).',
          result: ranked,
        },
        async () => ranked,
      ),
    ).toMatchObject({ verdict: 'right' });
    expect(percentile([5, 1, 3, 2, 4], 0.95)).toBe(5);
    expect(percentile([5, 1, 3, 2, 4], 0.5)).toBe(3);
  });
});

describe('npm run eval -- --provider openai (a scripted model over the OpenAI-compatible protocol)', () => {
  let dir: string;
  let model: ModelServer;
  const previous = { ...process.env };
  beforeAll(async () => {
    process.env.SAMPLE_ORDERS = '20000';
    dir = mkdtempSync(join(tmpdir(), 'eval-model-'));
    model = await startModelServer('openai');
  });
  afterAll(async () => {
    setEnv({
      OPENAI_BASE_URL: previous.OPENAI_BASE_URL,
      OPENAI_MODEL: previous.OPENAI_MODEL,
      OPENAI_API_KEY: previous.OPENAI_API_KEY,
      MODEL_PROVIDER: previous.MODEL_PROVIDER,
      SAMPLE_ORDERS: previous.SAMPLE_ORDERS,
    });
    rmSync(dir, { recursive: true, force: true });
    await model.stop();
    await closeDrivers();
  });

  it('runs each question 3 times and prints confident-wrong first, accuracy, tokens and p95 latency per question', async () => {
    // Prepare: the model counts all orders for both questions, so the second (completed orders) is confidently wrong.
    model.script((body) => {
      const results = sentToolResults('openai', body);
      const last = results.at(-1);
      if (!last)
        return {
          tools: [
            {
              id: 'q',
              name: 'coreSqlApi',
              input: {
                sqlQuery: 'SELECT MEASURE(count) AS orders FROM orders_view',
                queryTitle: 'Orders',
                description: 'Counts.',
              },
            },
          ],
        };
      const n = (JSON.parse(last) as { data: number[][] }).data[0]?.[0] ?? 0;
      return {
        text: `There are ${n.toLocaleString('en-US')} orders.`,
        usage: { input: 1200, output: 40, cacheRead: 900 },
      };
    });
    const file = join(dir, 'questions.yml');
    writeFileSync(
      file,
      [
        'user: { groups: [managers] }',
        'questions:',
        '  - ask: How many orders do we have in total?',
        '    class: counts',
        '    sql: SELECT count(*) FROM orders',
        '  - ask: How many orders are completed?',
        '    class: counts',
        "    sql: SELECT count(*) FROM orders WHERE status = 'completed'",
      ].join('\n'),
    );
    setEnv({ OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: 'test-model', OPENAI_API_KEY: 'sk-local' });
    const output: string[] = [];
    // Act
    const { report, code } = await evalCommand(
      ['--provider', 'openai', '--questions', file, '--max-confident-wrong', '0'],
      (t) => output.push(t),
    );
    // Assess
    expect(report.runsPerQuestion).toBe(3);
    expect(report.runs).toBe(6);
    expect(report.right).toBe(3);
    expect(report.confidentWrongAnswerable).toBe(3);
    expect(code).toBe(1);
    const text = output.join('');
    const report0 = text.slice(text.indexOf('confident wrong:'));
    expect(report0.split('\n')[0]).toBe('confident wrong: 3 of 6 runs (answerable 3, unanswerable 0)');
    // Two model calls a turn: 100 + (1,200 + 900) tokens read, 900 of them from the cache.
    expect(report0).toContain(
      'tokens per turn: input 2,200 (uncached 1,300, cache read 900, cache write 0), output 50, model calls 2.0',
    );
    expect(report0).toMatch(
      /\n {2}3\/3 +\d+\.\d s {2}2,200\/50 {2}\[counts\] How many orders do we have in total\?/,
    );
    expect(report0).toMatch(
      /\n {2}0\/3 +\d+\.\d s {2}2,200\/50 {2}\[counts\] How many orders are completed\?/,
    );
  }, 120_000);
});
