import { ATTRIBUTE_TYPES } from '../store/definitions';
import { MAX_VALUE_BYTES, numberIssue, storableIssue } from '../store/limits';
import * as z from '../zod';
import { nullAsAbsent } from '../zod';
import { emailSchema } from './email';
import { externalIdProblem, foldExternalId } from './external-id';
import { LIMITS } from './provision';

/** embedTenantName: lowercase, 5..36, starts with a letter, ends with a letter or digit, a-z 0-9 and hyphen. */
export const EMBED_TENANT_NAME = /^[a-z][a-z0-9-]{3,34}[a-z0-9]$/;

export const definitionName = z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(128));

/** A number DynamoDB stores exactly (README, "Errors": values it cannot store are 400, never 500). */
const storableNumber = z.number().check(
  z.superRefine((value, ctx) => {
    const message = numberIssue(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
);

export const attributeValue = z.union([
  z.string().check(z.maxLength(4096)),
  storableNumber,
  z.boolean(),
  z.array(z.string().check(z.maxLength(4096))).check(z.maxLength(1000)),
  z.array(storableNumber).check(z.maxLength(1000)),
  z.null(),
]);

/** `{name, value}`; a missing value is null, which clears the value (Cube's `UserAttributeInput`). */
export const userAttributesSchema = z
  .array(
    z.pipe(
      z.strictObject({ name: definitionName, value: z.optional(attributeValue) }),
      z.transform(({ name, value }: { name: string; value?: z.output<typeof attributeValue> }) => ({
        name,
        value: value ?? null,
      })),
    ),
  )
  .check(
    z.maxLength(LIMITS.userAttributes),
    z.superRefine((list, ctx) => {
      // One request's values stay well inside the user item's 400 KB.
      const bytes = Buffer.byteLength(JSON.stringify(list.map((a) => a.value)));
      if (bytes > MAX_VALUE_BYTES) {
        ctx.addIssue({
          code: 'custom',
          message: `values must total at most ${MAX_VALUE_BYTES} bytes as JSON`,
        });
      }
    }),
  );

export const groupsSchema = z.array(definitionName).check(z.maxLength(LIMITS.groups));

/** Cube's `roles`: names, recorded with the session (the data model's policies match groups). */
export const rolesSchema = z.array(z.string().check(z.minLength(1), z.maxLength(128))).check(z.maxLength(40));

/** Stored on the user and the session as given: every DynamoDB limit is checked here, naming the field. */
export const securityContextSchema = z.record(z.string(), z.unknown()).check(
  z.superRefine((value, ctx) => {
    const issue = storableIssue(value, { maxBytes: MAX_VALUE_BYTES });
    if (issue) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }),
);

const color = nullAsAbsent(z.string().check(z.minLength(1), z.maxLength(64)));

/** Cube's `EmbedTheme`: colours and a font for the embedded UI. */
export const embedThemeSchema = z.strictObject({
  primaryColor: color,
  font: nullAsAbsent(z.string().check(z.minLength(1), z.maxLength(256))),
  chat: nullAsAbsent(z.strictObject({ inputColor: color })),
  analyticsChat: nullAsAbsent(
    z.strictObject({
      backgroundColor: color,
      chatInput: nullAsAbsent(z.strictObject({ backgroundColor: color, borderColor: color })),
    }),
  ),
});

/**
 * Cube's `EmbedSessionSettings`: every documented key. `allowAi: false` makes the token unusable for chat and
 * `timezone` is the token's query time zone; `locale`, the `show*` keys and `allowChatWorkspaceAuthoring` are
 * recorded with the session and returned by the exchange (the widget does not apply them yet).
 */
export const embedSettingsSchema = z.strictObject({
  allowAi: nullAsAbsent(z.boolean()),
  allowChatWorkspaceAuthoring: nullAsAbsent(z.boolean()),
  locale: nullAsAbsent(z.string().check(z.minLength(1), z.maxLength(35))),
  showAiWidgets: nullAsAbsent(z.boolean()),
  showDashboardChat: nullAsAbsent(z.boolean()),
  showDashboardSettings: nullAsAbsent(z.boolean()),
  showGroupByCube: nullAsAbsent(z.boolean()),
  showMemberNames: nullAsAbsent(z.boolean()),
  showWorkbookChat: nullAsAbsent(z.boolean()),
  showWorkbookShare: nullAsAbsent(z.boolean()),
  timezone: nullAsAbsent(z.string().check(z.maxLength(64))),
});

const groupDefinitionsSchema = z
  .array(
    z.strictObject({ name: definitionName, description: nullAsAbsent(z.string().check(z.maxLength(1024))) }),
  )
  .check(z.maxLength(LIMITS.groupDefinitions));

/** An external id, folded to the form users are stored under (external-id.ts); a bad one is 400 naming the field. */
export const externalIdSchema = (options: { noSpaces?: boolean } = {}) =>
  z.pipe(
    z.string().check(z.maxLength(1024)),
    z.transform((raw: string, ctx) => {
      const problem = externalIdProblem(raw, options);
      if (problem === undefined) return foldExternalId(raw);
      ctx.issues.push({ code: 'custom', message: problem, input: raw });
      return z.NEVER;
    }),
  );

/** A deployment id in a body: a positive integer of at most 12 digits. */
export const deploymentIdSchema = z.int().check(z.positive(), z.maximum(999_999_999_999));

/** Body of POST /api/v1/embed/session/check: the page's session and the chat it means to open. */
export const sessionCheckBody = z.strictObject({
  sessionId: z.string().check(z.minLength(1), z.maxLength(256)),
  accountName: nullAsAbsent(z.string().check(z.minLength(1), z.maxLength(128))),
  agentId: nullAsAbsent(z.string().check(z.minLength(1), z.maxLength(128))),
});

/** `{deploymentId}` in a path: a positive integer of at most 12 digits. */
export const deploymentPath = z.strictObject({
  deploymentId: z.pipe(
    z.pipe(z.string().check(z.regex(/^\d{1,12}$/, 'must be a positive integer')), z.transform(Number)),
    z.number().check(z.refine((id) => id >= 1, 'must be a positive integer')),
  ),
});

/** Fields that name or shape an external user, refused beside internalId. */
const EXTERNAL_ONLY = [
  'email',
  'groups',
  'tenantGroups',
  'userAttributes',
  'groupDefinitions',
  'tenantGroupDefinitions',
  'userAttributeDefinitions',
  'securityContext',
  'roles',
  'isEphemeral',
] as const;

/** The body's cross-field rules (README, "Mint a session for one of your customers"): the first one broken, as [field path, message]. */
function brokenRule(body: z.output<typeof generateSessionFields>): [string[], string] | undefined {
  if ((body.externalId !== undefined) === (body.internalId !== undefined)) {
    return [[], 'exactly one of externalId or internalId is required'];
  }
  if (body.internalId !== undefined) {
    const field = EXTERNAL_ONLY.find((name) => body[name] !== undefined);
    if (field) return [[field], 'not allowed with internalId'];
  }
  if (body.embedTenantName !== undefined && !EMBED_TENANT_NAME.test(body.embedTenantName)) {
    return [
      ['embedTenantName'],
      'must be 5 to 36 characters of a-z, 0-9 and hyphen, start with a letter and end with a letter or digit',
    ];
  }
  for (const field of [
    'groupDefinitions',
    'userAttributeDefinitions',
    'tenantGroups',
    'tenantGroupDefinitions',
  ] as const) {
    if (body[field] === undefined) continue;
    if (body.creatorMode !== true) return [[field], 'requires creatorMode true'];
    if (body.embedTenantName === undefined) return [[field], 'requires embedTenantName'];
  }
  // In creator mode `groups` already names the embed tenant's groups (README, "Mint a session for one of your customers"): Cube's tenantGroups says the same.
  if (body.tenantGroups !== undefined && body.groups !== undefined) {
    return [['tenantGroups'], 'give the embed tenant groups in groups or tenantGroups, not both'];
  }
  if (body.tenantGroupDefinitions !== undefined && body.groupDefinitions !== undefined) {
    return [
      ['tenantGroupDefinitions'],
      'give definitions in groupDefinitions or tenantGroupDefinitions, not both',
    ];
  }
  const names = new Set([
    ...(body.groups ?? body.tenantGroups ?? []),
    ...(body.userAttributes ?? []).map((a) => `attr:${a.name}`),
    ...(body.groupDefinitions ?? body.tenantGroupDefinitions ?? []).map((d) => d.name),
    ...(body.userAttributeDefinitions ?? []).map((d) => `attr:${d.name}`),
  ]);
  if (names.size > LIMITS.names) {
    return [[], `at most ${LIMITS.names} distinct group and attribute names per request`];
  }
  return undefined;
}

const generateSessionFields = z.strictObject({
  deploymentId: deploymentIdSchema,
  externalId: nullAsAbsent(externalIdSchema()),
  internalId: nullAsAbsent(z.string().check(z.minLength(1), z.maxLength(256))),
  email: nullAsAbsent(emailSchema),
  embedTenantName: nullAsAbsent(z.string().check(z.maxLength(64))),
  creatorMode: nullAsAbsent(z.boolean()),
  userAttributes: nullAsAbsent(userAttributesSchema),
  groups: nullAsAbsent(groupsSchema),
  userAttributeDefinitions: nullAsAbsent(
    z
      .array(
        z.strictObject({
          name: definitionName,
          type: z.enum(ATTRIBUTE_TYPES),
          displayName: nullAsAbsent(z.string().check(z.maxLength(256))),
          defaultValue: nullAsAbsent(z.string().check(z.maxLength(1024))),
          description: nullAsAbsent(z.string().check(z.maxLength(1024))),
        }),
      )
      .check(z.maxLength(LIMITS.attributeDefinitions)),
  ),
  groupDefinitions: nullAsAbsent(groupDefinitionsSchema),
  /** Cube's names for the embed tenant's groups: in creator mode they are what `groups` is here (README, "Mint a session for one of your customers"). */
  tenantGroups: nullAsAbsent(groupsSchema),
  tenantGroupDefinitions: nullAsAbsent(groupDefinitionsSchema),
  securityContext: nullAsAbsent(securityContextSchema),
  userProfile: nullAsAbsent(
    z.strictObject({
      displayName: nullAsAbsent(z.string().check(z.maxLength(256))),
      picture: nullAsAbsent(z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))),
    }),
  ),
  branchName: nullAsAbsent(z.string().check(z.minLength(1), z.maxLength(128))),
  isEphemeral: nullAsAbsent(z.boolean()),
  roles: nullAsAbsent(rolesSchema),
  embedTheme: nullAsAbsent(embedThemeSchema),
  embedTenantProfile: nullAsAbsent(
    z.strictObject({ displayName: nullAsAbsent(z.string().check(z.maxLength(256))) }),
  ),
  settings: nullAsAbsent(embedSettingsSchema),
});

/** Body of POST /api/v1/embed/generate-session (README, "Mint a session for one of your customers" plus Cube's optional fields, README, "Mint a session for one of your customers"). */
export const generateSessionBody = generateSessionFields.check(
  z.superRefine((body, ctx) => {
    const broken = brokenRule(body);
    if (broken) ctx.addIssue({ code: 'custom', path: broken[0], message: broken[1] });
  }),
);

export type GenerateSessionBody = z.infer<typeof generateSessionBody>;

/** Body of POST /api/v1/embed/session/token: Cube's `{sessionId}` and its optional `deploymentId`. */
export const sessionIdBody = z.strictObject({
  sessionId: z.string().check(z.minLength(1), z.maxLength(256)),
  deploymentId: nullAsAbsent(deploymentIdSchema),
});
