/**
 * Operator CLI: `npm run admin -- <command>` (scripts/admin.mjs runs a prebuilt bundle of this file). Works against
 * DynamoDB Local (DYNAMODB_ENDPOINT), a running `npm start`, or AWS. Only the help text is imported up front, so
 * `--help` answers without loading the commands and the AWS SDK; stdout carries the JSON result alone, and which
 * target was chosen is said on stderr with `--verbose`.
 */
import { HELP } from '../functions/admin/help';

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${HELP}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const verbose = argv.includes('--verbose');
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [
    { runCommand, UsageError },
    { resolveTarget, TargetError },
    { setEnv },
    { AppError },
    { createStore },
  ] = await Promise.all([
    import('../functions/admin/cli'),
    import('../functions/admin/target'),
    import('../functions/config'),
    import('../functions/errors'),
    import('../functions/store/client'),
  ]);
  try {
    const target = resolveTarget(process.env);
    setEnv(target.env);
    if (verbose) process.stderr.write(`${target.note ?? describeTarget()}\n`);
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
      const { loadModelDir } = await import('../functions/semantic');
      return loadModelDir(dir);
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
    if (verbose && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return 1;
  } finally {
    store.doc.destroy();
  }
}

/** What `--verbose` says when the target came from the environment rather than a running `npm start`. */
function describeTarget(): string {
  const table = process.env.TABLE_NAME ?? 'embedded-analytics';
  return process.env.DYNAMODB_ENDPOINT
    ? `Using DYNAMODB_ENDPOINT=${process.env.DYNAMODB_ENDPOINT} TABLE_NAME=${table}`
    : `Using AWS (region ${process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'from your profile'}) TABLE_NAME=${table}`;
}

main(process.argv.slice(2)).then((code) => process.exit(code));
