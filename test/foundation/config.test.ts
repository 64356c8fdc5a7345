import { LOCAL_CURSOR_SECRET, parseConfig } from '../../functions/config';

describe('config', () => {
  test('an empty environment takes every default', () => {
    expect(parseConfig({})).toEqual({
      region: undefined,
      inLambda: false,
      dynamodbEndpoint: undefined,
      tableName: undefined,
      externalUserLimit: 10_000,
      embedTokenSecret: { value: undefined },
      cursorSecret: { value: LOCAL_CURSOR_SECRET },
      originVerifySecret: undefined,
      logLevel: 'info',
      metrics: false,
      allowedOrigins: [],
      keepaliveMs: 15_000,
      sqlTimeoutMs: 30_000,
      maxCellChars: 1_048_576,
      maxResultBytes: 64 * 1_048_576,
      duckdb: { memoryLimit: '1GB', threads: '2' },
      sampleOrders: 1_000_000,
      sampleDataDir: undefined,
      tokenBudgets: { daily: 20_000_000, monthly: 400_000_000 },
      cubeTokenKey: { value: 'embedded-analytics-local-cube-token-key' },
      dataDir: undefined,
      chat: {
        turnTimeoutMs: 120_000,
        leaseMs: 30_000,
        abortPollMs: 300,
        followPollMs: 150,
        abortGraceMs: 300,
        snapshotMs: 500,
        historyLines: 300,
      },
      analystNow: undefined,
      model: {
        provider: 'offline',
        offlineDelayMs: 0,
        offlinePromptCache: false,
        bedrock: { modelId: 'global.anthropic.claude-haiku-5-5', promptCaching: 'auto' },
        openai: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' },
      },
    });
  });

  test('the model provider: names folded, numbers checked, an ARN kept apart from a plain key', () => {
    const parsed = parseConfig({
      MODEL_PROVIDER: ' Bedrock ',
      AWS_REGION: 'eu-west-1',
      BEDROCK_MAX_TOKENS: '2048',
      BEDROCK_REASONING_BUDGET: 'lots',
      OPENAI_API_KEY_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:k',
      OFFLINE_DELAY_MS: '0',
    });
    expect(parsed.model.provider).toBe('bedrock');
    expect(parsed.model.bedrock).toEqual({
      modelId: 'eu.anthropic.claude-haiku-5-5',
      region: 'eu-west-1',
      maxTokens: 2048,
      promptCaching: 'auto',
    });
    // Sampling and caching: a temperature from 0 to 2 for both providers, caching on, off or auto.
    const tuned = parseConfig({
      MODEL_TEMPERATURE: '0.3',
      BEDROCK_PROMPT_CACHING: 'off',
      OPENAI_MAX_TOKENS: '8000',
    });
    expect(tuned.model.bedrock).toMatchObject({ temperature: 0.3, promptCaching: 'off' });
    expect(tuned.model.openai).toMatchObject({ temperature: 0.3, maxTokens: 8000 });
    expect(parseConfig({ MODEL_TEMPERATURE: '7' }).model.bedrock.temperature).toBeUndefined();
    expect(parsed.model.openai.apiKeySecretArn).toBe('arn:aws:secretsmanager:eu-west-1:1:secret:k');
    expect(parsed.model.offlineDelayMs).toBe(0);
    expect(parseConfig({ OFFLINE_DELAY_MS: '40' }).model.offlineDelayMs).toBe(40);
  });

  test('chat timings and the analyst clock: unusable values take the defaults', () => {
    const parsed = parseConfig({
      CHAT_TURN_TIMEOUT_MS: '5000',
      CHAT_LEASE_MS: '0',
      ANALYST_NOW: '2026-03-15T12:00:00Z',
    });
    expect(parsed.chat.turnTimeoutMs).toBe(5000);
    expect(parsed.chat.leaseMs).toBe(30_000);
    expect(parsed.analystNow).toBe(Date.parse('2026-03-15T12:00:00Z'));
    expect(parseConfig({ ANALYST_NOW: 'yesterday' }).analystNow).toBeUndefined();
  });

  test('numbers that are not usable fall back to their defaults', () => {
    const parsed = parseConfig({
      STREAM_KEEPALIVE_MS: 'soon',
      SQL_TIMEOUT_MS: '-5',
      EXTERNAL_USER_LIMIT: '0',
    });
    expect([parsed.keepaliveMs, parsed.sqlTimeoutMs, parsed.externalUserLimit]).toEqual([
      15_000, 30_000, 10_000,
    ]);
    expect(parseConfig({ SQL_TIMEOUT_MS: '90000' }).sqlTimeoutMs).toBe(90_000);
  });

  test('an ARN wins over a plain secret, and lists drop blanks', () => {
    const parsed = parseConfig({
      EMBED_TOKEN_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:t',
      EMBED_TOKEN_SECRET: 'plain',
      ORIGIN_VERIFY_SECRET: 'new, ,old',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example,',
      LOG_LEVEL: 'loud',
    });
    expect(parsed.embedTokenSecret).toEqual({ arn: 'arn:aws:secretsmanager:eu-west-1:1:secret:t' });
    expect(parsed.originVerifySecret).toEqual({ values: ['new', 'old'] });
    expect(parsed.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(parsed.logLevel).toBe('info');
  });

  test('metrics are on in Lambda unless METRICS=off, and anywhere with METRICS=emf', () => {
    expect(parseConfig({ AWS_LAMBDA_FUNCTION_NAME: 'chat' }).metrics).toBe(true);
    expect(parseConfig({ AWS_LAMBDA_FUNCTION_NAME: 'chat', METRICS: 'off' }).metrics).toBe(false);
    expect(parseConfig({ METRICS: 'emf' }).metrics).toBe(true);
  });
});

test('token budgets: a whole number, none or 0 for no budget, anything else the default', () => {
  const budgets = (daily: string, monthly?: string) =>
    parseConfig({ TOKEN_BUDGET_DAILY: daily, ...(monthly ? { TOKEN_BUDGET_MONTHLY: monthly } : {}) })
      .tokenBudgets;
  expect(budgets('5000', 'none')).toEqual({ daily: 5000, monthly: undefined });
  expect(budgets('0', ' NONE ')).toEqual({ daily: undefined, monthly: undefined });
  expect(budgets('lots', '1.5')).toEqual({ daily: 20_000_000, monthly: 400_000_000 });
});
