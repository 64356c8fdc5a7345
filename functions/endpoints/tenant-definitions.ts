/**
 * The four embed-tenant admin handlers differ only in their route and the kind of definition; each Lambda entry
 * (list-groups.ts, delete-user-attribute.ts, ...) is one line built here.
 */
import { deleteTenantDefinition, listTenantDefinitions, pageQuery } from '../embed/tenant-admin';
import { httpEndpoint } from '../http/endpoint';
import type { DefinitionKind } from '../store/definitions';

/** GET /api/v1/embed-tenants/{embedTenantName}/{groups|user-attributes}?first=&after= */
export const listDefinitionsEndpoint = (route: string, kind: DefinitionKind) =>
  httpEndpoint({
    route,
    auth: 'admin',
    query: pageQuery,
    handle: async ({ store, caller, params, query }) => {
      const page = await listTenantDefinitions(
        store,
        caller.account.name,
        params.embedTenantName ?? '',
        kind,
        query,
      );
      return { status: 200, body: page };
    },
  });

/** DELETE /api/v1/embed-tenants/{embedTenantName}/{groups|user-attributes}/{id} */
export const deleteDefinitionEndpoint = (route: string, kind: DefinitionKind) =>
  httpEndpoint({
    route,
    auth: 'admin',
    handle: async ({ store, caller, params }) => {
      await deleteTenantDefinition(
        store,
        caller.account.name,
        params.embedTenantName ?? '',
        kind,
        params.id ?? '',
      );
      return { status: 204 };
    },
  });
