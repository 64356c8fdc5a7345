import * as z from 'zod';
import { ATTRIBUTE_TYPES } from '../store/definitions';
import { MAX_VALUE_BYTES, numberIssue, storableIssue } from '../store/limits';
import { LIMITS } from './provision';

/** embedTenantName: lowercase, 5..36, starts with a letter, ends with a letter or digit, a-z 0-9 and hyphen. */
export const EMBED_TENANT_NAME = /^[a-z][a-z0-9-]{3,34}[a-z0-9]$/;

export const definitionName = z.string().min(1, 'must not be empty').max(128);

/** A number DynamoDB stores exactly (contract §3: values it cannot store are 400, never 500). */
const storableNumber = z.number().superRefine((value, ctx) => {
  const message = numberIssue(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});

export const attributeValue = z.union([
  z.string().max(4096),
  storableNumber,
  z.array(z.string().max(4096)).max(1000),
  z.array(storableNumber).max(1000),
  z.null(),
]);

export const userAttributesSchema = z
  .array(z.strictObject({ name: definitionName, value: attributeValue }))
  .max(LIMITS.userAttributes)
  .superRefine((list, ctx) => {
    // One request's values stay well inside the user item's 400 KB.
    const bytes = Buffer.byteLength(JSON.stringify(list.map((a) => a.value)));
    if (bytes > MAX_VALUE_BYTES) {
      ctx.addIssue({ code: 'custom', message: `values must total at most ${MAX_VALUE_BYTES} bytes as JSON` });
    }
  });

export const groupsSchema = z.array(definitionName).max(LIMITS.groups);

/** Stored on the user and the session as given: every DynamoDB limit is checked here, naming the field. */
export const securityContextSchema = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const issue = storableIssue(value, { maxBytes: MAX_VALUE_BYTES });
  if (issue) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

/** Body of POST /api/v1/embed/generate-session (spec §4.1 plus contract §4 extras). */
export const generateSessionBody = z.strictObject({
  deploymentId: z.number().int().positive().max(999_999_999_999),
  externalId: z.string().max(1024).optional(),
  internalId: z.string().min(1).max(256).optional(),
  email: z.email().max(320).optional(),
  embedTenantName: z.string().max(64).optional(),
  creatorMode: z.boolean().optional(),
  userAttributes: userAttributesSchema.optional(),
  groups: groupsSchema.optional(),
  userAttributeDefinitions: z
    .array(
      z.strictObject({
        name: definitionName,
        type: z.enum(ATTRIBUTE_TYPES),
        displayName: z.string().max(256).optional(),
        defaultValue: z.string().max(1024).optional(),
        description: z.string().max(1024).optional(),
      }),
    )
    .max(LIMITS.attributeDefinitions)
    .optional(),
  groupDefinitions: z
    .array(z.strictObject({ name: definitionName, description: z.string().max(1024).optional() }))
    .max(LIMITS.groupDefinitions)
    .optional(),
  securityContext: securityContextSchema.optional(),
  userProfile: z
    .strictObject({
      displayName: z.string().max(256).optional(),
      picture: z
        .url({ protocol: /^https?$/ })
        .max(2048)
        .optional(),
    })
    .optional(),
  branchName: z.string().min(1).max(128).optional(),
  settings: z
    .strictObject({ allowAi: z.boolean().optional(), timezone: z.string().max(64).optional() })
    .optional(),
});

export type GenerateSessionBody = z.infer<typeof generateSessionBody>;

export const sessionIdBody = z.strictObject({ sessionId: z.string().min(1).max(256) });
