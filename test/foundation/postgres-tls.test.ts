/**
 * PostgreSQL sources over TLS (issue 25): verified by default, `sslmode` honoured as libpq documents it, plain text
 * only when the source says so (or on loopback). Against a real PostgreSQL with TLS on and a CA made here.
 */

import { execFileSync } from 'node:child_process';
import { chownSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PostgresDriver } from '../../functions/semantic';
import { tlsOptions } from '../../functions/semantic/drivers/postgres-tls';
import { startPostgres, type TestPostgres } from '../semantic/postgres';

let server: TestPostgres;
let ca = '';
let port = '';

/** A CA and a server certificate for localhost (not 127.0.0.1), made with openssl in `dir`. */
function makeCertificates(dir: string): void {
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  ssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=test-ca',
  );
  ssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
    '-subj',
    '/CN=localhost',
  );
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=DNS:localhost\n');
  ssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'san.ext',
  );
  execFileSync('chmod', ['0600', join(dir, 'server.key')]);
  // As root, PostgreSQL runs as its own user, which must own its key.
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    for (const file of ['server.key', 'server.pem']) chownSync(join(dir, file), uid, gid);
  }
}

beforeAll(async () => {
  server = await startPostgres(0, {
    flags: (dir) => {
      makeCertificates(dir);
      ca = join(dir, 'ca.pem');
      return [
        '-c',
        'ssl=on',
        '-c',
        `ssl_cert_file=${join(dir, 'server.pem')}`,
        '-c',
        `ssl_key_file=${join(dir, 'server.key')}`,
      ];
    },
  });
  port = new URL(server.connectionString).port;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const url = (host: string, params: string) =>
  `postgres://postgres:semantic-test@${host}:${port}/postgres${params ? `?${params}` : ''}`;

/** Whether the driver's connection is encrypted, as the server sees it. */
async function encrypted(connectionString: string): Promise<unknown> {
  const driver = new PostgresDriver(connectionString);
  try {
    const result = await driver.execute(
      { sql: 'SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()', params: [] } as never,
      { maxRows: 1, timeoutMs: 10_000 },
    );
    return result.data[0]?.[0];
  } finally {
    await driver.close();
  }
}

test('verify-full with the CA that signed the server: encrypted', async () => {
  expect(await encrypted(url('localhost', `sslmode=verify-full&sslrootcert=${encodeURIComponent(ca)}`))).toBe(
    true,
  );
});

test('verify-full against a certificate no trusted CA signed (the default bundle): refused', async () => {
  await expect(encrypted(url('localhost', 'sslmode=verify-full'))).rejects.toThrow(/certificate/i);
});

test('verify-full checks the name; verify-ca does not', async () => {
  // The certificate names localhost, not 127.0.0.1 (the same server).
  const pinned = `sslrootcert=${encodeURIComponent(ca)}`;
  await expect(encrypted(url('127.0.0.1', `sslmode=verify-full&${pinned}`))).rejects.toThrow(/altnames|IP/i);
  expect(await encrypted(url('127.0.0.1', `sslmode=verify-ca&${pinned}`))).toBe(true);
});

test('require encrypts without verifying; disable is plain text', async () => {
  expect(await encrypted(url('localhost', 'sslmode=require'))).toBe(true);
  expect(await encrypted(url('localhost', 'sslmode=disable'))).toBe(false);
});

describe('the default', () => {
  test('a remote host is verify-full with the RDS bundle and public roots; loopback is plain text', () => {
    const remote = tlsOptions('postgres://reader@mydb.abc.eu-west-1.rds.amazonaws.com:5432/sales');
    expect(remote.mode).toBe('verify-full');
    expect(remote.ssl && Array.isArray(remote.ssl.ca) && remote.ssl.ca.length).toBeGreaterThan(100);
    expect(remote.ssl ? remote.ssl.rejectUnauthorized : undefined).toBe(true);
    expect(tlsOptions('postgres://reader@127.0.0.1:5432/sales').mode).toBe('disable');
    expect(tlsOptions('host=db.internal user=reader').mode).toBe('verify-full');
  });

  test('sslmode leaves the connection string (pg would let it override the verified settings)', () => {
    const parsed = tlsOptions('postgres://reader@db.internal/sales?sslmode=verify-ca&application_name=x');
    expect(parsed.connectionString).toBe('postgres://reader@db.internal/sales?application_name=x');
    expect(parsed.mode).toBe('verify-ca');
    expect(() => tlsOptions('postgres://reader@db.internal/sales?sslmode=prefer')).toThrow(/not supported/);
  });
});
