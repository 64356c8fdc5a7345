/** The widget's configuration: its attributes, and with `from-location` the embed page's query string. */

export interface WidgetConfig {
  session: string | undefined;
  baseUrl: string;
  account: string | undefined;
  agent: string | undefined;
}

/** The origin the widget script was loaded from: the service, when a customer page includes it. */
function scriptOrigin(): string {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return window.location.origin;
  }
}

/** The current configuration of an element (Cube's `sessionId`; `session` is this service's older spelling). */
export function readWidgetConfig(element: HTMLElement): WidgetConfig {
  const query = element.hasAttribute('from-location')
    ? new URLSearchParams(window.location.search)
    : undefined;
  const pick = (name: string) => element.getAttribute(name) ?? query?.get(name) ?? undefined;
  const base = element.getAttribute('base-url') ?? (query ? window.location.origin : scriptOrigin());
  return {
    session: pick('sessionId') || pick('session') || undefined,
    baseUrl: base,
    account: pick('account') || undefined,
    agent: pick('agent') || undefined,
  };
}

/** Whether a new session continues the conversation (`auto-renew-session`, or `autoRenewSession=true` on the page). */
export function renewsSessions(element: HTMLElement): boolean {
  if (element.hasAttribute('auto-renew-session')) return true;
  return (
    element.hasAttribute('from-location') &&
    new URLSearchParams(window.location.search).get('autoRenewSession') === 'true'
  );
}

/** A language tag as `lang` takes it (`de`, `pt-BR`); anything else is ignored. */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

/**
 * The conversation's language: the element's `lang`, the embed page's `?lang=`, else the host page's (the nearest
 * `lang` around the element). Questions and answers carry it; the widget's own words stay English.
 */
export function contentLanguage(element: HTMLElement): string | undefined {
  const query = element.hasAttribute('from-location')
    ? new URLSearchParams(window.location.search).get('lang')
    : null;
  const lang = element.getAttribute('lang') || query || element.closest('[lang]')?.getAttribute('lang');
  return lang && LANGUAGE_TAG.test(lang) ? lang : undefined;
}
