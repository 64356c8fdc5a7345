/** The widget's reading of the chat stream: line splitting and the turn reducer (pure, no browser). */
import fc from 'fast-check';
import {
  applyMessage,
  LineSplitter,
  newTurn,
  parseLine,
  parsePayload,
  rowsAsObjects,
  toSqlResult,
  type WireMessage,
} from '../../functions/web/widget/protocol';
import { answerLines } from './support/replay';

const asMessages = (lines: Record<string, unknown>[]) => lines as unknown as WireMessage[];

describe('LineSplitter', () => {
  test('any chunking of the byte stream yields the same lines', () => {
    const lineText = fc.string({ maxLength: 30 }).map((text) => text.replace(/\n/g, ' '));
    fc.assert(
      fc.property(
        fc.array(lineText, { maxLength: 12 }),
        fc.array(fc.nat(40), { maxLength: 10 }),
        (lines, cuts) => {
          // Prepare
          const text = lines.map((line) => `${line}\n`).join('');
          const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
          const splitter = new LineSplitter();
          const seen: string[] = [];
          // Act
          let from = 0;
          for (const point of [...points, text.length]) {
            seen.push(...splitter.push(text.slice(from, point)));
            from = point;
          }
          seen.push(...splitter.flush());
          // Assess
          expect(seen).toEqual(lines.map((line) => line.trim()).filter(Boolean));
        },
      ),
    );
  });

  test('a last line without a newline is returned by flush', () => {
    const splitter = new LineSplitter();
    expect(splitter.push('{"id":"a"}\n{"id":')).toEqual(['{"id":"a"}']);
    expect(splitter.push('"b"}')).toEqual([]);
    expect(splitter.flush()).toEqual(['{"id":"b"}']);
  });

  test('parseLine ignores what is not a message', () => {
    expect(parseLine('not json')).toBeUndefined();
    expect(parseLine('[1,2]')).toBeUndefined();
    expect(parseLine('{"role":"assistant"}')).toBeUndefined();
    expect(parseLine('{"id":"x","role":"assistant"}')).toEqual({ id: 'x', role: 'assistant' });
  });
});

