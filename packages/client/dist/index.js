// Built by `npm run client:build` (scripts/build-client.mjs) from packages/client/src: do not edit.

// src/index.ts
var ApiError = class extends Error {
  constructor(status, code, message, details, retryAfter) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfter = retryAfter;
  }
  status;
  code;
  details;
  retryAfter;
  name = "ApiError";
};
async function toError(response) {
  const text = await response.text().catch(() => "");
  let body = {};
  try {
    body = JSON.parse(text);
  } catch {
  }
  const retry = Number(response.headers.get("retry-after"));
  return new ApiError(
    response.status,
    typeof body.code === "string" && body.code ? body.code : `HTTP_${response.status}`,
    typeof body.error === "string" && body.error ? body.error : `The service answered ${response.status} ${response.statusText}`.trim(),
    body.details,
    Number.isFinite(retry) && retry > 0 ? retry : void 0
  );
}
async function* ndjson(response) {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  try {
    for (; ; ) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffered.indexOf("\n");
      while (newline >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line) yield JSON.parse(line);
        newline = buffered.indexOf("\n");
      }
      if (done) break;
    }
    const last = buffered.trim();
    if (last) yield JSON.parse(last);
  } finally {
    await reader.cancel().catch(() => void 0);
  }
}
var chatPath = (agent) => `/api/v1/public/${encodeURIComponent(agent.accountName)}/agents/${encodeURIComponent(agent.agentId)}/chat`;
var EmbeddedAnalytics = class {
  constructor(options) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  }
  options;
  baseUrl;
  fetcher;
  authorization(auth) {
    if (auth === "none") return {};
    if (this.options.apiKey) return { authorization: `Api-Key ${this.options.apiKey}` };
    if (auth === "keyOrToken" && this.options.token) return { authorization: `Bearer ${this.options.token}` };
    if (auth === "keyOrToken" && this.options.cubeToken)
      return { "x-cube-auth-token": this.options.cubeToken };
    return {};
  }
  async send(method, path, auth, body, extra = {}) {
    const headers = { ...this.authorization(auth) };
    if (body !== void 0) headers["content-type"] = "application/json";
    if (extra.accept) headers.accept = extra.accept;
    let response;
    try {
      response = await this.fetcher(`${this.baseUrl}${path}`, {
        method,
        headers,
        // Credentials are headers; a browser's cookies for the service's origin are never sent.
        credentials: "omit",
        ...body !== void 0 ? { body: JSON.stringify(body) } : {},
        ...extra.signal ? { signal: extra.signal } : {}
      });
    } catch (error) {
      if (extra.signal?.aborted) throw error;
      throw new ApiError(
        0,
        "NETWORK",
        "The service could not be reached. Check the connection and try again."
      );
    }
    if (!response.ok) throw await toError(response);
    return response;
  }
  async json(method, path, auth, body) {
    const response = await this.send(method, path, auth, body);
    return response.status === 204 ? void 0 : await response.json();
  }
  /** POST /api/v1/embed/generate-session (admin key): a single-use session for one of your users. */
  generateSession(request) {
    return this.json("POST", "/api/v1/embed/generate-session", "key", request);
  }
  /** POST /api/v1/embed/session/token (no key): the session's embed token and user. */
  exchange(sessionId, deploymentId) {
    const body = deploymentId === void 0 ? { sessionId } : { sessionId, deploymentId };
    return this.json("POST", "/api/v1/embed/session/token", "none", body);
  }
  /**
   * POST /api/v1/embed/session/check (no key): whether the session can open the chat of `accountName` and
   * `agentId` (default agent `1`), without spending it. 401 SESSION_INVALID, 404 AGENT_NOT_FOUND or 403 otherwise.
   */
  check(sessionId, target = {}) {
    return this.json("POST", "/api/v1/embed/session/check", "none", { sessionId, ...target });
  }
  /** POST /api/v1/embed/session/revoke (admin key): idempotent. */
  async revoke(sessionId) {
    await this.json("POST", "/api/v1/embed/session/revoke", "key", { sessionId });
  }
  async *pages(path, pageSize) {
    let after = null;
    for (; ; ) {
      const query = `?first=${pageSize}${after ? `&after=${encodeURIComponent(after)}` : ""}`;
      const page = await this.json("GET", `${path}${query}`, "key");
      yield* page.items;
      if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
      after = page.pageInfo.endCursor;
    }
  }
  /** Every group of an embed tenant, page by page (admin key). */
  groups(embedTenantName, options = {}) {
    return this.pages(
      `/api/v1/embed-tenants/${encodeURIComponent(embedTenantName)}/groups`,
      options.pageSize ?? 100
    );
  }
  /** Every user attribute of an embed tenant, page by page (admin key). */
  userAttributes(embedTenantName, options = {}) {
    return this.pages(
      `/api/v1/embed-tenants/${encodeURIComponent(embedTenantName)}/user-attributes`,
      options.pageSize ?? 100
    );
  }
  async deleteGroup(embedTenantName, id) {
    await this.json(
      "DELETE",
      `/api/v1/embed-tenants/${encodeURIComponent(embedTenantName)}/groups/${encodeURIComponent(id)}`,
      "key"
    );
  }
  async deleteUserAttribute(embedTenantName, id) {
    await this.json(
      "DELETE",
      `/api/v1/embed-tenants/${encodeURIComponent(embedTenantName)}/user-attributes/${encodeURIComponent(id)}`,
      "key"
    );
  }
  /**
   * POST {chat_url}/stream-chat-state: the lines of the turn as the server writes them. Keepalive lines are
   * skipped. An error before the first line (validation, auth, busy thread) is thrown by the first `next()`.
   */
  chat(agent, request, options = {}) {
    const controller = new AbortController();
    const { signal } = options;
    if (signal?.aborted) controller.abort(signal.reason);
    signal?.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
    let chatId = request.chatId ?? void 0;
    const started = this.send("POST", `${chatPath(agent)}/stream-chat-state`, "keyOrToken", request, {
      accept: "application/x-ndjson",
      signal: controller.signal
    });
    started.catch(() => void 0);
    const sessionSettings = request.sessionSettings;
    const client = this;
    return {
      get chatId() {
        return chatId;
      },
      async *[Symbol.asyncIterator]() {
        const response = await started;
        for await (const value of ndjson(response)) {
          if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
          const line = value;
          if (line.id === "__keepalive__") continue;
          chatId ??= line.state?.chatId;
          yield line;
        }
      },
      async abort() {
        if (!chatId) {
          await started;
          const deadline = Date.now() + 5e3;
          while (!chatId && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
          if (!chatId) throw new ApiError(0, "NO_THREAD", "The stream has not named its thread yet");
        }
        await client.abortChat(agent, chatId, sessionSettings);
      },
      close() {
        controller.abort();
      }
    };
  }
  /** POST {chat_url}/stream-chat-state/abort: stops the thread's running turn (204; idempotent). */
  async abortChat(agent, chatId, sessionSettings) {
    await this.json("POST", `${chatPath(agent)}/stream-chat-state/abort`, "keyOrToken", {
      chatId,
      ...sessionSettings ? { sessionSettings } : {}
    });
  }
  /** POST /api/v1/deployments/{id}/sql, all rows in one JSON body. */
  query(deploymentId, request) {
    return this.json("POST", `/api/v1/deployments/${deploymentId}/sql`, "keyOrToken", request);
  }
  /** POST /api/v1/deployments/{id}/sql with `Accept: application/x-ndjson`: rows streamed as they arrive. */
  sql(deploymentId, request) {
    const response = this.send("POST", `/api/v1/deployments/${deploymentId}/sql`, "keyOrToken", request, {
      accept: "application/x-ndjson"
    });
    let values;
    let columns;
    let total;
    const lines = async () => values ??= ndjson(await response);
    const readColumns = async () => {
      if (columns) return columns;
      const first = await (await lines()).next();
      const head = first.value;
      if (first.done || !head?.schema)
        throw new ApiError(0, "BAD_STREAM", "The SQL stream did not start with its schema");
      columns = head.schema;
      return columns;
    };
    return {
      columns: readColumns,
      async *rows() {
        await readColumns();
        for await (const value of await lines()) {
          if (Array.isArray(value)) yield value;
          else total = value.totalRows;
        }
      },
      async totalRows() {
        if (total === void 0) for await (const _row of this.rows()) void _row;
        if (total === void 0)
          throw new ApiError(0, "BAD_STREAM", "The SQL stream ended without its total");
        return total;
      }
    };
  }
};
export {
  ApiError,
  EmbeddedAnalytics
};
