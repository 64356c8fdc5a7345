import { deleteDefinitionEndpoint } from './tenant-definitions';

/** DELETE /api/v1/embed-tenants/{embedTenantName}/user-attributes/{id} */
export const handler = deleteDefinitionEndpoint('delete-user-attribute', 'attribute');