describe('applyMessage', () => {
  test('folds a whole turn: thread id, interim note with thinking, two tool steps, final answer, status', () => {
    // Prepare
    const turn = newTurn('Total by region?');
    const lines = asMessages([
      { id: '__cutoff__', role: 'assistant', state: { chatId: 'c-1', isStreaming: true }, sort: 0 },
      { id: '1700000000000-message', role: 'user', content: 'Total by region?', isDelta: false, sort: 1 },
      ...answerLines('Total by region?', 'chart'),
      { id: '__state__', role: 'assistant', state: { chatId: 'c-1', status: 'completed' } },
    ]);

    // Act
    const changes = lines.map((line) => applyMessage(turn, line));

    // Assess
    expect(changes[0]).toEqual({ kind: 'chat', chatId: 'c-1' });
    expect(changes[1]).toEqual({ kind: 'none' });
    expect(turn.chatId).toBe('c-1');
    expect(turn.status).toBe('completed');
    expect(turn.steps.map((step) => `${step.kind}:${step.id}`)).toEqual([
      'text:m-think',
      'tool:t-meta',
      'tool:t-sql',
      'text:m-answer',
    ]);
    const [think, meta, sql, answer] = turn.steps;
    expect(think).toMatchObject({
      content: 'Let me look at the data model.',
      thinking: 'The user wants totals per region.',
      inProcess: false,
    });
    expect(meta).toMatchObject({ status: 'done', input: { searchQuery: 'total amount region' } });
    expect(sql?.kind === 'tool' && sql.sql).toMatchObject({
      sqlQuery: expect.stringContaining('MEASURE(total_amount)'),
      queryTitle: 'Total amount by region',
      columns: [
        { name: 'region', type: 'VARCHAR' },
        { name: 'total_amount', type: 'DOUBLE' },
      ],
      totalRows: 4,
      vegaSpec: expect.objectContaining({ mark: { type: 'bar' } }),
    });
    expect(answer?.kind === 'text' && answer.content).toBe(turn.final);
    expect(turn.final).toContain('The **east** region');
  });

  test('deltas accumulate while in process, and the complete copy replaces them', () => {
    const turn = newTurn('q');
    const agent = ['core_data_analyst_agent'];
    applyMessage(turn, {
      id: 'm',
      role: 'assistant',
      content: 'Hel',
      graphPath: agent,
      isDelta: true,
      isInProcess: true,
    });
    applyMessage(turn, {
      id: 'm',
      role: 'assistant',
      content: 'lo',
      graphPath: agent,
      isDelta: true,
      isInProcess: true,
    });
    expect(turn.steps[0]).toMatchObject({ content: 'Hello', inProcess: true });
    applyMessage(turn, {
      id: 'm',
      role: 'assistant',
      content: 'Hello!',
      graphPath: agent,
      isDelta: false,
      isInProcess: false,
    });
    expect(turn.steps[0]).toMatchObject({ content: 'Hello!', inProcess: false });
  });

  test('a tool result with an error property marks the step failed with its message', () => {
    const turn = newTurn('q');
    for (const line of asMessages(answerLines('q', 'failure'))) applyMessage(turn, line);
    const sql = turn.steps.find((step) => step.id === 't-sql');
    expect(sql).toMatchObject({ status: 'failed', error: 'Column "regionz" does not exist in orders_view' });
  });

  test('an aborted turn marks still-running tools as stopped; an error turn keeps its reason', () => {
    const aborted = newTurn('q');
    applyMessage(aborted, {
      id: 't',
      role: 'assistant',
      toolCall: { name: 'coreSqlApi', input: '{"sqlQuery":"SELECT 1"}' },
      graphPath: ['core_data_analyst_agent', 'tools'],
      isInProcess: true,
    });
    expect(aborted.steps[0]).toMatchObject({ status: 'running' });
    applyMessage(aborted, { id: '__state__', role: 'assistant', state: { chatId: 'c', status: 'aborted' } });
    expect(aborted.status).toBe('aborted');
    expect(aborted.steps[0]).toMatchObject({ status: 'failed', error: 'Stopped' });

    const failed = newTurn('q');
    applyMessage(failed, { id: '__state__', state: { status: 'error', error: 'Model timed out' } });
    expect(failed).toMatchObject({ status: 'error', error: 'Model timed out' });
  });

  test("Cube's end frames: the error line (no id) and __suspended__ say why; __aborted__ and __usage__ change nothing", () => {
    const lines = [
      '{"id":"__state__","role":"assistant","state":{"chatId":"c","status":"error","isStreaming":false,"messages":[]},"sort":7}',
      '{"id":"__suspended__","role":"assistant","type":"suspend","code":"chat_suspended","retryable":false,"messageId":"1-message","error":"Out of time","sort":8}',
      '{"error":"The answer took longer than its time limit.","sort":9}',
      '{"id":"__usage__","type":"usage","usage":{"models":["offline"],"llmCalls":2},"sort":10}',
    ];
    const messages = lines.map((line) => parseLine(line));
    expect(messages[2]).toEqual({ id: '', error: 'The answer took longer than its time limit.' });
    const failed = newTurn('q');
    const changes = messages.map((message) => (message ? applyMessage(failed, message).kind : 'unparsed'));
    expect(changes).toEqual(['status', 'status', 'status', 'none']);
    expect(failed).toMatchObject({ status: 'error', error: 'The answer took longer than its time limit.' });

    const stopped = newTurn('q');
    applyMessage(stopped, { id: '__state__', role: 'assistant', state: { status: 'aborted' } });
    const frame = { id: '__aborted__', role: 'assistant', type: 'abort', error: 'Stopped by the user' };
    expect(applyMessage(stopped, frame).kind).toBe('none');
    expect(stopped).toMatchObject({ status: 'aborted' });
    expect(stopped.error).toBeUndefined();
    // A completed turn is not turned into an error by a stray error line.
    const done = newTurn('q');
    applyMessage(done, { id: '__state__', role: 'assistant', state: { status: 'completed' } });
    applyMessage(done, { id: '', error: 'late' });
    expect(done).toMatchObject({ status: 'completed' });
  });

  test("Cube's tool names render like ours: cubeSqlApi results become a table", () => {
    const turn = newTurn('q');
    const call = {
      id: 't',
      role: 'assistant',
      graphPath: ['cube_data_analyst_agent', 'tools'],
      isInProcess: false,
      toolCall: {
        name: 'cubeSqlApi',
        input: '{"sqlQuery":"SELECT 1 AS n"}',
        result: '{"schema":[{"name":"n","column_type":"number"}],"data":[[1]],"totalRows":1}',
      },
    };
    applyMessage(turn, call);
    expect(turn.steps[0]).toMatchObject({ status: 'done', sql: { rows: [[1]], totalRows: 1 } });
  });

  test('only role assistant with graphPath[0] final and length <= 2 is the final answer', () => {
    const turn = newTurn('q');
    applyMessage(turn, { id: 'x', role: 'assistant', content: 'deep', graphPath: ['final', 'a', 'b'] });
    expect(turn.final).toBeUndefined();
    applyMessage(turn, { id: 'f', role: 'user', content: 'not me', graphPath: ['final'] });
    expect(turn.final).toBeUndefined();
    applyMessage(turn, { id: 'f', role: 'assistant', content: 'The answer', graphPath: ['final'] });
    expect(turn.final).toBe('The answer');
  });
});

describe('tool payloads', () => {
  test('payloads are JSON strings; anything else is kept as text', () => {
    expect(parsePayload('{"a":1}')).toEqual({ a: 1 });
    expect(parsePayload('plain words')).toEqual({ text: 'plain words' });
    expect(parsePayload(undefined)).toEqual({});
  });

  test('rows map onto schema column names for the chart', () => {
    const result = toSqlResult(
      {
        schema: [
          { name: 'month', column_type: 'TIMESTAMP' },
          { name: 'total', column_type: 'DOUBLE' },
        ],
        data: [
          ['2024-01-01', 10],
          ['2024-02-01', 12.5],
        ],
        totalRows: 240,
        vegaSpec: '{"mark":"line"}',
      },
      { sqlQuery: 'SELECT 1', queryTitle: 'From the input' },
    );
    expect(result).toMatchObject({ totalRows: 240, sqlQuery: 'SELECT 1', queryTitle: 'From the input' });
    expect(result.vegaSpec).toEqual({ mark: 'line' });
    expect(rowsAsObjects(result)).toEqual([
      { month: '2024-01-01', total: 10 },
      { month: '2024-02-01', total: 12.5 },
    ]);
  });
});
