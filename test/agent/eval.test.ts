import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EvalUsageError, evalCommand, parseEvalArgs } from '../../functions/agent/eval/command';
import { parseQuestionFile } from '../../functions/agent/eval/questions';
import { judgeOutcome, outcomeOf } from '../../functions/agent/eval/run';
import { compareAnswer, compareResults, compareWording } from '../../functions/agent/eval/score';
import { closeDrivers } from '../../functions/semantic';

const schema = (...names: string[]) => names.map((name) => ({ name }));

describe('execution accuracy of one result', () => {
  const reference = {
    schema: schema('category', 'sum'),
    data: [
      ['toys', 10.5],
      ['grocery', 20],
    ],
  };

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

  it('reads labels in any case and a fall stated as its magnitude only beside a word for a fall', () => {
    const fastest = { schema: schema('region', 'growth'), data: [['east', -4.0]] };
    expect(compareAnswer(fastest, 'East fell the least: revenue declined 4.0%.')).toBeUndefined();
    expect(compareAnswer(fastest, 'East changed by -4.0%.')).toBeUndefined();
    expect(compareAnswer(fastest, 'East grew 4.0%.')).toBe('answer lacks -4');
    expect(compareAnswer(fastest, 'West fell 4.0%.')).toBe('answer lacks "east"');
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
      judgeOutcome(question, { answer, ...(result ? { result } : {}) }, reference);
    expect(await judge("I can't find orders in 2026: the data ends on 2025-12-31.")).toBeUndefined();
    expect(await judge('Revenue this year: (none). The data ends 2025-12-31.')).toBe(
      'answer says /\\(none\\)/',
    );
    expect(await judge('Revenue this year: 0.', { schema: schema('total'), data: [[0]] })).toBe(
      'answer lacks "2025-12-31"',
    );
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

  it('takes the final answer and the last successful query of a turn', () => {
    const result = (n: number) => JSON.stringify({ sqlQuery: `q${n}`, schema: [{ name: 'n' }], data: [[n]] });
    const outcome = outcomeOf([
      { role: 'assistant', toolCall: { name: 'coreSqlApi', input: '{}', result: result(1) } },
      { role: 'assistant', toolCall: { name: 'coreSqlApi', input: '{}', result: result(2) } },
      { role: 'assistant', toolCall: { name: 'coreSqlApi', input: '{}', result: 'Error: bad SQL' } },
      { role: 'assistant', graphPath: ['final'], content: 'Two.', isDelta: false },
      { role: 'assistant', state: { chatId: 'c', status: 'completed' } },
    ]);
    expect(outcome).toEqual({
      answer: 'Two.',
      result: { schema: [{ name: 'n' }], data: [[2]], sqlQuery: 'q2' },
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
    expect(report.total).toBe(4);
    expect(report.confidentWrong).toBe(0);
    expect(report.byClass).toEqual({
      counts: { total: 2, right: 1 },
      dates: { total: 1, right: 1 },
      refusals: { total: 1, right: 1 },
    });
    expect(report.misses.map((m) => m.question.ask[0])).toEqual(['How many orders are completed?']);
    expect(report.misses[0]?.why).toMatch(/column/);
    expect(report.misses[0]?.sql).toMatch(/orders_view/);
    expect(code).toBe(1);
    const text = output.join('');
    expect(text).toContain('execution accuracy: 3/4 (75.0%)');
    expect(text).toContain('- [counts] How many orders are completed?');
    expect(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'))).toMatchObject({ right: 3, total: 4 });
  }, 120_000);
});
