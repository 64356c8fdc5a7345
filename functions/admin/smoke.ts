/**
 * `npm run admin -- smoke`: after a deploy, one chat turn and one SQL query against the deployed stack, through
 * its base URL like any caller, with a temporary API key (created in the table, revoked at the end). It says
 * plainly what failed (docs/operating.md, _After a deploy: smoke_).
 */
import { NotFoundError, SmokeFailedError } from '../errors';
import { FRAME } from '../protocol';
import { parseModel } from '../semantic';
import { agents } from '../store/agents';
import { apiKeys } from '../store/api-keys';
import type { Store } from '../store/client';
import { deployments } from '../store/deployments';

export interface SmokeOptions {
  /** `{base_url}`: the stack output BaseUrl (or `npm start`'s address). */
  baseUrl: string;
  account: string;
  /** The agent to talk to; default: the account's first. */
  agentId?: string;
  question?: string;
  /** The SQL to run; default: the first measure of the deployment's first view (or cube). */
  sql?: string;
  /** Each check's time limit. */
  timeoutMs?: number;
}

export interface SmokeCheck {
  name: 'health' | 'chat' | 'sql';
  ok: boolean;
  ms: number;
  /** What was seen: a status, the answer's first words, the rows. */
  detail: string;
  /** What to look at when it failed. */
  hint?: string;
}

export interface SmokeReport {
  ok: boolean;
  baseUrl: string;
  account: string;
  agentId: string;
  deploymentId: number;
  checks: SmokeCheck[];
}

const SMOKE_USER = { externalId: 'smoke-test' };
const DEFAULT_QUESTION = 'How many rows are there in total?';

interface Line {
  id?: string;
  content?: string;
  graphPath?: string[];
  error?: string;
  state?: { status?: string; reason?: string };
  usage?: { models?: string[]; llmCalls?: number; totalTokens?: number };
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await run();
  return { value, ms: Date.now() - started };
}

const excerpt = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Hints for the failures a first deploy meets, from what the stream or the error body said. */
function hintFor(text: string): string | undefined {
  if (/AccessDenied|not authorized|don't have access|access to the model/i.test(text)) {
    return 'Bedrock refused the model: enable model access for it in this account and region (Bedrock console → Model access), and check bedrockModelId (docs/operating.md, Choosing the model).';
  }
  if (/end of (its )?life|ResourceNotFound|model identifier is invalid|on-demand throughput/i.test(text)) {
    return 'The model id is retired or not served this way: deploy with a current inference-profile id (-c bedrockModelId=...).';
  }
  if (/Throttl|Too many/i.test(text))
    return 'Bedrock throttled the call: request a quota increase for the model.';
  if (/BUDGET_EXCEEDED/.test(text)) return "The account's token budget is spent (account set-budget).";
  if (/FORBIDDEN|base URL/.test(text)) {
    return 'Refused as not coming through CloudFront: use the BaseUrl output, not a function URL.';
  }
  return undefined;
}

async function health(baseUrl: string, timeoutMs: number): Promise<SmokeCheck> {
  try {
    const { value: response, ms } = await timed(() =>
      fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(timeoutMs) }),
    );
    const body = await response.text();
    const ok = response.status === 200;
    return { name: 'health', ok, ms, detail: `${response.status} ${excerpt(body)}`, ...hint(body, ok) };
  } catch (error) {
    return {
      name: 'health',
      ok: false,
      ms: 0,
      detail: `no answer from ${baseUrl}/health: ${String(error)}`,
      hint: 'Check the base URL (the stack output BaseUrl) and that the deploy finished.',
    };
  }
}

const hint = (text: string, ok: boolean) => {
  const found = ok ? undefined : hintFor(text);
  return found ? { hint: found } : {};
};

async function chatTurn(
  options: SmokeOptions,
  key: string,
  agentId: string,
  timeoutMs: number,
): Promise<SmokeCheck> {
  const url = `${options.baseUrl}/api/v1/public/${encodeURIComponent(options.account)}/agents/${encodeURIComponent(agentId)}/chat/stream-chat-state`;
  const started = Date.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Api-Key ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: options.question ?? DEFAULT_QUESTION, sessionSettings: SMOKE_USER }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const ms = Date.now() - started;
    if (response.status !== 200) {
      return {
        name: 'chat',
        ok: false,
        ms,
        detail: `${response.status} ${excerpt(text, 300)}`,
        ...hint(text, false),
      };
    }
    const lines = text
      .split('\n')
      .filter(Boolean)
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Line];
        } catch {
          return [];
        }
      });
    const state = lines.find((line) => line.id === FRAME.state)?.state;
    const usage = lines.find((line) => line.id === FRAME.usage)?.usage;
    const answer = lines
      .filter((line) => line.graphPath?.join('/') === 'final' && line.content)
      .at(-1)?.content;
    const error = lines.find((line) => line.id === undefined && typeof line.error === 'string')?.error;
    const ok = state?.status === 'completed';
    const model = usage?.models?.join(', ') || 'no model call';
    const detail = ok
      ? `completed: "${excerpt(answer ?? '')}" (${model}, ${usage?.llmCalls ?? 0} calls, ${usage?.totalTokens ?? 0} tokens)`
      : `the turn ended ${state?.status ?? 'without a __state__ line'}${state?.reason ? ` (${state.reason})` : ''}: ${error ?? answer ?? 'no error text'}`;
    return { name: 'chat', ok, ms, detail, ...hint(`${error ?? ''} ${detail}`, ok) };
  } catch (error) {
    return {
      name: 'chat',
      ok: false,
      ms: Date.now() - started,
      detail: `no complete answer: ${String(error)}`,
    };
  }
}

