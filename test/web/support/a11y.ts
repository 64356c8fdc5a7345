/**
 * Accessibility probes for the browser tests: axe-core injected into the page (through the DevTools protocol,
 * so the page's strict CSP still holds), the focused element across shadow roots, the focus ring's box against
 * whatever clips it, and WCAG contrast ratios computed from the colours the browser rendered.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices (landmarks, unique names, headings). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** Rules that judge the host page rather than the widget: a test page is a stand-in for a customer's page. */
const HOST_PAGE_RULES = ['page-has-heading-one'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core on the page (every frame's document it can reach) and returns the violations, one line each. */
export async function axeViolations(target: Page | Frame): Promise<string[]> {
  const loaded = await target.evaluate(() => 'axe' in window);
  if (!loaded) await target.evaluate(AXE_SOURCE);
  const violations = await target.evaluate(
    async ({ tags, disabled }) => {
      type Result = {
        violations: {
          id: string;
          impact: string | null;
          help: string;
          nodes: { target: unknown[]; failureSummary?: string }[];
        }[];
      };
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<Result> } })
        .axe;
      const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      });
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map(
          (node) => `${JSON.stringify(node.target)} ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
        ),
      }));
    },
    { tags: AXE_TAGS, disabled: HOST_PAGE_RULES },
  );
  return violations.flatMap((v) => v.targets.map((t) => `${v.id} (${v.impact}): ${v.help} at ${t}`));
}

/** The focused element, followed into shadow roots: `tag.class "accessible text"`, or `BODY`. */
export async function focused(target: Page | Frame): Promise<string> {
  return target.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active || active === document.body) return 'BODY';
    const tag = active.tagName.toLowerCase();
    const cls = active.classList.length > 0 ? `.${[...active.classList].join('.')}` : '';
    // The label, or the text of a control (not of a text box or a container).
    const text = tag === 'textarea' || tag === 'div' ? '' : (active.textContent ?? '').trim();
    const label = (active.getAttribute('aria-label') ?? text).replace(/\s+/g, ' ').slice(0, 60);
    return `${tag}${cls}${label ? ` "${label}"` : ''}`;
  });
}

/**
 * Whether the focus ring of the focused element is cut off: its outline box (the border box grown by
 * outline-offset + outline-width) must lie inside every ancestor that clips (overflow other than visible), across
 * shadow roots, and inside the viewport, whenever the element itself fits there. Returns what cuts it, or null.
 */
export async function focusRingClipped(target: Page | Frame): Promise<string | null> {
  return target.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active || active === document.body) return 'nothing is focused';
    const style = getComputedStyle(active);
    if (style.outlineStyle === 'none' || Number.parseFloat(style.outlineWidth) === 0) {
      return `${active.tagName} has no visible outline`;
    }
    const grow = Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset);
    const box = active.getBoundingClientRect();
    const ring = {
      left: box.left - grow,
      top: box.top - grow,
      right: box.right + grow,
      bottom: box.bottom + grow,
    };
    const clips: { name: string; rect: { left: number; top: number; right: number; bottom: number } }[] = [
      {
        name: 'the viewport',
        rect: {
          left: 0,
          top: 0,
          right: document.documentElement.clientWidth,
          bottom: document.documentElement.clientHeight,
        },
      },
    ];
    for (let node: Node | null = active.parentNode; node; ) {
      if (node instanceof ShadowRoot) {
        node = node.host;
        continue;
      }
      if (node instanceof Element && node !== document.documentElement) {
        const s = getComputedStyle(node);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
          const r = node.getBoundingClientRect();
          // The padding box clips (borders are outside it).
          const left = r.left + Number.parseFloat(s.borderLeftWidth);
          const top = r.top + Number.parseFloat(s.borderTopWidth);
          clips.push({
            name: `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`,
            rect: { left, top, right: left + node.clientWidth, bottom: top + node.clientHeight },
          });
        }
      }
      node = node.parentNode;
    }
    const epsilon = 0.5;
    for (const clip of clips) {
      const fits =
        box.left >= clip.rect.left - epsilon &&
        box.right <= clip.rect.right + epsilon &&
        box.top >= clip.rect.top - epsilon &&
        box.bottom <= clip.rect.bottom + epsilon;
      if (!fits) continue;
      const cut =
        ring.left < clip.rect.left - epsilon ||
        ring.right > clip.rect.right + epsilon ||
        ring.top < clip.rect.top - epsilon ||
        ring.bottom > clip.rect.bottom + epsilon;
      if (cut)
        return `the ring of ${active.tagName.toLowerCase()}.${[...active.classList].join('.')} is cut by ${clip.name}`;
    }
    return null;
  });
}

export type Rgb = [number, number, number];

/** Parses a computed colour (`rgb(...)`, `rgba(...)`, `#rrggbb`): its channels 0-255 and its alpha. */
export function parseColor(value: string): { rgb: Rgb; alpha: number } {
  const hex = /^#([0-9a-f]{6})$/i.exec(value.trim());
  if (hex?.[1]) {
    const n = Number.parseInt(hex[1], 16);
    return { rgb: [(n >> 16) & 255, (n >> 8) & 255, n & 255], alpha: 1 };
  }
  const match = /rgba?\(([^)]+)\)/.exec(value);
  if (!match?.[1]) throw new Error(`Not a colour: ${value}`);
  const parts = match[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  const [r = 0, g = 0, b = 0, a = 1] = parts;
  return { rgb: [r, g, b], alpha: a };
}

/** A colour with alpha laid over an opaque background. */
export function over(color: { rgb: Rgb; alpha: number }, background: Rgb): Rgb {
  const { rgb, alpha } = color;
  return [0, 1, 2].map((i) => (rgb[i] ?? 0) * alpha + (background[i] ?? 0) * (1 - alpha)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG 2 contrast ratio of two opaque colours. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export interface AxNode {
  role: string;
  name: string;
  /** Roles and names of the node's descendants that the browser exposes (not ignored). */
  exposed: { role: string; name: string }[];
  /** Properties the browser computed (level, live, busy, ...), by name. */
  properties: Record<string, unknown>;
}

/**
 * Chromium's own accessibility tree (DevTools protocol `Accessibility.getFullAXTree`): the nodes a screen reader
 * is given, with their computed role and name, and for each the exposed nodes below it.
 */
export async function accessibilityTree(page: Page): Promise<AxNode[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Accessibility.enable');
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const byId = new Map(nodes.map((node) => [node.nodeId, node]));
    const read = (node: (typeof nodes)[number]) => ({
      role: String(node.role?.value ?? ''),
      name: String(node.name?.value ?? ''),
    });
    const exposedBelow = (node: (typeof nodes)[number]): { role: string; name: string }[] =>
      (node.childIds ?? []).flatMap((id) => {
        const child = byId.get(id);
        if (!child) return [];
        return [...(child.ignored ? [] : [read(child)]), ...exposedBelow(child)];
      });
    return nodes
      .filter((node) => !node.ignored)
      .map((node) => ({
        ...read(node),
        exposed: exposedBelow(node),
        properties: Object.fromEntries((node.properties ?? []).map((p) => [p.name, p.value.value])),
      }));
  } finally {
    await cdp.detach();
  }
}
