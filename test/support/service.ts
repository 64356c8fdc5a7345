import { randomUUID } from 'node:crypto';
import { clearAuthCache } from '../../functions/access/auth';
import { type LocalService, startLocalService } from '../../functions/local/service';

export interface TestService {
  baseUrl: string;
  /** demo admin key */
  adminKey: string;
  memberKey: string;
  starterKey: string;
  service: LocalService;
  stop(): Promise<void>;
}

/**
 * The local service as `npm start` runs it (demo seed, HTTP on 127.0.0.1, real handlers) on a fresh table of
 * the run's DynamoDB Local. Set env (MODEL_PROVIDER, OFFLINE_DELAY_MS, ...) before calling it.
 */
export async function startService(
  options: { assetsDir?: string; dynamodbEndpoint?: string } = {},
): Promise<TestService> {
  // A fault proxy in front of the run's DynamoDB Local can stand in for it (test/support/faults.ts).
  const endpoint = options.dynamodbEndpoint ?? process.env.DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error('DYNAMODB_ENDPOINT is not set: the jest global setup starts DynamoDB Local');
  clearAuthCache();
  const service = await startLocalService({
    dynamodbEndpoint: endpoint,
    tableName: `svc-${randomUUID()}`,
    keys: {
      demo: `demo-${randomUUID()}`,
      demoMember: `member-${randomUUID()}`,
      starter: `starter-${randomUUID()}`,
    },
    ...(options.assetsDir ? { assetsDir: options.assetsDir } : {}),
  });
  return {
    baseUrl: service.baseUrl,
    adminKey: service.keys.demo,
    memberKey: service.keys.demoMember,
    starterKey: service.keys.starter,
    service,
    stop: () => service.stop(),
  };
}