/** The default query: a measure of the first view (else cube) of the deployment's default branch. */
async function defaultSql(store: Store, account: string, deploymentId: number): Promise<string> {
  const deployment = await deployments.get(store, account, deploymentId);
  if (!deployment)
    throw new NotFoundError('DEPLOYMENT', `Deployment ${deploymentId} of ${account} not found`);
  const model = await deployments.getModel(store, account, deploymentId, deployment.defaultBranch);
  if (!model)
    throw new NotFoundError(
      'MODEL',
      `Deployment ${deploymentId} has no model on ${deployment.defaultBranch}`,
    );
  const objects = [...parseModel(model.files).objects.values()].sort((a, b) =>
    a.kind === b.kind ? 0 : a.kind === 'view' ? -1 : 1,
  );
  for (const object of objects) {
    const measure = object.members.find((m) => m.kind === 'measure' && !m.hidden && !m.unsupported);
    if (measure) return `SELECT MEASURE(${measure.name}) FROM ${object.name}`;
  }
  throw new NotFoundError(
    'MODEL',
    `The model of deployment ${deploymentId} has no measure to query: pass --sql`,
  );
}

async function sqlQuery(
  options: SmokeOptions,
  key: string,
  deploymentId: number,
  sql: string,
  timeoutMs: number,
): Promise<SmokeCheck> {
  const started = Date.now();
  try {
    const response = await fetch(`${options.baseUrl}/api/v1/deployments/${deploymentId}/sql`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: sql, sessionSettings: SMOKE_USER }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const ms = Date.now() - started;
    const ok = response.status === 200;
    let detail = `${response.status} ${excerpt(text, 300)}`;
    if (ok) {
      const body = JSON.parse(text) as { data?: unknown[]; rows?: unknown[] };
      const rows = body.data ?? body.rows ?? [];
      detail = `${sql}: ${rows.length} row(s), first ${excerpt(JSON.stringify(rows[0] ?? null))}`;
    }
    return { name: 'sql', ok, ms, detail, ...hint(text, ok) };
  } catch (error) {
    return {
      name: 'sql',
      ok: false,
      ms: Date.now() - started,
      detail: `${sql}: no answer: ${String(error)}`,
    };
  }
}

/** Runs the smoke test; throws SmokeFailedError (with the report) when any check failed. */
export async function smoke(store: Store, options: SmokeOptions): Promise<SmokeReport> {
  const timeoutMs = options.timeoutMs ?? 180_000;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const agent = options.agentId
    ? await agents.get(store, options.account, options.agentId)
    : (await agents.list(store, options.account))[0];
  if (!agent) {
    throw new NotFoundError(
      'AGENT',
      options.agentId
        ? `Agent ${options.agentId} of ${options.account} not found`
        : `Account ${options.account} has no agent: create one with agent create`,
    );
  }
  const sql = options.sql ?? (await defaultSql(store, options.account, agent.deploymentId));
  const created = await apiKeys.create(store, {
    account: options.account,
    role: 'admin',
    description: 'smoke test (revoked when it ends)',
  });
  const checks: SmokeCheck[] = [];
  try {
    const run = { ...options, baseUrl };
    checks.push(await health(baseUrl, timeoutMs));
    checks.push(await chatTurn(run, created.key, agent.agentId, timeoutMs));
    checks.push(await sqlQuery(run, created.key, agent.deploymentId, sql, timeoutMs));
  } finally {
    await apiKeys.revoke(store, options.account, created.record.keyId);
  }
  const report: SmokeReport = {
    ok: checks.every((check) => check.ok),
    baseUrl,
    account: options.account,
    agentId: agent.agentId,
    deploymentId: agent.deploymentId,
    checks,
  };
  const failed = checks.filter((check) => !check.ok);
  if (failed.length > 0) {
    const sentences = failed.map(
      (check) => `${check.name} failed: ${check.detail}${check.hint ? ` (${check.hint})` : ''}`,
    );
    throw new SmokeFailedError(sentences.join('; '), report);
  }
  return report;
}
