import { randomUUID } from 'node:crypto';
import { type DataModel, type DataSource, type QueryUser, runQuery, searchMeta } from '../semantic';
import { AbortedError } from './abort';
import { chartFor } from './charts';
import type { AnalystTools, CoreSqlInput } from './types';

/** Rows a coreSqlApi result carries; `totalRows` still counts all of them. */
export const TOOL_MAX_ROWS = 100;
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

/** Removes inline data from a model-written Vega-Lite spec: the data travels in `result.data`. */
function withoutData(spec: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(spec);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const { data: _data, datasets: _datasets, ...rest } = parsed as Record<string, unknown>;
  return JSON.stringify({ ...rest, data: { name: 'table' } });
}

/** The coreMeta and coreSqlApi tools over one data model, for one user, on one data source. */
export function createAnalystTools(args: {
  model: DataModel;
  user: QueryUser;
  source: DataSource;
  timeoutMs?: number;
}): AnalystTools {
  return {
    ...(args.model.verifiedQueries ? { verifiedQueries: args.model.verifiedQueries } : {}),
    async coreMeta(input, signal) {
      if (signal.aborted) throw new AbortedError(signal.reason);
      return searchMeta(args.model, args.user, input.searchQuery);
    },
    async coreSqlApi(input: CoreSqlInput, signal) {
      const result = await runQuery({
        model: args.model,
        user: args.user,
        sql: input.sqlQuery,
        source: args.source,
        maxRows: TOOL_MAX_ROWS,
        timeoutMs: args.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
        signal,
      });
      const title = input.queryTitle ?? 'Query result';
      const vegaSpec =
        (input.vegaSpec ? withoutData(input.vegaSpec) : undefined) ??
        (() => {
          const chart = chartFor(result.schema, result.data, title);
          return chart ? JSON.stringify(chart) : undefined;
        })();
      return {
        sqlQuery: input.sqlQuery,
        queryTitle: title,
        description: input.description ?? '',
        userRequest: input.userRequest ?? '',
        schema: result.schema,
        data: result.data,
        totalRows: result.totalRows,
        uuid: randomUUID(),
        ...(vegaSpec ? { vegaSpec } : {}),
      };
    },
  };
}
