import { ValidationError } from '../errors';

/** Lone surrogates (ill-formed UTF-16), controls and invisible format characters (bidi overrides, zero widths). */
const REFUSED_IN_IDS = /[\p{Cs}\p{Cc}\p{Cf}]/u;

/**
 * Folds an external id to the one form users are stored under: trimmed, Unicode NFC, lowercased
 * (locale-independent), NFC again (lowercasing can leave a string un-normalised). Canonically equivalent
 * spellings are one user, e.g. the KELVIN SIGN U+212A is K by NFC, so `\u212Aate` is `kate` (README).
 * Idempotent: folding a folded id changes nothing.
 */
export const foldExternalId = (raw: string): string =>
  raw.trim().normalize('NFC').toLowerCase().normalize('NFC');

/**
 * Why a raw external id cannot name a user (empty, over 256 characters once folded, ill-formed or holding
 * controls or invisible format characters, or spaces where they are refused), or undefined when it can.
 */
export function externalIdProblem(raw: string, options: { noSpaces?: boolean } = {}): string | undefined {
  const bad = REFUSED_IN_IDS.exec(raw.trim());
  if (bad) {
    const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    return `must be well-formed Unicode without control or format characters (found U+${code})`;
  }
  const id = foldExternalId(raw);
  if (id.length === 0) return 'must not be empty';
  if (id.length > 256) return 'must be at most 256 characters';
  if (options.noSpaces && /\s/.test(id)) return 'must not contain spaces';
  return undefined;
}

/** The folded id, or 400 naming `field` (for callers outside a zod schema). */
export function normaliseExternalId(
  raw: string,
  field: string,
  options: { noSpaces?: boolean } = {},
): string {
  const problem = externalIdProblem(raw, options);
  if (problem) throw new ValidationError(`${field}: ${problem}`);
  return foldExternalId(raw);
}
