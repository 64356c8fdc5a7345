import { emailSchema } from '../embed/email';
import { groupsSchema, rolesSchema, securityContextSchema, userAttributesSchema } from '../embed/schemas';
import * as z from '../zod';
import { nullAsAbsent } from '../zod';

/** `sessionSettings` of the chat, abort and SQL API bodies (README, "Chat with the analyst"). */
export const sessionSettingsSchema = z.strictObject({
  externalId: nullAsAbsent(z.string().check(z.maxLength(1024))),
  internalId: nullAsAbsent(z.string().check(z.minLength(1), z.maxLength(256))),
  email: nullAsAbsent(emailSchema),
  userAttributes: nullAsAbsent(userAttributesSchema),
  groups: nullAsAbsent(groupsSchema),
  roles: nullAsAbsent(rolesSchema),
  securityContext: nullAsAbsent(securityContextSchema),
  isEphemeral: nullAsAbsent(z.boolean()),
  ephemeralTtlSeconds: nullAsAbsent(z.int().check(z.minimum(1), z.maximum(31_536_000))),
  timezone: nullAsAbsent(z.string().check(z.maxLength(64))),
  /** Cube's SessionSettingsDto field; this service has no published dashboards, so it selects nothing. */
  publicDashboardId: nullAsAbsent(z.string().check(z.minLength(1), z.maxLength(256))),
});
export type SessionSettings = z.infer<typeof sessionSettingsSchema>;

/**
 * The sessionSettings fields that reach the query context (queryContext): the one list every rule about who may
 * set them reads (internal users may set none; a member key may only repeat what is stored). A field added to
 * sessionSettingsSchema must be listed here or in NOT_IN_CONTEXT (test/query/hardening.test.ts checks both).
 */
export const CONTEXT_FIELDS = ['groups', 'roles', 'userAttributes', 'securityContext'] as const;
/** The sessionSettings fields that never reach the query context. */
export const NOT_IN_CONTEXT = [
  'externalId',
  'internalId',
  'email',
  'isEphemeral',
  'ephemeralTtlSeconds',
  'timezone',
  'publicDashboardId',
] as const;
