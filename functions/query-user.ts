/**
 * The user a query runs for, as the data model's access policies see it (docs/data-model.md, "Access
 * policies"): one home for the type, because the store keeps attribute values, access/ builds the context from
 * the stored user and the semantic layer evaluates policies over it, and none of those may import another.
 */

/** A user attribute's value: what users are provisioned with and policies compare against. */
export type AttributeValue = string | number | boolean | string[] | number[];

/**
 * The user a query runs for (groups and attribute values as the access policies see them). `groups` and
 * `userAttributes` are tenant-wide only; what the session's embed tenant defines (creator mode) travels
 * apart in `embed`, so a policy written for a tenant-wide name never matches a scoped one of the same name.
 */
export interface QueryUser {
  groups: string[];
  userAttributes: Record<string, AttributeValue>;
  securityContext: Record<string, unknown>;
  /** Groups and attribute values scoped to the session's embed tenant: `embed_group(s)` and `{ embedUserAttributes.x }`. */
  embed?: { groups: string[]; userAttributes: Record<string, AttributeValue> };
  /** Cube's roles of the session (generate-session `roles`, sessionSettings `roles`, a Cube token's `roles` claim). */
  roles?: string[];
}
