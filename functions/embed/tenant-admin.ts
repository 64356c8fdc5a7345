import { NotFoundError } from '../errors';
import type { Store } from '../store/client';
import {
  type AttributeDefinition,
  type DefinitionKind,
  definitions,
  type GroupDefinition,
  nameFromId,
} from '../store/definitions';
import { embedTenants } from '../store/embed-tenants';
import { groupCounts } from '../store/group-counts';
import type { Scope } from '../store/keys';
import { sweeps } from '../store/sweeps';
import * as z from '../zod';
import { cursorSecret, decodeCursor, encodeCursor, type Page } from './cursor';
import { EMBED_TENANT_NAME } from './schemas';
import { sweepInProcess } from './sweep';

/** Query of the list endpoints: `first` 1..100 (default 20), `after` an opaque cursor. */
const firstMessage = 'must be an integer from 1 to 100';
export const pageQuery = z.strictObject({
  first: z.optional(
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d{1,3}$/, firstMessage)), z.transform(Number)),
      z.int().check(z.minimum(1, firstMessage), z.maximum(100, firstMessage)),
    ),
  ),
  after: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
});
export type PageQuery = z.infer<typeof pageQuery>;

const notFoundNames: Record<DefinitionKind, string> = { group: 'GROUP', attribute: 'USER_ATTRIBUTE' };

/** The embed tenant's scope; 404 when the name was never used by a successful generate-session. */
async function tenantScope(store: Store, account: string, embedTenantName: string): Promise<Scope> {
  const missing = new NotFoundError('EMBED_TENANT', `Embed tenant ${embedTenantName} not found`);
  if (!EMBED_TENANT_NAME.test(embedTenantName)) throw missing;
  if (!(await embedTenants.exists(store, account, embedTenantName))) throw missing;
  return { kind: 'embed', embedTenantName };
}

/** GET /api/v1/embed-tenants/{name}/groups|user-attributes: one page ordered by name. */
export async function listTenantDefinitions(
  store: Store,
  account: string,
  embedTenantName: string,
  kind: DefinitionKind,
  query: PageQuery,
): Promise<Page<GroupDefinition | AttributeDefinition>> {
  const scope = await tenantScope(store, account, embedTenantName);
  // A cursor is bound to its list: account, scope and kind.
  const context = `${account}|${embedTenantName}|${kind}`;
  const secret = await cursorSecret();
  const after = query.after ? decodeCursor(secret, context, query.after) : undefined;
  const first = query.first ?? 20;
  const page =
    kind === 'group'
      ? await groupPage(store, account, scope, first, after)
      : await byName(store, account, scope, kind, first, after);
  const head = page.items.at(0);
  const last = page.items.at(-1);
  // Cube's PageInfoDto: a page after a cursor has a previous page; cursors name the first and last items.
  return {
    items: page.items,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: after !== undefined,
      startCursor: head ? encodeCursor(secret, context, page.position(head)) : null,
      endCursor: last ? encodeCursor(secret, context, page.position(last)) : null,
    },
  };
}

interface ListedPage<T> {
  items: T[];
  hasNextPage: boolean;
  /** What a cursor after this item records. */
  position(item: T): string;
}

/** User attributes: by name, a page read straight from the key order. */
async function byName(
  store: Store,
  account: string,
  scope: Scope,
  kind: DefinitionKind,
  first: number,
  afterName: string | undefined,
): Promise<ListedPage<GroupDefinition | AttributeDefinition>> {
  const page = await definitions.list(store, account, scope, kind, {
    first,
    ...(afterName ? { afterName } : {}),
  });
  return { ...page, position: (item) => item.name };
}

/**
 * Groups as Cube lists them: newest first (then by name), each with its member count (`userCount`, live users of
 * the embed tenant). The key orders groups by name, so the tenant's groups are read whole and sorted; a cursor
 * records the creation time and the name. The count is kept on the group item; members that expired but are still
 * stored are taken off it here (docs/operating.md, "Group member counts"). No user is read.
 */
async function groupPage(
  store: Store,
  account: string,
  scope: Scope,
  first: number,
  after: string | undefined,
): Promise<ListedPage<GroupDefinition & { userCount: number }>> {
  const [all, expired] = await Promise.all([
    definitions.listGroupsCounted(store, account, scope),
    groupCounts.expiredMembers(store, account, scope),
  ]);
  const position = (group: { createdAt: string; name: string }) => `${group.createdAt}\u0000${group.name}`;
  const sorted = all
    .map(({ storedCount, ...group }) => ({
      ...group,
      // The index lags its table by a moment: never below zero.
      userCount: Math.max(0, storedCount - (expired.get(group.name) ?? 0)),
    }))
    .sort((a, b) =>
      a.createdAt === b.createdAt ? a.name.localeCompare(b.name) : a.createdAt < b.createdAt ? 1 : -1,
    );
  // After the cursor: everything that sorts after the position it recorded (the item itself may be gone).
  const start = after === undefined ? 0 : sorted.findIndex((group) => comesAfter(position(group), after));
  const rest = start < 0 ? [] : sorted.slice(start);
  return { items: rest.slice(0, first), hasNextPage: rest.length > first, position };
}

/** Whether a position sorts after another in the groups' order (newest first, then by name). */
function comesAfter(position: string, cursor: string): boolean {
  const [at = '', name = ''] = position.split('\u0000');
  const [cursorAt = '', cursorName = ''] = cursor.split('\u0000');
  return at === cursorAt ? name.localeCompare(cursorName) > 0 : at < cursorAt;
}

/**
 * DELETE .../groups/{id} and .../user-attributes/{id}: the definition is deleted at once (it no longer resolves, and
 * the name can be defined again), with a sweep that removes every membership in it or value of it from the users;
 * until the sweep has passed a user, reads leave those out (functions/store/sweeps.ts). The sweep runs in bounded,
 * resumable batches from the table's stream in AWS, after the 204; locally (npm start, tests) the same batches run
 * in process before it (functions/embed/sweep.ts).
 */
export async function deleteTenantDefinition(
  store: Store,
  account: string,
  embedTenantName: string,
  kind: DefinitionKind,
  id: string,
): Promise<void> {
  const scope = await tenantScope(store, account, embedTenantName);
  const named = nameFromId(id);
  const name = named && (await sweeps.start(store, account, scope, kind, id, named));
  if (!name) throw new NotFoundError(notFoundNames[kind], `No ${kind} with id ${id} in ${embedTenantName}`);
  await sweepInProcess(store, account, id);
}
