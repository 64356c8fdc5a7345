import { NotFoundError } from '../errors';
import { type DataModel, parseModel } from '../semantic';
import type { Store } from '../store/client';
import { type Deployment, deployments } from '../store/deployments';
import type { CallerIdentity } from './identity';

/** Models are re-read at most this often per branch; a pushed model is live within 30 s. */
const MODEL_CACHE_MS = 30_000;
const cache = new Map<string, { model: DataModel; updatedAt: string; fetchedAt: number }>();

/** The deployment a caller may use: 404 for unknown ids, other accounts, or outside a key's or token's scope. */
export async function deploymentFor(
  store: Store,
  identity: CallerIdentity,
  deploymentId: number,
): Promise<Deployment> {
  const missing = new NotFoundError('DEPLOYMENT', `Deployment ${deploymentId} not found`);
  if (identity.deploymentId !== undefined && identity.deploymentId !== deploymentId) throw missing;
  if (identity.keyDeploymentId !== undefined && identity.keyDeploymentId !== deploymentId) throw missing;
  const deployment = await deployments.get(store, identity.account.name, deploymentId);
  if (!deployment) throw missing;
  return deployment;
}

export interface BranchModel {
  model: DataModel;
  branch: string;
  isDefault: boolean;
}

/** The parsed data model of a branch (default branch when none is named); 404 BRANCH_NOT_FOUND otherwise. */
export async function branchModel(
  store: Store,
  deployment: Deployment,
  branch?: string,
): Promise<BranchModel> {
  const name = branch ?? deployment.defaultBranch;
  if (!deployment.branches.includes(name)) {
    throw new NotFoundError('BRANCH', `Branch ${name} not found in deployment ${deployment.id}`);
  }
  const key = `${deployment.account}|${deployment.id}|${name}`;
  const hit = cache.get(key);
  const isDefault = name === deployment.defaultBranch;
  if (hit && Date.now() - hit.fetchedAt < MODEL_CACHE_MS)
    return { model: hit.model, branch: name, isDefault };
  const stored = await deployments.getModel(store, deployment.account, deployment.id, name);
  if (!stored)
    throw new NotFoundError('BRANCH', `Branch ${name} of deployment ${deployment.id} has no data model`);
  const model = hit && hit.updatedAt === stored.updatedAt ? hit.model : parseModel(stored.files);
  cache.set(key, { model, updatedAt: stored.updatedAt, fetchedAt: Date.now() });
  return { model, branch: name, isDefault };
}
