/**
 * A streaming handler's success: lines produced as the work goes; `signal` fires if the client leaves. Domain
 * services return it (the chat's stream of lines) and functions/http/endpoint.ts writes it; it lives here, not
 * in http/, so that domain code does not import the HTTP layer.
 */
export interface StreamResult {
  status: number;
  headers: Record<string, string>;
  lines: (signal: AbortSignal) => AsyncIterable<string>;
}
