import { randomUUID } from 'node:crypto';
import { type DataModel, type DataSource, type QueryUser, runQuery, searchMeta } from '../semantic';
import { AbortedError } from './abort';
import { chartFromHint } from './chart-hint';
import { chartFor } from './charts';
import { numericColumns, type ResultTotals, totalsFromRow, totalsSql } from './model-view';
import { META_DEFAULT_MEMBERS, META_MAX_MEMBERS, TOOL_MAX_ROWS } from './tool-specs';
import type { AnalystTools, CoreSqlInput } from './types';

export { TOOL_MAX_ROWS } from './tool-specs';
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

/** The coreMeta and coreSqlApi tools over one data model, for one user, on one data source. */
export function createAnalystTools(args: {
  model: DataModel;
  user: QueryUser;
  source: DataSource;
  timeoutMs?: number;
}): AnalystTools {
  const run = (sql: string, maxRows: number, signal: AbortSignal) =>
    runQuery({
      model: args.model,
      user: args.user,
      sql,
      source: args.source,
      maxRows,
      timeoutMs: args.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
      signal,
    });
  return {
    ...(args.model.verifiedQueries ? { verifiedQueries: args.model.verifiedQueries } : {}),
    async coreMeta(input, signal) {
      if (signal.aborted) throw new AbortedError(signal.reason);
      // The best matches unless the model asks for more (a limit) or for one cube.
      return searchMeta(args.model, args.user, input.searchQuery, {
        limit: Math.min(input.limit ?? META_DEFAULT_MEMBERS, META_MAX_MEMBERS),
        fill: input.limit !== undefined,
        ...(input.cube ? { cube: input.cube } : {}),
      });
    },
    async coreSqlApi(input: CoreSqlInput, signal) {
      const result = await run(input.sqlQuery, TOOL_MAX_ROWS, signal);
      const title = input.queryTitle ?? 'Query result';
      // Rows were cut: the database computes the totals over all of them, under the same access rules.
      let totals: ResultTotals | undefined;
      if (result.totalRows > result.data.length) {
        const numeric = numericColumns(result.schema, result.data);
        const sql = totalsSql(input.sqlQuery, result.schema, numeric);
        if (sql) {
          try {
            const row = (await run(sql, 1, signal)).data[0];
            if (row) totals = totalsFromRow(result.schema, numeric, row);
          } catch (error) {
            if (signal.aborted) throw error;
            // No totals: the model is told none are available.
          }
        }
      }
      const hinted = input.chart ? chartFromHint(input.chart, result.schema, result.data, title) : undefined;
      const chart =
        hinted && 'spec' in hinted
          ? hinted.spec
          : hinted
            ? undefined
            : chartFor(result.schema, result.data, title);
      return {
        sqlQuery: input.sqlQuery,
        queryTitle: title,
        description: input.description ?? '',
        userRequest: input.userRequest ?? '',
        schema: result.schema,
        data: result.data,
        totalRows: result.totalRows,
        uuid: randomUUID(),
        ...(chart ? { vegaSpec: JSON.stringify(chart) } : {}),
        ...(totals ? { totals } : {}),
        ...(hinted && 'error' in hinted ? { chartError: hinted.error } : {}),
      };
    },
  };
}
