import { deleteDefinitionEndpoint } from './tenant-definitions';

/** DELETE /api/v1/embed-tenants/{embedTenantName}/groups/{id} */
export const handler = deleteDefinitionEndpoint('delete-group', 'group');
