/**
 * `npm run bench`: every benchmark in bench/, human-readable lines first and, last, one JSON line of named
 * figures. `npm run bench -- sessions chat` runs only those.
 */
import { existsSync } from 'node:fs';

const ALL = ['bundles', 'sessions', 'semantic', 'clickhouse', 'hostile', 'sql', 'chat'] as const;

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
  printBudgets(figures);
  process.stdout.write(`\n${JSON.stringify(figures)}\n`);
}

/** One line per budget of issue 16: the figure, its floor from the same run, the ratio, and the goal. */
function printBudgets(f: Record<string, number>): void {
  const rows: [string, number | undefined, string][] = [
    [
      'generate-session / its writes, bare',
      f['sessions.gs_vs_transact_ratio'],
      `${f['sessions.gs_seq_p50_ms']} / ${f['sessions.floor_transact_p50_ms']} ms, goal 1.3x`,
    ],
    [
      'streaming layer / bare node:http',
      f['chat.stream_overhead_ratio'],
      `${f['chat.stream_layer_p50_ms']} / ${f['chat.bare_node_p50_ms']} ms, goal 1.2x`,
    ],
    [
      'streaming layer / bare handler, same adapter',
      f['chat.stream_layer_over_runtime_ratio'],
      `${f['chat.stream_layer_p50_ms']} / ${f['chat.stream_adapter_p50_ms']} ms, goal 1.2x`,
    ],
    [
      'chat first line, new thread (ms)',
      f['chat.first_line_p50_ms'],
      `floor GetItem ${f['chat.floor_getitem_p50_ms']} ms, goal 20 ms`,
    ],
    [
      'SQL API over HTTP - in process (ms)',
      f['sql.http_overhead_p50_ms'],
      `of which DynamoDB floor ${f['sql.floor_dynamodb_p50_ms']} ms, goal 5 ms`,
    ],
    [
      'SQL API over HTTP - DynamoDB then query (ms)',
      f['sql.overhead_over_floor_ms'],
      `floor ${f['sql.floor_dynamodb_then_query_p50_ms']} ms: the round trip and the query back to back`,
    ],
    [
      'SQL API over HTTP - DynamoDB beside query (ms)',
      f['sql.overhead_over_beside_floor_ms'],
      `floor ${f['sql.floor_dynamodb_beside_query_p50_ms']} ms: the round trip and the query side by side`,
    ],
    ['compiled query / hand-written DuckDB', f['semantic.ratio'], 'goal 1.3x'],
    [
      'compiled query / hand-written ClickHouse',
      f['clickhouse.ratio'],
      `${f['clickhouse.anchorP50Ms']} / ${f['clickhouse.directP50Ms']} ms over HTTP, goal 1.3x`,
    ],
    ['bundles over 300 KB or 100 ms init', f['bundles.bundle.overBudget'], 'goal 0'],
    ['hostile corpus: worst refusal (ms)', f['hostile.worstRefusalMs'], 'includes parse time'],
    [
      'hostile corpus: peak memory growth (MB)',
      f['hostile.peakRssGrowthMb'],
      'bounded by DUCKDB_MEMORY_LIMIT',
    ],
  ];
  process.stdout.write('\n== budgets (each against a floor measured in the same run)\n');
  for (const [name, value, detail] of rows) {
    if (value === undefined) continue;
    process.stdout.write(`${name.padEnd(44)} ${String(value).padStart(9)}  (${detail})\n`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
