/**
 * Operator CLI: `npm run admin -- <command>`. Works against DynamoDB Local (DYNAMODB_ENDPOINT) and AWS.
 */
import { HELP, runCommand, UsageError } from '../functions/admin/cli';
import { resolveTarget, TargetError } from '../functions/admin/target';
import { setEnv } from '../functions/config';
import { AppError } from '../functions/errors';
import { loadModelDir, parseModel } from '../functions/semantic';
import { createStore } from '../functions/store/client';

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${HELP}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  try {
    const target = resolveTarget(process.env);
    setEnv(target.env);
    if (target.note) process.stderr.write(`${target.note}\n`);
  } catch (error) {
    if (!(error instanceof TargetError)) throw error;
    process.stderr.write(
      `${JSON.stringify({ error: error.message, code: 'NO_TARGET' })}\n\n${error.message}\n`,
    );
    return 2;
  }
  const store = createStore();
  try {
    const result = await runCommand(store, argv, async (dir) => {
      const files = await loadModelDir(dir);
      parseModel(files);
      return files;
    });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error instanceof Error && error.name === 'TypeError' && 'code' in error)
    ) {
      process.stderr.write(`${JSON.stringify({ error: error.message, code: 'USAGE' })}\n\n${HELP}\n`);
      return 2;
    }
    if (error instanceof AppError) {
      process.stderr.write(
        `${JSON.stringify({ error: error.message, code: error.code, details: error.details })}\n`,
      );
      return 1;
    }
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    process.stderr.write(`${JSON.stringify({ error: message, code: 'FAILED' })}\n`);
    return 1;
  } finally {
    store.doc.destroy();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
