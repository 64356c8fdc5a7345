import { listDefinitionsEndpoint } from './tenant-definitions';

/** GET /api/v1/embed-tenants/{embedTenantName}/groups?first=&after= */
export const handler = listDefinitionsEndpoint('list-groups', 'group');
