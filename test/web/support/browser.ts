/**
 * Debian's Chromium driven by playwright-core: installed with apt when missing (tests run as root), launched
 * headless with the flags this machine's closed network needs. Playwright gives every launch a fresh profile.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = fileURLToPath(new URL('../../artifacts/web/', import.meta.url));

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Installs Debian's chromium package when the binary is missing (waiting for a parallel install's lock). */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const apt = (...args: string[]) =>
    execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', ...args], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  try {
    apt('install', '-y', 'chromium');
  } catch {
    apt('update');
    apt('install', '-y', 'chromium');
  }
}

/** Launches headless Chromium. */
export async function launchBrowser(): Promise<Browser> {
  ensureChromium();
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

export interface PageProblems {
  /** Console errors, page errors and CSP violations seen so far. */
  readonly errors: string[];
}

export interface ContextOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
}

/** A context with a viewport and colour scheme, and a page that records errors and CSP violations. */
export async function openPage(
  browser: Browser,
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1200, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return { context, page, problems: { errors } };
}

/** Saves a full-page screenshot under test/artifacts/web/. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
