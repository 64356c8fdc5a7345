/** The element's fixed pieces: its title, a notice, and what a failure to start says. */
import { ApiError } from './api';
import { h } from './dom';

/** The title above the chat (`heading`, `heading-level`). */
export function headingOf(element: HTMLElement): HTMLElement {
  const level = element.getAttribute('heading-level') === '1' ? 'h1' : 'h2';
  return h(level, { class: 'title', text: element.getAttribute('heading') ?? 'Ask about your data' });
}

/** A notice in place of the chat: an alert for errors (focusable, so it is read), a status otherwise. */
export function noticeBox(title: string, text: string, tone: 'info' | 'error'): HTMLElement {
  return h(
    'div',
    { class: `notice notice-${tone}`, attrs: { role: tone === 'error' ? 'alert' : 'status', tabindex: -1 } },
    h('p', { class: 'notice-title', text: title }),
    h('p', { text }),
  );
}

/** What the element says when its session cannot start, and the state it ends in. */
export function failureOf(error: unknown): { state: 'failed' | 'expired'; title: string; text: string } {
  if (error instanceof ApiError && (error.code === 'AGENT_NOT_FOUND' || error.status === 403)) {
    return { state: 'failed', title: 'This chat is not set up correctly', text: error.message };
  }
  if (error instanceof ApiError && error.status === 401) {
    return {
      state: 'expired',
      title: 'Session used or expired',
      text: 'This chat link can be opened only once and for a few minutes. Go back to the application and open the chat again.',
    };
  }
  return {
    state: 'failed',
    title: 'The chat could not start',
    text: error instanceof Error ? error.message : String(error),
  };
}
