/** npm start's steps (bin/start-steps.ts): each says what it does and about how long is left, from the last start. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSteps } from '../../bin/start-steps';

const STEPS = [
  { id: 'widget', label: 'Building the chat widget' },
  { id: 'dynamodb', label: 'Starting DynamoDB Local (Java)' },
  { id: 'seed', label: 'Creating the table and the demo seed' },
];

test('a first start estimates from the first-start times; the next one from what this machine took', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'start-steps-'));
  const file = path.join(dir, 'start-times.json');
  try {
    let text = '';
    const out = { write: (chunk: string) => (text += chunk) };
    const first = startSteps(STEPS, out, file);
    expect(await first.run('widget', async () => 'assets')).toBe('assets');
    await first.run('dynamodb', () => new Promise((resolve) => setTimeout(resolve, 50)));
    await first.run('seed', async () => undefined);
    first.finish();
    expect(text.split('\n')).toEqual([
      'Starting the local service: 3 steps, about 7 s.',
      '[1/3] Building the chat widget (about 7 s left)',
      '[2/3] Starting DynamoDB Local (Java) (about 6 s left)',
      '[3/3] Creating the table and the demo seed (about 2 s left)',
      expect.stringMatching(/^Ready in \d+\.\d s \(widget \d+\.\d s, dynamodb 0\.\d s, seed \d+\.\d s\)\.$/),
      '',
    ]);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
    // A 50 ms timer can fire a millisecond early as Date.now() counts it (libuv's loop clock is cached and
    // truncated to whole milliseconds): the kept time is this step's own, within that slack.
    expect(kept.dynamodb).toBeGreaterThanOrEqual(45);

    writeFileSync(file, JSON.stringify({ widget: 200, dynamodb: 3_000, seed: 1_400 }));
    text = '';
    const second = startSteps(STEPS, out, file);
    await second.run('widget', async () => undefined);
    expect(text).toBe(
      'Starting the local service: 3 steps, about 5 s.\n[1/3] Building the chat widget (about 5 s left)\n',
    );
    await expect(second.run('sample', async () => undefined)).rejects.toThrow(/unknown step sample/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
