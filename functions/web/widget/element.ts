/**
 * `<embed-analytics-chat session="..." base-url="..." account="..." agent="...">`: the chat widget as a
 * custom element (shadow DOM, styles included). The embed page uses the same element with `from-location`,
 * which reads `session`, `account` and `agent` from the page's query string.
 */
import { ApiError, abortChat, type ChatTarget, type EmbedSession, openSession, streamChat } from './api';
import { buildComposer, type Composer } from './composer';
import { contentLanguage, readWidgetConfig, renewsSessions, type WidgetConfig } from './config';
import { h, replaceChildren } from './dom';
import { applyTheme, connectHost, EVENTS, frameHostOrigin, type HostBridge, performAction } from './host';
import { applyMessage, FRAME, newTurn, type Turn } from './protocol';
import { CHART_REDRAW, TurnView } from './render';
import { sessionClock } from './session-clock';
import css from './styles.css';
import { failureOf, headingOf, noticeBox } from './views';

/** How long to wait for the stream's own end after an accepted abort before cutting it locally. */
const ABORT_GRACE_MS = 3000;
/** Times a dropped answer is re-attached (same messageId) before the turn shows the connection error. */
const REATTACH_TRIES = 3;

let sheet: CSSStyleSheet | undefined;
function styles(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  }
  return sheet;
}

type ViewState = 'idle' | 'connecting' | 'ready' | 'expired' | 'failed';

export class EmbedAnalyticsChat extends HTMLElement {
  static readonly observedAttributes = ['session', 'base-url', 'account', 'agent', 'theme'];
  /** Seconds before the token ends that `cube:event:session-expiring` fires (`renew-before`, default 300). */
  static readonly RENEW_BEFORE_SECONDS = 300;

