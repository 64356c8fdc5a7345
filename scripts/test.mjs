// Runs jest on Node 22 (scripts/node22.mjs), with that Node first on PATH so the processes the tests start run
// on it too. Arguments go to jest: `node scripts/test.mjs --selectProjects unit`, `... test/client`.
import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { node22 } from './node22.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const node = node22();
process.stdout.write(
  `Tests run on Node ${node.version}${node.bin ? ` (.local/node22; this machine's Node is ${process.versions.node})` : ''}.\n`,
);
const env = { ...process.env };
if (node.bin) env.PATH = `${node.bin}${delimiter}${env.PATH ?? ''}`;
const child = spawn(
  node.binary,
  [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    // (Jest's workers are forked with these flags too: room for the largest test file's heap; jest.config.js
    // replaces a worker between files past its idle memory limit.)
    '--max-old-space-size=6144',
    'node_modules/jest/bin/jest.js',
    ...process.argv.slice(2),
  ],
  { cwd: root, env, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
