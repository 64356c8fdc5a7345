import { h } from './dom';

/** The question box with its Ask and Stop buttons: Enter sends, Shift+Enter adds a line. */
export function buildComposer(handlers: { ask(text: string): unknown; stop(): unknown }) {
  const input = h('textarea', {
    class: 'input',
    attrs: {
      id: 'question',
      name: 'question',
      rows: 2,
      maxlength: 4000,
      required: true,
      autocomplete: 'off',
      placeholder: 'Ask a question about your data',
      'aria-describedby': 'composer-hint',
    },
  });
  const send = h('button', { class: 'send', text: 'Ask', attrs: { type: 'submit' } });
  const stop = h('button', { class: 'stop', text: 'Stop', attrs: { type: 'button', disabled: true } });
  const form = h(
    'form',
    { class: 'composer', attrs: { 'aria-label': 'Ask a question' } },
    h('label', { class: 'sr-only', text: 'Your question', attrs: { for: 'question' } }),
    input,
    h('div', { class: 'actions' }, stop, send),
    h('p', {
      class: 'hint',
      text: 'Enter to send · Shift+Enter for a new line',
      attrs: { id: 'composer-hint' },
    }),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void handlers.ask(input.value);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  stop.addEventListener('click', () => void handlers.stop());
  return { form, input, send, stop };
}

export type Composer = ReturnType<typeof buildComposer>;
