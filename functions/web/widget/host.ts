/**
 * The widget's conversation with the page that embeds it, in Cube's envelope (Cube's "Events & actions" page):
 * `{source: 'cube-embed', direction, type, payload, timestamp, surface}`. The web component dispatches each event
 * as a DOM `CustomEvent` of the same type (`detail` is the payload); the embed page, inside an iframe, also posts it
 * to the parent, and only to the host origin it was given, never to `*`, and takes actions only from that origin
 * and from its own parent window.
 */

export const ENVELOPE_SOURCE = 'cube-embed';

/** Events (widget -> host). Cube's names, plus the session's expiry, which Cube's iframe renews by itself. */
export const EVENTS = {
  ready: 'cube:event:ready',
  aiQuery: 'cube:event:ai-query',
  error: 'cube:event:error',
  sessionExpiring: 'cube:event:session-expiring',
  sessionExpired: 'cube:event:session-expired',
} as const;
export type EventType = (typeof EVENTS)[keyof typeof EVENTS];

/** Actions (host -> widget). Cube's theme actions, and the chat's own: ask, stop, a new session. */
export const ACTIONS = {
  setColorScheme: 'cube:action:set-color-scheme',
  setTheme: 'cube:action:set-theme',
  ask: 'cube:action:ask',
  stop: 'cube:action:stop',
  setSession: 'cube:action:set-session',
} as const;
export type ActionType = (typeof ACTIONS)[keyof typeof ACTIONS];

const ACTION_TYPES = new Set<string>(Object.values(ACTIONS));

export interface HostBridge {
  emit(type: EventType, payload: Record<string, unknown>): void;
  dispose(): void;
}

/**
 * The origin of the page the embed page is framed by: the `hostOrigin` parameter of its URL (the host writes that
 * URL, with the session), else the parent's origin as the browser reports it. Undefined when neither is known:
 * then nothing is posted, since a message carrying questions must not go to whoever frames the page.
 */
export function frameHostOrigin(query: URLSearchParams): string | undefined {
  const given = query.get('hostOrigin');
  if (given) {
    try {
      const origin = new URL(given).origin;
      return origin === 'null' ? undefined : origin;
    } catch {
      return undefined;
    }
  }
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  return ancestors && ancestors.length > 0 ? (ancestors[0] ?? undefined) : undefined;
}

/**
 * Connects an element to its host: DOM events always; when `frame` is given (the embed page inside an iframe),
 * postMessage both ways with that origin.
 */
export function connectHost(
  element: HTMLElement,
  options: {
    frame?: { origin: string };
    onAction: (type: ActionType, payload: Record<string, unknown>) => void;
  },
): HostBridge {
  const { frame } = options;
  const listener = (event: MessageEvent) => {
    if (!frame || event.source !== window.parent || event.origin !== frame.origin) return;
    const data = event.data as { source?: unknown; direction?: unknown; type?: unknown; payload?: unknown };
    if (!data || data.source !== ENVELOPE_SOURCE || data.direction !== 'action') return;
    if (typeof data.type !== 'string' || !ACTION_TYPES.has(data.type)) return;
    const payload = typeof data.payload === 'object' && data.payload !== null ? data.payload : {};
    options.onAction(data.type as ActionType, payload as Record<string, unknown>);
  };
  if (frame) window.addEventListener('message', listener);
  return {
    emit(type, payload) {
      element.dispatchEvent(new CustomEvent(type, { detail: payload, bubbles: true, composed: true }));
      if (frame && window.parent !== window) {
        window.parent.postMessage(
          {
            source: ENVELOPE_SOURCE,
            direction: 'event',
            type,
            payload,
            timestamp: Date.now(),
            surface: 'chat',
          },
          frame.origin,
        );
      }
    },
    dispose() {
      window.removeEventListener('message', listener);
    },
  };
}

/** A brand theme on the element (Cube's `embedTheme`: `primaryColor`, `font`): CSS custom properties. */
export function applyTheme(element: HTMLElement, theme: Record<string, unknown> | undefined): void {
  if (!theme) return;
  const color = typeof theme.primaryColor === 'string' ? theme.primaryColor : undefined;
  // Only a colour CSS accepts: a value that parses as nothing leaves the default.
  if (color && CSS.supports('color', color)) {
    element.style.setProperty('--accent', color);
    element.style.setProperty('--focus', color);
  }
  const font = typeof theme.font === 'string' ? theme.font : undefined;
  if (font && CSS.supports('font-family', font)) element.style.setProperty('font-family', font);
}

/** What an action may drive: the chat element's own attributes and methods. */
export interface ActionTarget extends HTMLElement {
  ask(question: string): Promise<void>;
  stop(): Promise<void>;
  setSession(sessionId: string): void;
}

/** An action of the host: Cube's theme actions, a question, Stop, a new session. */
export function performAction(
  target: ActionTarget,
  type: ActionType,
  payload: Record<string, unknown>,
): void {
  if (type === ACTIONS.setColorScheme) {
    if (payload.scheme === 'dark' || payload.scheme === 'light') target.setAttribute('theme', payload.scheme);
    else if (payload.scheme === 'auto') target.removeAttribute('theme');
  } else if (type === ACTIONS.setTheme) {
    applyTheme(target, payload);
  } else if (type === ACTIONS.ask && typeof payload.input === 'string') {
    void target.ask(payload.input);
  } else if (type === ACTIONS.stop) {
    void target.stop();
  } else if (type === ACTIONS.setSession && typeof payload.sessionId === 'string') {
    target.setSession(payload.sessionId);
  }
}
