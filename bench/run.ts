/**
 * `npm run bench`: every benchmark in bench/, human-readable lines first and, last, one JSON line of named
 * figures. `npm run bench -- sessions chat` runs only those.
 */
import { existsSync } from 'node:fs';

const ALL = ['bundles', 'sessions', 'semantic', 'hostile', 'sql', 'chat'] as const;

async function main(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const wanted = process.argv.slice(2);
  const names = wanted.length > 0 ? wanted : ALL;
  const figures: Record<string, number> = {};
  for (const name of names) {
    const file = new URL(`./${name}.ts`, import.meta.url);
    if (!existsSync(file)) {
      process.stdout.write(`\n== ${name}: no bench/${name}.ts\n`);
      continue;
    }
    process.stdout.write(`\n== ${name}\n`);
    const module = (await import(file.href)) as { run: () => Promise<Record<string, number>> };
    for (const [key, value] of Object.entries(await module.run())) figures[`${name}.${key}`] = value;
  }
  process.stdout.write(`\n${JSON.stringify(figures)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
