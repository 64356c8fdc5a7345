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
    });
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
