/** Issue 18 item 7: every setting is a context value, so no deploy loses a hand-made change; secrets by ARN. */
import { App } from 'aws-cdk-lib';
import { functionIds } from '../../functions/routes';
import { readConfig } from '../../lib/config';
import { statementsOf, synthesize } from './support';

const KEY_ARN = 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:openai-key-AbCdEf';

describe('settings from context', () => {
  const synth = synthesize({
    modelProvider: 'openai',
    openaiBaseUrl: 'https://llm.internal/v1',
    openaiApiKeySecretArn: KEY_ARN,
    logLevel: 'warn',
    chatTurnTimeoutSeconds: '400',
    sqlTimeoutSeconds: '90',
    embedAssetsUrl: 'https://cdn.example.com/embed/',
    externalUserLimit: '500',
  });
  const resources = synth.template.toJSON().Resources;
  const fnOf = (id: string) => resources[synth.functionIds.get(id) ?? ''].Properties;

  it('sets LOG_LEVEL on every function', () => {
    for (const id of functionIds()) expect(fnOf(id).Environment.Variables.LOG_LEVEL).toBe('warn');
  });

  it('sets the keepalive interval of the chat stream from context', () => {
    const custom = synthesize({ keepaliveSeconds: '20' });
    const chat = custom.template.toJSON().Resources[custom.functionIds.get('chat-stream') ?? ''];
    expect(chat.Properties.Environment.Variables.STREAM_KEEPALIVE_MS).toBe('20000');
  });

  it('derives the chat and SQL time bounds and their Lambda timeouts', () => {
    expect(fnOf('chat-stream').Environment.Variables).toMatchObject({
      CHAT_TURN_TIMEOUT_MS: '400000',
      SQL_TIMEOUT_MS: '90000',
    });
    expect(fnOf('chat-stream').Timeout).toBe(460);
    expect(fnOf('sql-api').Environment.Variables.SQL_TIMEOUT_MS).toBe('90000');
    expect(fnOf('sql-api').Timeout).toBe(105);
    expect(fnOf('health').Timeout).toBe(15);
  });

  it('gives the OpenAI key to the chat function by ARN only, with read access to that secret alone', () => {
    const variables = fnOf('chat-stream').Environment.Variables;
    expect(variables.OPENAI_API_KEY_SECRET_ARN).toBe(KEY_ARN);
    expect(variables.OPENAI_API_KEY).toBeUndefined();
    for (const id of functionIds()) {
      const grant = statementsOf(synth.template, synth.roleIds.get(id) ?? '').filter(
        (statement) => (statement as { Sid?: string }).Sid === 'OpenAiApiKey',
      );
      expect({ id, grant: grant.map((statement) => statement.Resource) }).toEqual({
        id,
        grant: id === 'chat-stream' ? [KEY_ARN] : [],
      });
    }
  });

  it('sets the page assets URL and the user limit where they are used', () => {
    expect(fnOf('embed-page').Environment.Variables.EMBED_ASSETS_URL).toBe('https://cdn.example.com/embed/');
    for (const id of ['generate-session', 'chat-stream', 'sql-api']) {
      expect(fnOf(id).Environment.Variables.EXTERNAL_USER_LIMIT).toBe('500');
    }
    expect(fnOf('session-exchange').Environment.Variables.EXTERNAL_USER_LIMIT).toBeUndefined();
  });

  it('keeps the defaults without context: info logs, 300 s chat, 60 s SQL', () => {
    const plain = synthesize();
    const all = plain.template.toJSON().Resources;
    const chat = all[plain.functionIds.get('chat-stream') ?? ''].Properties;
    expect(chat.Timeout).toBe(300);
    expect(chat.Environment.Variables.LOG_LEVEL).toBe('info');
    expect(chat.Environment.Variables.CHAT_TURN_TIMEOUT_MS).toBeUndefined();
    // Keepalive every 15 s, well inside CloudFront's 60 s origin read timeout of the streaming origin.
    expect(chat.Environment.Variables.STREAM_KEEPALIVE_MS).toBe('15000');
    expect(all[plain.functionIds.get('sql-api') ?? ''].Properties.Timeout).toBe(60);
  });

  it.each([
    [{ logLevel: 'verbose' }, /logLevel must be one of/],
    [{ keepaliveSeconds: '60' }, /from 1 to 45/],
    [{ chatTurnTimeoutSeconds: '900' }, /from 5 to 840/],
    [{ sqlTimeoutSeconds: 'soon' }, /whole number/],
    [{ embedAssetsUrl: 'http://cdn.example.com' }, /https/],
    [{ openaiApiKeySecretArn: 'sk-live-123' }, /not a Secrets Manager secret ARN/],
  ])('refuses %j', (context, message) => {
    expect(() => readConfig(new App({ context }).node)).toThrow(message);
  });
});

describe('spend settings', () => {
  const synth = synthesize({
    dailyTokenBudget: 5_000_000,
    monthlyTokenBudget: 'none',
    budgetAlarmPercent: 90,
    monthlyCostBudgetUsd: 1500,
  });
  const resources = synth.template.toJSON().Resources;

  it('passes the token budgets to the chat function only', () => {
    for (const [id, logicalId] of synth.functionIds) {
      const variables = resources[logicalId].Properties.Environment.Variables;
      expect({ id, daily: variables.TOKEN_BUDGET_DAILY, monthly: variables.TOKEN_BUDGET_MONTHLY }).toEqual(
        id === 'chat-stream'
          ? { id, daily: '5000000', monthly: 'none' }
          : { id, daily: undefined, monthly: undefined },
      );
    }
  });

  it('adds the AWS Budgets hook: a monthly cost budget telling the alarm topic, which lets Budgets publish', () => {
    const [topicId] = Object.keys(synth.template.findResources('AWS::SNS::Topic'));
    synth.template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 1500, Unit: 'USD' } },
      NotificationsWithSubscribers: [
        {
          Notification: { NotificationType: 'ACTUAL', Threshold: 80, ThresholdType: 'PERCENTAGE' },
          Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topicId } }],
        },
        {
          Notification: { NotificationType: 'FORECASTED', Threshold: 100, ThresholdType: 'PERCENTAGE' },
          Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topicId } }],
        },
      ],
    });
    expect(JSON.stringify(synth.template.findResources('AWS::SNS::TopicPolicy'))).toContain(
      'budgets.amazonaws.com',
    );
    const alarm = Object.values(synth.template.findResources('AWS::CloudWatch::Alarm')).find((a) =>
      JSON.stringify(a).includes('TokenBudgetUsedPercent'),
    );
    expect(alarm?.Properties.Threshold).toBe(90);
  });

  it('has no cost budget unless asked for', () => {
    synthesize().template.resourceCountIs('AWS::Budgets::Budget', 0);
  });
});
