/** A small HTTP client for tests: real requests against the local service. */
export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  key?: string;
  bearer?: string;
  headers?: Record<string, string>;
  /** Send this exact text instead of JSON.stringify(body). */
  raw?: string;
}

export function client(baseUrl: string) {
  async function send<T>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Api-Key ${options.key}`;
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    let payload: string | undefined;
    if (options.raw !== undefined) payload = options.raw;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }
  return {
    get: <T = Record<string, unknown>>(path: string, options?: RequestOptions) =>
      send<T>('GET', path, undefined, options),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, options?: RequestOptions) =>
      send<T>('POST', path, body, options),
    delete: <T = Record<string, unknown>>(path: string, options?: RequestOptions) =>
      send<T>('DELETE', path, undefined, options),
    send,
  };
}

/** Every item of a table, sorted, for "nothing was written" assertions. */
export async function snapshot(store: import('../../functions/store/client').Store): Promise<string> {
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await store.doc.send(
      new ScanCommand({ TableName: store.tableName, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return JSON.stringify(items.map((i) => JSON.stringify(i)).sort());
}
