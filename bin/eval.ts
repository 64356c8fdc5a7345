/**
 * Analyst evaluation: `npm run eval -- --provider offline --questions FILE` (see functions/agent/eval/command.ts).
 */

import { EVAL_HELP, EvalUsageError, evalCommand } from '../functions/agent/eval/command';
import { closeDrivers } from '../functions/semantic';

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(EVAL_HELP);
    return argv.length === 0 ? 2 : 0;
  }
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  try {
    const { code } = await evalCommand(argv, (text) => process.stdout.write(text));
    return code;
  } catch (error) {
    if (error instanceof EvalUsageError) {
      process.stderr.write(`${error.message}\n\n${EVAL_HELP}`);
      return 2;
    }
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    return 1;
  } finally {
    await closeDrivers();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
