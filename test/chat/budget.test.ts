/**
 * Issue 30: per-account model token budgets, set with the CLI, enforced before a turn starts (429 BUDGET_EXCEEDED
 * naming the budget and its reset, Retry-After), counted when a turn ends. Through the local service.
 */
import { clearAuthCache } from '../../functions/access/auth';
import { runCommand } from '../../functions/admin/cli';
import { tokenUsage } from '../../functions/store/token-usage';
import { snapshot } from '../support/http';
import { startService, type TestService } from '../support/service';
import { chat, chatUrl, stateOf } from './support';

let svc: TestService;

beforeAll(async () => {
  svc = await startService();
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

const cli = (...args: string[]) => runCommand(svc.service.store, args, async () => []);
let n = 0;
const turn = () =>
  chat(
    chatUrl(svc.baseUrl),
    { input: 'total amount by region', sessionSettings: { externalId: `b-${n++}` } },
    {
      key: svc.adminKey,
    },
  );

/** Sets the demo account's budgets and drops the 30 s account cache, as a warm function's would expire. */
async function budgets(...args: string[]) {
  const result = await cli('account', 'set-budget', '--name', 'demo', ...args);
  clearAuthCache();
  return result as { tokenBudgets: Record<string, unknown>; usedTokens: Record<string, number> };
}

test('a turn counts every token it used against the day and the month', async () => {
  const before = await tokenUsage.get(svc.service.store, 'demo');
  const reply = await turn();
  expect(stateOf(reply.lines)?.status).toBe('completed');
  const usage = reply.lines.find((line) => line.id === '__usage__')?.usage;
  expect(usage?.totalTokens).toBeGreaterThan(0);
  const after = await tokenUsage.get(svc.service.store, 'demo');
  expect(after.daily - before.daily).toBe(usage?.totalTokens);
  expect(after.monthly - before.monthly).toBe(usage?.totalTokens);
});

test('once the daily budget is used up, a new turn is refused before it starts, naming the budget and its reset', async () => {
  const { usedTokens } = await budgets('--daily', '1');
  expect(usedTokens.daily).toBeGreaterThanOrEqual(1);
  const before = await snapshot(svc.service.store);
  const reply = await turn();
  expect(reply.status).toBe(429);
  const midnight = new Date();
  midnight.setUTCHours(24, 0, 0, 0);
  expect(reply.error).toEqual({
    error: expect.stringMatching(
      /^The daily model token budget of account demo is used up \(\d+ of 1 tokens\); it resets at \d{4}-\d\d-\d\dT00:00:00\.000Z$/,
    ),
    code: 'BUDGET_EXCEEDED',
    details: {
      account: 'demo',
      budget: 'daily',
      limitTokens: 1,
      usedTokens: usedTokens.daily,
      resetsAt: midnight.toISOString(),
    },
  });
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(Math.abs(retryAfter - (midnight.getTime() - Date.now()) / 1000)).toBeLessThan(60);
  // Refused before anything was written: no user, no thread, no rate use.
  expect(await snapshot(svc.service.store)).toBe(before);
});

test('the monthly budget refuses the same way, until the first of next month; none lifts a budget', async () => {
  await budgets('--daily', 'none', '--monthly', '1');
  const reply = await turn();
  expect([reply.status, reply.error?.code]).toEqual([429, 'BUDGET_EXCEEDED']);
  const next = new Date();
  next.setUTCMonth(next.getUTCMonth() + 1, 1);
  next.setUTCHours(0, 0, 0, 0);
  expect(reply.error).toMatchObject({ details: { budget: 'monthly', resetsAt: next.toISOString() } });
  const lifted = await budgets('--monthly', 'none');
  expect(lifted.tokenBudgets).toEqual({ daily: 'none', monthly: 'none' });
  expect(stateOf((await turn()).lines)?.status).toBe('completed');
});

test('default returns to the deployment default (TOKEN_BUDGET_DAILY), and bad values are usage errors', async () => {
  process.env.TOKEN_BUDGET_DAILY = '2';
  try {
    const back = await budgets('--daily', 'default', '--monthly', 'default');
    expect(back.tokenBudgets).toEqual({ daily: 2, monthly: 400_000_000 });
    expect((await turn()).error).toMatchObject({ details: { budget: 'daily', limitTokens: 2 } });
  } finally {
    delete process.env.TOKEN_BUDGET_DAILY;
  }
  await expect(cli('account', 'set-budget', '--name', 'demo', '--daily', 'lots')).rejects.toThrow(
    /--daily must be a positive integer/,
  );
  await expect(cli('account', 'set-budget', '--name', 'demo')).rejects.toThrow(/--daily and\/or --monthly/);
  await expect(cli('account', 'set-budget', '--name', 'ghost', '--daily', '5')).rejects.toMatchObject({
    code: 'ACCOUNT_NOT_FOUND',
  });
});
