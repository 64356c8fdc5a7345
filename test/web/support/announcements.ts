/**
 * What a screen reader would announce from the widget's live regions, recorded in the page with a
 * MutationObserver on the element's shadow root. The model follows ARIA's live-region rules as browsers apply
 * them: a region is the nearest ancestor with `aria-live` (explicit values win over the role), else `role` status
 * or log (polite) or alert (assertive); text added to a region is announced (`aria-relevant` "additions text"),
 * removals are not; `aria-atomic="true"` announces the whole region; while a region is `aria-busy="true"` its
 * changes wait, and the region is read once, whole, when the flag goes back to false; hidden nodes say nothing.
 */
import type { Page } from 'playwright-core';

export interface Announcement {
  politeness: 'polite' | 'assertive';
  text: string;
}

/** Starts recording on the page's `<embed-analytics-chat>` (call once its shadow root exists). */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.evaluate(() => {
    const host = document.querySelector('embed-analytics-chat');
    const root = host?.shadowRoot;
    if (!root) throw new Error('no widget to observe');
    const said: { politeness: 'polite' | 'assertive'; text: string }[] = [];
    (window as unknown as { __announcements: typeof said }).__announcements = said;

    const politenessOf = (element: Element): 'polite' | 'assertive' | 'off' | undefined => {
      const live = element.getAttribute('aria-live');
      if (live === 'polite' || live === 'assertive' || live === 'off') return live;
      const role = element.getAttribute('role');
      if (role === 'alert') return 'assertive';
      if (role === 'status' || role === 'log') return 'polite';
      return undefined;
    };
    const regionOf = (node: Node): { region: Element; politeness: 'polite' | 'assertive' } | undefined => {
      for (let at: Node | null = node; at && at !== root; at = at.parentNode) {
        if (!(at instanceof Element)) continue;
        const politeness = politenessOf(at);
        if (politeness === 'off') return undefined;
        if (politeness) return { region: at, politeness };
      }
      return undefined;
    };
    const busy = (node: Node, region: Element): boolean => {
      for (let at: Node | null = node; at; at = at.parentNode) {
        if (at instanceof Element && at.getAttribute('aria-busy') === 'true') return true;
        if (at === region) return false;
      }
      return false;
    };
    const shown = (node: Node): boolean => {
      const element = node instanceof Element ? node : node.parentElement;
      return !!element && element.checkVisibility();
    };
    const textOf = (node: Node): string =>
      (shown(node) ? (node.textContent ?? '') : '').replace(/\s+/g, ' ').trim();

    new MutationObserver((records) => {
      // Per region: the text to say in this batch (a busy region read whole when it settles).
      const batch = new Map<
        Element,
        { politeness: 'polite' | 'assertive'; parts: string[]; whole: boolean }
      >();
      const note = (region: Element, politeness: 'polite' | 'assertive', text: string, whole = false) => {
        const entry = batch.get(region) ?? { politeness, parts: [], whole: false };
        if (whole) {
          entry.whole = true;
          entry.parts = [];
        }
        if (!entry.whole && text) entry.parts.push(text);
        batch.set(region, entry);
      };
      for (const record of records) {
        if (record.type === 'attributes' && record.attributeName === 'aria-busy') {
          const target = record.target as Element;
          const found = regionOf(target);
          if (found && record.oldValue === 'true' && target.getAttribute('aria-busy') !== 'true') {
            note(found.region, found.politeness, '', true);
          }
          continue;
        }
        if (record.type === 'attributes') continue;
        const found = regionOf(record.target);
        if (!found) {
          // An alert put into the page is read at once (browsers fire it on insertion).
          for (const added of record.addedNodes) {
            if (added instanceof Element && added.getAttribute('role') === 'alert') {
              note(added, 'assertive', textOf(added));
            }
          }
          continue;
        }
        if (busy(record.target, found.region)) continue;
        const atomic = found.region.getAttribute('aria-atomic') === 'true';
        if (atomic) {
          note(found.region, found.politeness, '', true);
        } else if (record.type === 'characterData') {
          note(found.region, found.politeness, textOf(record.target));
        } else {
          for (const added of record.addedNodes) note(found.region, found.politeness, textOf(added));
        }
      }
      for (const [region, entry] of batch) {
        const text = entry.whole ? textOf(region) : entry.parts.join(' ').replace(/\s+/g, ' ').trim();
        if (text) said.push({ politeness: entry.politeness, text });
      }
    }).observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeOldValue: true,
      attributeFilter: ['aria-busy'],
    });
  });
}

/** The announcements recorded so far. */
export async function announcements(page: Page): Promise<Announcement[]> {
  return page.evaluate(
    () => (window as unknown as { __announcements?: Announcement[] }).__announcements ?? [],
  );
}

/**
 * Waits until `text` has been announced (a widget may announce a turn's end a moment after the turn's status
 * changes; on a loaded machine that moment is long).
 */
export async function announced(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      ((window as unknown as { __announcements?: Announcement[] }).__announcements ?? []).some(
        (a) => a.text === wanted,
      ),
    text,
    { timeout: 60_000 },
  );
}
