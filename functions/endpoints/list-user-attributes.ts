import { listDefinitionsEndpoint } from './tenant-definitions';

/** GET /api/v1/embed-tenants/{embedTenantName}/user-attributes?first=&after= */
export const handler = listDefinitionsEndpoint('list-user-attributes', 'attribute');
