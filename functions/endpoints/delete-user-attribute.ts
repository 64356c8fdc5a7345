import { deleteTenantDefinition } from '../embed/tenant-admin';
import { httpEndpoint } from '../http/endpoint';

/** DELETE /api/v1/embed-tenants/{embedTenantName}/user-attributes/{id} */
export const handler = httpEndpoint({
  route: 'delete-user-attribute',
  auth: 'admin',
  handle: async ({ store, caller, params }) => {
    await deleteTenantDefinition(
      store,
      caller.account.name,
      params.embedTenantName ?? '',
      'attribute',
      params.id ?? '',
    );
    return { status: 204 };
  },
});
