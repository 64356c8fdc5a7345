import * as z from '../zod';

/** RFC 5321: an address is at most 254 characters in a path, a local part at most 64. */
export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

// atext of RFC 5322 plus any non-ASCII character (RFC 6531, internationalised addresses).
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-\\u0080-\\uFFFF]+";
const DOT_ATOM = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`, 'u');
const QUOTED = /^"(?:[\x20\x21\x23-\x5B\x5D-\x7E\u0080-\uFFFF]|\\[\x20-\x7E])*"$/u;
const LABEL = /^(?!-)[A-Za-z0-9\u0080-\uFFFF-]{1,63}(?<!-)$/u;
const LITERAL = /^\[(?:\d{1,3}(?:\.\d{1,3}){3}|IPv6:[0-9A-Fa-f:.]+)\]$/;

/**
 * Whether a mail system accepts the address (README, "Mint a session for one of your customers"): a dot-atom or quoted local part, then a domain of
 * hostname labels (one label is enough: `a@b.c` and `root@localhost` are addresses) or an address literal.
 * Stricter checks (a two-letter top-level domain, ASCII only) refuse addresses that mail is delivered to.
 */
export function isMailAddress(address: string): boolean {
  if (address.length > MAX_EMAIL_LENGTH) return false;
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > MAX_LOCAL_LENGTH) return false;
  if (!DOT_ATOM.test(local) && !QUOTED.test(local)) return false;
  if (LITERAL.test(domain)) return true;
  return domain.split('.').every((label) => LABEL.test(label));
}

/** The `email` of generate-session and sessionSettings. */
export const emailSchema = z
  .string()
  .check(
    z.maxLength(MAX_EMAIL_LENGTH, `must be at most ${MAX_EMAIL_LENGTH} characters`),
    z.refine(isMailAddress, 'must be an email address'),
  );
