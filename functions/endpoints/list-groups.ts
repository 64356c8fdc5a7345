import { listTenantDefinitions, pageQuery } from '../embed/tenant-admin';
import { httpEndpoint } from '../http/endpoint';

/** GET /api/v1/embed-tenants/{embedTenantName}/groups?first=&after= */
export const handler = httpEndpoint({
  route: 'list-groups',
  auth: 'admin',
  query: pageQuery,
  handle: async ({ store, caller, params, query }) => {
    const page = await listTenantDefinitions(
      store,
      caller.account.name,
      params.embedTenantName ?? '',
      'group',
      query,
    );
    return { status: 200, body: page };
  },
});