  private readonly root: ShadowRoot;
  private readonly statusRegion: HTMLElement;
  private readonly body: HTMLElement;
  private config: WidgetConfig | undefined;
  private session: EmbedSession | undefined;
  private chatId: string | undefined;
  private turns = 0;
  private running:
    | { turn: Turn; view: TurnView; controller: AbortController; abortRequested: boolean }
    | undefined;
  private composer: Composer | undefined;
  private conversation: HTMLElement | undefined;
  private generation = 0;
  /** Whether the conversation follows new content (until the reader scrolls up). */
  private followEnd = true;
  private state: ViewState = 'idle';
  private bridge: HostBridge | undefined;
  private cancelClock: () => void = () => undefined;
  /** Follows the system's colour scheme while no `theme` attribute forces one. */
  private readonly schemeQuery = window.matchMedia?.('(prefers-color-scheme: dark)');
  private readonly onSchemeChange = () => {
    if (!this.hasAttribute('theme')) this.redrawCharts();
  };

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.adoptedStyleSheets = [styles()];
    // The widget's own words are English, whatever the host page's language (the conversation may differ).
    this.statusRegion = h('div', {
      class: 'sr-only',
      attrs: { role: 'status', 'aria-live': 'polite', lang: 'en' },
    });
    this.body = h('div', { class: 'shell', attrs: { lang: 'en' } });
    this.body.addEventListener('keydown', (event) => {
      // Escape stops a running answer from anywhere in the widget.
      if (event.key !== 'Escape' || !this.running || this.running.abortRequested) return;
      event.preventDefault();
      event.stopPropagation();
      void this.stop();
    });
    this.root.append(this.body, this.statusRegion);
  }

  connectedCallback(): void {
    if (!this.bridge) {
      // The embed page in an iframe talks to its parent too, with the host's origin only.
      const query = this.hasAttribute('from-location')
        ? new URLSearchParams(window.location.search)
        : undefined;
      const origin = query && window.parent !== window ? frameHostOrigin(query) : undefined;
      this.bridge = connectHost(this, {
        ...(origin ? { frame: { origin } } : {}),
        onAction: (type, payload) => performAction(this, type, payload),
      });
    }
    this.schemeQuery?.addEventListener('change', this.onSchemeChange);
    if (this.state === 'idle') void this.start();
    // Moved in the page: the session's clock stopped when the element was disconnected.
    else if (this.state === 'ready' && this.session) this.scheduleExpiry(this.session.expiresAt);
  }

  disconnectedCallback(): void {
    this.schemeQuery?.removeEventListener('change', this.onSchemeChange);
    this.running?.controller.abort();
    this.bridge?.dispose();
    this.bridge = undefined;
    this.clearExpiry();
  }

  attributeChangedCallback(name: string, previous: string | null, next: string | null): void {
    // A new session (or target) starts over; the first values are read in connectedCallback.
    if (previous === next || this.state === 'idle' || !this.isConnected) return;
    if (name === 'theme') this.redrawCharts();
    else if (name === 'session' && next && this.renews()) void this.renew(next);
    else if (name === 'session' || name === 'base-url') void this.start();
    else this.config = this.readConfig();
  }

  /** Whether a new session continues the conversation (`auto-renew-session`, or `autoRenewSession=true`). */
  private renews(): boolean {
    return this.state === 'ready' && renewsSessions(this);
  }

  /** The current configuration from attributes (and the page URL with `from-location`). */
  readConfig(): WidgetConfig {
    return readWidgetConfig(this);
  }

  /** A new session from the host: continues the conversation when it renews one, else starts over. */
  setSession(sessionId: string): void {
    if (this.state === 'ready') void this.renew(sessionId);
    else this.setAttribute('session', sessionId);
  }

  /** Exchanges a fresh session for the same user and keeps the thread; the old token is replaced. */
  private async renew(sessionId: string): Promise<void> {
    const baseUrl = this.config?.baseUrl ?? window.location.origin;
    try {
      const exchanged = await openSession(baseUrl, sessionId, this.config ?? {});
      this.session = exchanged;
      this.scheduleExpiry(exchanged.expiresAt);
      this.announce('Session renewed');
    } catch (error) {
      this.emit(EVENTS.error, {
        message: error instanceof Error ? error.message : String(error),
        context: 'session',
        fatal: false,
      });
    }
  }

  private emit(type: (typeof EVENTS)[keyof typeof EVENTS], payload: Record<string, unknown>): void {
    this.bridge?.emit(type, payload);
  }

  private clearExpiry(): void {
    this.cancelClock();
  }

  /** `session-expiring` ahead of the token's end (the host may answer with a new session), `session-expired` at it. */
  private scheduleExpiry(expiresAt: string): void {
    this.cancelClock();
    const before =
      Number(this.getAttribute('renew-before') ?? EmbedAnalyticsChat.RENEW_BEFORE_SECONDS) * 1000;
    this.cancelClock = sessionClock(expiresAt, before, {
      expiring: (secondsLeft) => this.emit(EVENTS.sessionExpiring, { expiresAt, secondsLeft }),
      expired: () => {
        this.emit(EVENTS.sessionExpired, { expiresAt });
        this.running?.controller.abort();
        this.showFailure(new ApiError(401, 'SESSION_EXPIRED', 'The session has expired'));
      },
    });
  }

  private announce(message: string): void {
    // Clearing first makes a repeated message be read again.
    this.statusRegion.textContent = '';
    window.setTimeout(() => {
      this.statusRegion.textContent = message;
    }, 50);
  }

  /** Draws the charts again in the colours of the scheme now shown. */
  private redrawCharts(): void {
    for (const figure of this.root.querySelectorAll('figure.chart')) {
      figure.dispatchEvent(new Event(CHART_REDRAW));
    }
  }

  private isDark(): boolean {
    const theme = this.getAttribute('theme');
    if (theme === 'dark') return true;
    if (theme === 'light') return false;
    return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  }

  private setState(state: ViewState): void {
    this.state = state;
    this.dataset.state = state;
  }

  /** Whether the widget may move focus: it has it already, or it is the whole page (the embed page on its own). */
  private ownsFocus(): boolean {
    return this.root.activeElement !== null || (this.hasAttribute('autofocus') && window.parent === window);
  }

  private notice(title: string, text: string, tone: 'info' | 'error'): void {
    const box = noticeBox(title, text, tone);
    // An error takes focus (so it is read) only where focus would otherwise be lost, never from the host page.
    const focus = tone === 'error' && this.ownsFocus();
    replaceChildren(this.body, h('header', { class: 'bar' }, headingOf(this)), box);
    if (focus) box.focus();
  }

  private async start(): Promise<void> {
    const generation = ++this.generation;
    this.running?.controller.abort();
    this.running = undefined;
    this.session = undefined;
    this.chatId = undefined;
    this.turns = 0;
    this.config = this.readConfig();
    const { session, baseUrl } = this.config;
    if (!session) {
      this.setState('failed');
      this.notice(
        'No session',
        'This chat needs a session. Open it from the application that embeds it.',
        'error',
      );
      return;
    }
    this.setState('connecting');
    this.notice('Connecting…', 'Starting a secure session.', 'info');
    try {
      // Checked before the exchange spends the session: a wrong account or agent is said now, not on the first
      // question, and the session stays usable for a corrected page.
      const exchanged = await openSession(baseUrl, session, this.config);
      if (generation !== this.generation) return;
      this.session = exchanged;
      applyTheme(this, exchanged.embedTheme);
      this.setState('ready');
      this.renderChat();
      this.scheduleExpiry(exchanged.expiresAt);
      this.emit(EVENTS.ready, {
        embedTenant: exchanged.embedTenantName ?? null,
        deploymentId: exchanged.deploymentId ?? null,
        mode: 'signed',
        surface: 'chat',
      });
    } catch (error) {
      if (generation !== this.generation) return;
      this.showFailure(error);
    }
  }

  private showFailure(error: unknown): void {
    this.clearExpiry();
    this.emit(EVENTS.error, {
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof ApiError ? { name: error.code } : {}),
      context: 'session',
      fatal: true,
    });
    const failure = failureOf(error);
    this.setState(failure.state);
    this.notice(failure.title, failure.text, 'error');
  }

  private target(): ChatTarget | { error: string } {
    const account = this.config?.account ?? this.session?.accountName;
    const agent = this.config?.agent ?? this.session?.agentId ?? '1';
    if (!account)
      return { error: 'No account is configured for this chat (the "account" parameter is missing).' };
    return { baseUrl: this.config?.baseUrl ?? window.location.origin, accountName: account, agentId: agent };
  }

  private renderChat(): void {
    const composer = buildComposer({ ask: (text) => this.ask(text), stop: () => this.stop() });
    this.composer = composer;
    const conversation = h('div', {
      class: 'conversation',
      attrs: { role: 'log', 'aria-label': 'Conversation', 'aria-live': 'off', tabindex: 0 },
    });
    this.conversation = conversation;
    conversation.addEventListener('scroll', () => {
      this.followEnd = conversation.scrollHeight - conversation.scrollTop - conversation.clientHeight < 48;
    });
    const restart = h('button', {
      class: 'new-chat',
      text: 'New chat',
      attrs: { type: 'button' },
      on: {
        click: () => {
          if (this.running) return;
          this.chatId = undefined;
          this.turns = 0;
          replaceChildren(conversation, this.emptyState());
          this.announce('New conversation');
          composer.input.focus();
        },
      },
    });
    replaceChildren(conversation, this.emptyState());
    // The embed page on its own is the whole UI (it sets `autofocus`); inside a customer's page or frame the chat
    // must not take focus on load.
    const focus = this.ownsFocus();
    replaceChildren(
      this.body,
      h('header', { class: 'bar' }, headingOf(this), restart),
      conversation,
      composer.form,
    );
    if (focus) composer.input.focus({ preventScroll: true });
    // Warm the chart chunk while the user types; nothing waits for it.
    window.setTimeout(() => void import('./chart').catch(() => undefined), 500);
  }

  private emptyState(): HTMLElement {
    const name = this.session?.userProfile?.displayName;
    return h(
      'p',
      { class: 'empty' },
      name ? `Hello ${name}. ` : '',
      'Ask a question about your data, for example a total, a trend over time or a top 5.',
    );
  }

  private setRunning(running: boolean): void {
    const composer = this.composer;
    if (!composer) return;
    const active = this.root.activeElement;
    composer.send.disabled = running;
    composer.stop.disabled = !running;
    this.body.querySelector<HTMLButtonElement>('.new-chat')?.toggleAttribute('disabled', running);
    // A disabled button loses focus to the page: Ask hands it to Stop, Stop back to the question box.
    if (active instanceof HTMLButtonElement && active.disabled) {
      (running ? composer.stop : composer.input).focus();
    }
  }

  private scrollToEnd(force = false): void {
    const box = this.conversation;
    if (!box) return;
    if (force) this.followEnd = true;
    if (this.followEnd) box.scrollTop = box.scrollHeight;
  }

  /** Sends a question and renders the streamed turn. */
  async ask(question: string): Promise<void> {
    const text = question.trim();
    const token = this.session?.token;
    const composer = this.composer;
    const conversation = this.conversation;
    if (!text || !token || !composer || !conversation || this.running) return;
    const target = this.target();
    const turn = newTurn(text);
    this.turns += 1;
    const host = {
      announce: (message: string) => this.announce(message),
      isDark: () => this.isDark(),
      grew: () => this.scrollToEnd(),
      contentLang: contentLanguage(this),
      questionLevel: this.getAttribute('heading-level') === '1' ? (2 as const) : (3 as const),
    };
    let view = new TurnView(turn, host, this.turns);
    if (this.turns === 1) conversation.replaceChildren();
    conversation.append(view.element);
    composer.input.value = '';
    this.scrollToEnd(true);
    if ('error' in target) {
      turn.status = 'error';
      turn.error = target.error;
      view.update({ kind: 'status' });
      return;
    }
    const controller = new AbortController();
    const running = { turn, view, controller, abortRequested: false };
    this.running = running;
    this.setRunning(true);
    this.announce('Working on your question');
    const agentId = this.config?.agent ?? this.session?.agentId ?? '1';
    this.emit(EVENTS.aiQuery, {
      query: text,
      status: 'submitted',
      agentId,
      ...(this.chatId ? { chatId: this.chatId } : {}),
    });
    // Sent again with the thread's id, the same messageId re-attaches to the turn if the connection drops.
    const messageId = `${Date.now()}-message`;
    let chatId = this.chatId;
    try {
      for (let attempt = 0; ; attempt += 1) {
        let dropped: unknown;
        try {
          const request = { input: text, messageId, ...(chatId ? { chatId } : {}) };
          for await (const message of streamChat(target, token, request, controller.signal)) {
            const change = applyMessage(running.turn, message);
            if (change.kind === 'chat') {
              chatId = change.chatId;
              this.chatId = change.chatId;
              if (running.abortRequested) void this.sendAbort(running);
            }
            view.update(change);
            this.scrollToEnd();
            // `__usage__` is always the last frame (a service without it simply ends the stream).
            if (message.id === FRAME.usage) break;
          }
        } catch (error) {
          // A refusal of the service (an HTTP error) or a stop is final; a lost connection is re-attached.
          if (error instanceof ApiError || running.abortRequested || controller.signal.aborted) throw error;
          dropped = error;
        }
        const ended = running.turn.status !== 'streaming';
        if (ended || running.abortRequested || !chatId || attempt + 1 >= REATTACH_TRIES) {
          if (dropped !== undefined && !ended) throw dropped;
          break;
        }
        // The re-attached stream tells the turn from its first line: start its view afresh.
        this.announce('Reconnecting');
        const fresh = newTurn(text);
        const next = new TurnView(fresh, host, this.turns);
        view.element.replaceWith(next.element);
        view = next;
        running.turn = fresh;
        running.view = next;
      }
      const turn = running.turn;
      if (turn.status === 'streaming') {
        turn.status = running.abortRequested ? 'aborted' : 'error';
        if (turn.status === 'error') turn.error = 'The answer ended unexpectedly. Try asking again.';
        view.update({ kind: 'status' });
      }
    } catch (error) {
      this.endWithError(running.turn, view, error, running.abortRequested);
    } finally {
      this.running = undefined;
      this.setRunning(false);
      this.scrollToEnd();
      const { status, chatId: thread } = running.turn;
      this.emit(EVENTS.aiQuery, {
        query: text,
        status: status === 'error' ? 'error' : 'completed',
        agentId,
        ...(thread ? { chatId: thread } : {}),
        ...(status === 'aborted' ? { stopped: true } : {}),
      });
    }
  }

  private endWithError(turn: Turn, view: TurnView, error: unknown, aborting: boolean): void {
    if (aborting) {
      turn.status = 'aborted';
    } else if (error instanceof ApiError && error.status === 401) {
      this.showFailure(error);
      return;
    } else {
      turn.status = 'error';
      if (error instanceof ApiError) turn.error = error.message;
      else turn.error = 'The connection was lost before the answer was complete. Try asking again.';
    }
    view.update({ kind: 'status' });
  }

  /** Stops the running answer: the service ends the stream with status aborted. */
  async stop(): Promise<void> {
    const running = this.running;
    if (!running || running.abortRequested) return;
    running.abortRequested = true;
    if (this.composer) this.composer.stop.disabled = true;
    this.composer?.input.focus();
    this.announce('Stopping');
    // Without a chatId yet, the abort is sent as soon as the stream names its thread.
    if (running.turn.chatId) await this.sendAbort(running);
  }

  private async sendAbort(running: NonNullable<EmbedAnalyticsChat['running']>): Promise<void> {
    const target = this.target();
    const token = this.session?.token;
    const chatId = running.turn.chatId;
    if ('error' in target || !token || !chatId) {
      running.controller.abort();
      return;
    }
    try {
      await abortChat(target, token, chatId);
      window.setTimeout(() => {
        if (this.running === running) running.controller.abort();
      }, ABORT_GRACE_MS);
    } catch {
      // The service could not stop it (already finished, or unreachable): stop reading.
      running.controller.abort();
    }
  }
}

/** Registers the element (once per page). */
export function defineEmbedAnalyticsChat(name = 'embed-analytics-chat'): void {
  if (!customElements.get(name)) customElements.define(name, EmbedAnalyticsChat);
}
