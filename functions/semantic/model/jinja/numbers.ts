/** Python's number parsing and rounding, for the `int`, `float` and `round` filters. */
import { TemplateError } from './errors';

/** Python's round(x, n): half to even on the exact binary value, as float. */
export function roundHalfEven(x: number, digits: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  if (Math.abs(digits) > 400) throw new TemplateError('round: precision out of range');
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exp = (biased === 0 ? 1 : biased) - 1075;
  let num = mantissa * 10n ** BigInt(Math.max(digits, 0)) * (exp > 0 ? 1n << BigInt(exp) : 1n);
  const den = (exp < 0 ? 1n << BigInt(-exp) : 1n) * 10n ** BigInt(Math.max(-digits, 0));
  let q = num / den;
  num -= q * den;
  if (2n * num > den || (2n * num === den && q % 2n === 1n)) q += 1n;
  const scaled = digits >= 0 ? Number(q) / 10 ** digits : Number(q) * 10 ** -digits;
  return x < 0 ? -scaled : scaled;
}

/** Python's int(str, base) for the `int` filter: undefined when the text is no int. */
export function pyInt(s: string, base: number): bigint | undefined {
  const t = s.trim().replace(/_/g, '');
  const m = /^([+-]?)(0[xob])?([0-9a-z]+)$/i.exec(t);
  if (!m) return undefined;
  const prefix = m[2]?.toLowerCase();
  const radix = prefix === '0x' ? 16 : prefix === '0o' ? 8 : prefix === '0b' ? 2 : base;
  if (prefix && radix !== base && base !== 0) return undefined;
  const digits = m[3] ?? '';
  let out = 0n;
  for (const c of digits.toLowerCase()) {
    const d = Number.parseInt(c, 36);
    if (Number.isNaN(d) || d >= radix) return undefined;
    out = out * BigInt(radix) + BigInt(d);
  }
  return m[1] === '-' ? -out : out;
}

/** Python's float(str). */
export function pyFloat(s: string): number | undefined {
  const t = s.trim().replace(/_/g, '').toLowerCase();
  if (/^[+-]?(inf|infinity)$/.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/.test(t)) return Number.NaN;
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/.test(t)) return undefined;
  return Number(t);
}
