import { TtlCache } from '../cache';
import { ForbiddenError, NotFoundError } from '../errors';
import type { DataSource } from '../semantic';
import { type DataModel, parseModel } from '../semantic';
import type { Store } from '../store/client';
import { type Deployment, deployments } from '../store/deployments';
import { resolveDataSource } from './data-source';

/** A deployment whose data source is ready for the drivers (a secret reference read). */
export type ResolvedDeployment = Omit<Deployment, 'dataSource'> & { dataSource: DataSource };

import type { CallerIdentity } from '../access/identity';

/**
 * Models are re-read at most every 30 s per branch (a pushed model is live within 30 s); an expired copy whose
 * stored version did not change is reused without parsing again.
 */
const cache = new TtlCache<string, { model: DataModel; updatedAt: string }>({
  ttlMs: 30_000,
  maxEntries: 500,
});
/**
 * Found deployments are reused as long (a changed data source is live within 30 s); a branch the cached copy
 * does not know yet is looked up again before it is refused, and unknown deployments are never cached.
 */
const deploymentCache = new TtlCache<string, ResolvedDeployment>({ ttlMs: 30_000, maxEntries: 500 });

/** The deployment a caller may use: 404 for unknown ids, other accounts, or outside a key's or token's scope. */
export async function deploymentFor(
  store: Store,
  identity: CallerIdentity,
  deploymentId: number,
): Promise<ResolvedDeployment> {
  // A token is bound to its session's deployment and a scoped key to its own (README, "Who may say who the user is"): 403, not 404.
  if (identity.deploymentId !== undefined && identity.deploymentId !== deploymentId) {
    throw new ForbiddenError(
      `This embed token is bound to deployment ${identity.deploymentId}, not ${deploymentId}`,
    );
  }
  if (identity.keyDeploymentId !== undefined && identity.keyDeploymentId !== deploymentId) {
    throw new ForbiddenError(`This API key is limited to deployment ${identity.keyDeploymentId}`);
  }
  const hit = deploymentCache.get(deploymentKey(store, identity.account.name, deploymentId));
  if (hit) return hit;
  const deployment = await readDeployment(store, identity.account.name, deploymentId);
  if (!deployment) throw new NotFoundError('DEPLOYMENT', `Deployment ${deploymentId} not found`);
  return deployment;
}

const deploymentKey = (store: Store, account: string, id: number) => `${store.tableName}|${account}|${id}`;

/** Reads a deployment from the table and caches it when found. */
async function readDeployment(
  store: Store,
  account: string,
  id: number,
): Promise<ResolvedDeployment | undefined> {
  const stored = await deployments.get(store, account, id);
  if (!stored) return undefined;
  const deployment = { ...stored, dataSource: await resolveDataSource(stored.dataSource) };
  deploymentCache.set(deploymentKey(store, account, id), deployment);
  return deployment;
}

/**
 * The branch a request may use. Api-Key callers name any branch (undefined: the default). A token is bound to
 * the branch of its session (the deployment's default branch when the session named none): naming another
 * one in `field` is 403 FORBIDDEN, refused before the model is read or anything is written (README, "Who may say who the user is").
 */
export function allowedBranch(
  identity: CallerIdentity,
  deployment: Deployment,
  requested: string | undefined,
  field: string,
): string | undefined {
  if (identity.via !== 'token') return requested;
  const bound = identity.branchName ?? deployment.defaultBranch;
  if (requested !== undefined && requested !== bound) {
    throw new ForbiddenError(`${field}: this embed token is bound to branch ${bound}`);
  }
  return identity.branchName;
}

export interface BranchModel {
  model: DataModel;
  branch: string;
  isDefault: boolean;
}

/** The parsed data model of a branch (default branch when none is named); 404 BRANCH_NOT_FOUND otherwise. */
export async function branchModel(
  store: Store,
  deployment: ResolvedDeployment,
  branch?: string,
): Promise<BranchModel> {
  let name = branch ?? deployment.defaultBranch;
  if (!deployment.branches.includes(name)) {
    // The cached copy may predate the branch: the table decides before the request is refused.
    const fresh = await readDeployment(store, deployment.account, deployment.id);
    name = branch ?? fresh?.defaultBranch ?? name;
    if (!fresh?.branches.includes(name)) {
      throw new NotFoundError('BRANCH', `Branch ${name} not found in deployment ${deployment.id}`);
    }
    deployment = fresh;
  }
  const key = `${deployment.account}|${deployment.id}|${name}`;
  const isDefault = name === deployment.defaultBranch;
  const current = cache.get(key);
  if (current) return { model: current.model, branch: name, isDefault };
  const hit = cache.peek(key);
  const stored = await deployments.getModel(store, deployment.account, deployment.id, name);
  if (!stored)
    throw new NotFoundError('BRANCH', `Branch ${name} of deployment ${deployment.id} has no data model`);
  const model = hit && hit.updatedAt === stored.updatedAt ? hit.model : parseModel(stored.files);
  cache.set(key, { model, updatedAt: stored.updatedAt });
  return { model, branch: name, isDefault };
}
