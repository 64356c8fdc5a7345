import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, CfnElement, type Stack } from 'aws-cdk-lib';
import { Annotations, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { readConfig, type ServiceConfig } from '../../lib/config';
import { EmbeddedAnalyticsStack } from '../../lib/stack';

export interface Synthesized {
  stack: EmbeddedAnalyticsStack;
  template: Template;
  /** CloudFormation logical id of each route id's function. */
  functionIds: Map<string, string>;
  /** Logical id of each route id's function URL. */
  urlIds: Map<string, string>;
  /** Logical id of each route id's execution role. */
  roleIds: Map<string, string>;
  /** The synth's warnings and notes (read before its output directory goes). */
  annotations: Annotations;
}

/**
 * Synthesizes the stack without bundling (asset bundling is what `cdk synth` and the bundle benchmark
 * exercise; these tests look at the template), with a fixed environment so ARNs are concrete.
 */
export function synthesize(
  context: Record<string, unknown> = {},
  overrides: Partial<ServiceConfig> = {},
  region = 'eu-west-1',
) {
  // Its own cloud assembly directory, removed once the template is read (CDK would leave one per synth in /tmp).
  const outdir = mkdtempSync(join(tmpdir(), 'stack-test-'));
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = new EmbeddedAnalyticsStack(app, 'Test', {
    env: { account: '111122223333', region },
    config: readConfig(app.node, overrides),
  });
  const template = Template.fromStack(stack);
  const annotations = Annotations.fromStack(stack);
  rmSync(outdir, { recursive: true, force: true });
  const functionIds = new Map<string, string>();
  const urlIds = new Map<string, string>();
  const roleIds = new Map<string, string>();
  for (const { spec, fn, url } of stack.endpoints) {
    functionIds.set(spec.id, logicalId(stack, fn));
    urlIds.set(spec.id, logicalId(stack, url));
    if (fn.role) roleIds.set(spec.id, logicalId(stack, fn.role));
  }
  return { stack, template, functionIds, urlIds, roleIds, annotations } satisfies Synthesized;
}

/** The logical id of a construct's CloudFormation resource. */
function logicalId(stack: Stack, construct: IConstruct): string {
  const element = construct.node.defaultChild;
  if (!(element instanceof CfnElement))
    throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return stack.getLogicalId(element);
}

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

/** Every IAM statement attached to a role, across the policies that name it. */
export function statementsOf(template: Template, roleId: string): Statement[] {
  const policies = template.findResources('AWS::IAM::Policy');
  const out: Statement[] = [];
  for (const policy of Object.values(policies)) {
    const props = policy.Properties as {
      Roles: Array<{ Ref: string }>;
      PolicyDocument: { Statement: Statement[] };
    };
    if (props.Roles.some((role) => role.Ref === roleId)) out.push(...props.PolicyDocument.Statement);
  }
  return out;
}

export const actionsOf = (statements: Statement[]): string[] =>
  statements.flatMap((statement) =>
    Array.isArray(statement.Action) ? statement.Action : [statement.Action],
  );
