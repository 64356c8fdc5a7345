/** The suite runs on Node 22, the Lambda runtime (scripts/test.mjs, scripts/node22.mjs). */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NODE_VERSION, node22 } from '../../scripts/node22.mjs';

test('this test runs on Node 22 or later (npm test installs it where the machine has an older Node)', () => {
  expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
});

test('a Node 22+ runs the tests itself; an older one uses the Node 22 in .local/node22', () => {
  let said = '';
  const out = { write: (text: string) => (said += text) };
  expect(node22({ current: '22.1.0', out })).toEqual({
    binary: process.execPath,
    version: '22.1.0',
    installed: false,
  });
  const root = mkdtempSync(path.join(tmpdir(), 'node22-'));
  try {
    // A stand-in for the installed binary: it answers --version as node@NODE_VERSION's does.
    const bin = path.join(root, '.local', 'node22', 'node_modules', 'node', 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, 'node'), `#!/bin/sh\necho v${NODE_VERSION}\n`);
    chmodSync(path.join(bin, 'node'), 0o755);
    expect(node22({ root, current: '20.20.2', out })).toEqual({
      binary: path.join(bin, 'node'),
      version: NODE_VERSION,
      bin: path.join(root, '.local', 'node22', 'node_modules', '.bin'),
      installed: false,
    });
    expect(said).toBe('');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  expect(NODE_VERSION).toMatch(/^22\.\d+\.\d+$/);
});
