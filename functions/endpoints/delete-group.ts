import { deleteTenantDefinition } from '../embed/tenant-admin';
import { httpEndpoint } from '../http/endpoint';

/** DELETE /api/v1/embed-tenants/{embedTenantName}/groups/{id} */
export const handler = httpEndpoint({
  route: 'delete-group',
  auth: 'admin',
  handle: async ({ store, caller, params }) => {
    await deleteTenantDefinition(
      store,
      caller.account.name,
      params.embedTenantName ?? '',
      'group',
      params.id ?? '',
    );
    return { status: 204 };
  },
});
