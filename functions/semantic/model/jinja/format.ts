/**
 * Python's text formatting as templates use it: `str.format` (fields, `.attr` / `[key]` lookups through
 * ./lookup, so `"{0.constructor}"` is refused like `x.constructor`), `%` formatting, the format-spec
 * mini-language, `tojson` (Jinja's htmlsafe_json_dumps with sort_keys) and HTML escaping.
 */
import { charge, checkLength, LIMITS, repeat, TemplateError } from './errors';
import {
  type Args,
  chars,
  checkName,
  compare,
  floatRepr,
  numeric,
  PyTuple,
  type Runtime,
  repr,
  str,
  strLength,
  typeName,
  Undefined,
  type Value,
} from './values';

const SPEC = /^(?:([\s\S])?([<>=^]))?([+\- ])?(#)?(0)?(\d+)?([,_])?(?:\.(\d+))?([bcdeEfFgGnosxX%])?$/;

/** Python's exponent notation: at least two exponent digits (1e+06). */
function exponent(x: number, digits: number, upper: boolean): string {
  const [m = '', e = '0'] = x.toExponential(digits).split('e');
  const n = Number(e);
  const out = `${m}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  return upper ? out.toUpperCase() : out;
}

/** Python's 'g' presentation with `precision` significant digits. */
function general(x: number, precision: number, keepZeros: boolean, upper: boolean): string {
  if (!Number.isFinite(x)) return floatRepr(x);
  const p = precision === 0 ? 1 : precision;
  const e = x === 0 ? 0 : Math.floor(Math.log10(Math.abs(Number(x.toPrecision(p)))));
  let out = e < -4 || e >= p ? exponent(x, p - 1, upper) : x.toFixed(Math.max(p - 1 - e, 0));
  if (!keepZeros) out = out.replace(/(\.\d*?)0+(?=$|e)/i, '$1').replace(/\.(?=$|e)/i, '');
  return out;
}

/** `1234567` → `1,234,567` (scanned: a lookahead regex is quadratic on the long digit strings ints can have). */
function groupThousands(digits: string, sep: string): string {
  const parts: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) parts.unshift(digits.slice(Math.max(0, end - 3), end));
  return parts.join(sep);
}

/** `format(value, spec)`: the format-spec mini-language for str, int and float. */
export function formatSpec(v: Value, spec: string): string {
  if (spec.length > 64) throw new TemplateError('format spec too long');
  const m = SPEC.exec(spec);
  if (!m) throw new TemplateError(`invalid format spec ${JSON.stringify(spec)}`);
  const [, fillChar, alignChar, sign = '-', alt, zero, widthText, grouping, precisionText, typeChar] = m;
  const width = widthText ? Number(widthText) : 0;
  checkLength(width);
  const precision = precisionText !== undefined ? Number(precisionText) : undefined;
  if (precision !== undefined && precision > 100) throw new TemplateError('format precision above 100');
  const n = numeric(v);
  let body: string;
  let negative = false;
  const type =
    typeChar ?? (typeof v === 'string' ? 's' : typeof n === 'bigint' ? 'd' : n !== undefined ? '' : 's');
  if (type === 's') {
    if (typeof v !== 'string' && !(v instanceof Undefined))
      throw new TemplateError(`format spec 's' needs a str, not ${typeName(v)}`);
    body = str(v);
    if (precision !== undefined) body = chars(body).slice(0, precision).join('');
  } else {
    if (n === undefined)
      throw new TemplateError(`format spec ${JSON.stringify(spec)} needs a number, not ${typeName(v)}`);
    negative = typeof n === 'bigint' ? n < 0n : n < 0 || Object.is(n, -0);
    const abs = typeof n === 'bigint' ? (n < 0n ? -n : n) : Math.abs(n);
    const x = Number(abs);
    switch (type) {
      case 'd':
      case 'n':
        if (typeof abs !== 'bigint')
          throw new TemplateError(`format spec 'd' needs an int, not ${typeName(v)}`);
        body = abs.toString();
        break;
      case 'x':
      case 'X':
      case 'o':
      case 'b': {
        if (typeof abs !== 'bigint')
          throw new TemplateError(`format spec '${type}' needs an int, not ${typeName(v)}`);
        const radix = type === 'o' ? 8 : type === 'b' ? 2 : 16;
        body = (alt ? `0${type.toLowerCase()}` : '') + abs.toString(radix);
        if (type === 'X') body = body.toUpperCase();
        break;
      }
      case 'c':
        if (!Number.isInteger(x) || x > 0x10ffff)
          throw new TemplateError(`format 'c' needs a code point, not ${str(v)}`);
        body = String.fromCodePoint(x);
        break;
      case 'f':
      case 'F':
        body = Number.isFinite(x) ? x.toFixed(precision ?? 6) : floatRepr(x);
        break;
      case 'e':
      case 'E':
        body = exponent(x, precision ?? 6, type === 'E');
        break;
      case 'g':
      case 'G':
        body = general(x, precision ?? 6, !!alt, type === 'G');
        break;
      case '%':
        body = `${(x * 100).toFixed(precision ?? 6)}%`;
        break;
      default:
        body =
          typeof abs === 'bigint'
            ? abs.toString()
            : precision !== undefined
              ? general(x, precision, false, false)
              : floatRepr(x);
    }
    if (grouping) {
      const [whole = '', fraction] = body.split('.');
      body = groupThousands(whole, grouping) + (fraction !== undefined ? `.${fraction}` : '');
    }
  }
  const signText = negative ? '-' : sign === '+' ? '+' : sign === ' ' ? ' ' : '';
  const numericType = type !== 's';
  const align = alignChar ?? (zero && numericType ? '=' : numericType ? '>' : '<');
  const fill = fillChar ?? (zero && !alignChar ? '0' : ' ');
  const length = strLength(body) + signText.length;
  const gap = Math.max(width - length, 0);
  switch (align) {
    case '<':
      return signText + body + repeat(fill, gap);
    case '>':
      return repeat(fill, gap) + signText + body;
    case '^':
      return repeat(fill, Math.floor(gap / 2)) + signText + body + repeat(fill, gap - Math.floor(gap / 2));
    default:
      return signText + repeat(fill, gap) + body;
  }
}

/** Resolves a replacement field's name (`0`, `name`, `0.attr`, `name[key]`). */
function field(name: string, a: Args, next: () => number, rt: Runtime): Value {
  const m = /^([^.[]*)(.*)$/s.exec(name);
  const head = m?.[1] ?? '';
  let rest = m?.[2] ?? '';
  let value: Value | undefined;
  if (head === '' || /^\d+$/.test(head)) {
    const i = head === '' ? next() : Number(head);
    value = a.args[i];
    if (value === undefined) throw new TemplateError(`format: there is no positional argument ${i}`);
  } else {
    value = a.kwargs.get(head);
    if (value === undefined)
      throw new TemplateError(`format: there is no keyword argument ${JSON.stringify(head)}`);
  }
  while (rest) {
    const attr = /^\.([^.[]+)/.exec(rest);
    const item = /^\[([^\]]+)\]/.exec(rest);
    if (attr?.[1]) {
      value = rt.attr(value, attr[1]);
      rest = rest.slice(attr[0].length);
    } else if (item?.[1]) {
      value = rt.item(value, /^\d+$/.test(item[1]) ? BigInt(item[1]) : item[1]);
      rest = rest.slice(item[0].length);
    } else throw new TemplateError(`format: invalid field ${JSON.stringify(name)}`);
  }
  return value;
}

/** `"...".format(*args, **kwargs)`. */
export function pyFormat(template: string, a: Args, rt: Runtime): string {
  let out = '';
  let auto = 0;
  const next = () => auto++;
  for (let i = 0; i < template.length; ) {
    const c = template[i];
    if (c === '{' && template[i + 1] === '{') {
      out += '{';
      i += 2;
    } else if (c === '}' && template[i + 1] === '}') {
      out += '}';
      i += 2;
    } else if (c === '}') {
      throw new TemplateError("format: single '}' in the format string");
    } else if (c === '{') {
      const close = template.indexOf('}', i);
      if (close < 0) throw new TemplateError("format: single '{' in the format string");
      const inner = template.slice(i + 1, close);
      if (inner.includes('{')) throw new TemplateError('format: nested replacement fields are not supported');
      const m = /^([^!:]*)(?:!([rsa]))?(?::(.*))?$/s.exec(inner);
      if (!m) throw new TemplateError(`format: invalid field {${inner}}`);
      let value = field(m[1] ?? '', a, next, rt);
      if (m[2] === 'r' || m[2] === 'a') value = repr(value);
      else if (m[2] === 's') value = str(value);
      out += formatSpec(value, m[3] ?? '');
      checkLength(out.length);
      rt.budget.step();
      i = close + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

interface Conversion {
  key?: string;
  flags: string;
  widthText?: string;
  precisionText?: string;
  type: string;
  end: number;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** The `%` conversion starting at `at` (after the `%`), scanned by hand: `%(key)-08.2f`. */
function conversionAt(s: string, at: number): Conversion {
  let i = at;
  let key: string | undefined;
  if (s[i] === '(') {
    const close = s.indexOf(')', i);
    if (close < 0) throw new TemplateError('incomplete format key');
    key = s.slice(i + 1, close);
    i = close + 1;
  }
  const flagsFrom = i;
  while (s[i] !== undefined && '-+ #0'.includes(s[i] ?? '')) i++;
  const flags = s.slice(flagsFrom, i);
  const number = (): string | undefined => {
    if (s[i] === '*') {
      i++;
      return '*';
    }
    const from = i;
    while (isDigit(s[i])) i++;
    return i > from ? s.slice(from, i) : undefined;
  };
  const widthText = number();
  let precisionText: string | undefined;
  if (s[i] === '.') {
    i++;
    precisionText = number() ?? '0';
  }
  if (s[i] === 'h' || s[i] === 'l' || s[i] === 'L') i++;
  const type = s[i];
  if (type === undefined) throw new TemplateError('incomplete format');
  if (!'diouxXeEfFgGcrsa%'.includes(type))
    throw new TemplateError(`unsupported format character ${JSON.stringify(type)}`);
  return { key, flags, widthText, precisionText, type, end: i + 1 };
}

/** `template % values`: printf-style, with a tuple of values or a dict for `%(name)s`. */
export function percentFormat(template: string, values: Value): string {
  const positional = values instanceof PyTuple ? values.items : [values];
  const mapping = values instanceof Map ? values : undefined;
  let used = 0;
  const take = (): Value => {
    const v = positional[used++];
    if (v === undefined) throw new TemplateError('not enough arguments for format string');
    return v;
  };
  let out = '';
  let i = 0;
  for (;;) {
    const at = template.indexOf('%', i);
    if (at < 0) break;
    out += template.slice(i, at);
    const { key, flags, widthText, precisionText, type, end } = conversionAt(template, at + 1);
    i = end;
    if (type === '%') {
      out += '%';
      continue;
    }
    const width = widthText === '*' ? Number(numeric(take()) ?? 0) : widthText ? Number(widthText) : 0;
    const precision =
      precisionText === '*'
        ? Number(numeric(take()) ?? 0)
        : precisionText
          ? Number(precisionText)
          : undefined;
    let value: Value;
    if (key !== undefined) {
      if (!mapping) throw new TemplateError('format requires a mapping');
      checkName(key, `%(${key})`);
      value = mapping.get(key) ?? new Undefined(`no key ${key}`);
      if (value instanceof Undefined) throw new TemplateError(`format: no key ${JSON.stringify(key)}`);
    } else value = take();
    let spec = '';
    if (flags.includes('-')) spec += '<';
    else if (!flags.includes('0') || 'sr'.includes(type))
      spec += type === 's' || type === 'r' || type === 'a' ? '>' : '';
    if (flags.includes('+')) spec += '+';
    else if (flags.includes(' ')) spec += ' ';
    if (flags.includes('#')) spec += '#';
    if (flags.includes('0') && !flags.includes('-') && !'sra'.includes(type)) spec += '0';
    if (width) spec += String(width);
    if (type === 'r' || type === 'a') value = repr(value);
    else if (type === 's') value = str(value);
    else if ('diu'.includes(type)) {
      const n = numeric(value);
      if (n === undefined) throw new TemplateError(`%${type} format needs a number, not ${typeName(value)}`);
      value = typeof n === 'bigint' ? n : BigInt(Math.trunc(n));
    } else if ('eEfFgG'.includes(type)) {
      const n = numeric(value);
      if (n === undefined) throw new TemplateError(`%${type} format needs a number, not ${typeName(value)}`);
      value = Number(n);
    }
    if (precision !== undefined && !'diuxXoc'.includes(type)) spec += `.${precision}`;
    const t = 'diu'.includes(type) ? 'd' : 'rsa'.includes(type) ? 's' : type;
    out += formatSpec(value, spec + t);
    checkLength(out.length);
  }
  out += template.slice(i);
  if (!mapping && used < positional.length) {
    throw new TemplateError('not all arguments converted during string formatting');
  }
  return out;
}

const JSON_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  "'": '\\u0027',
};

/** A JSON string as Python's json.dumps writes it (ensure_ascii), HTML-safe as Jinja's tojson makes it. */
function jsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] ?? '';
    const code = s.charCodeAt(i);
    const known = Object.hasOwn(JSON_ESCAPES, c) ? JSON_ESCAPES[c] : undefined;
    if (known) out += known;
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += c;
  }
  return `${out}"`;
}

/** Jinja's `tojson`: json.dumps with sorted keys, `indent`, and `<`, `>`, `&`, `'` escaped. */
export function toJson(v: Value, indent: string | undefined): string {
  const seen = new Set<object>();
  const write = (x: Value, level: number): string => {
    charge(1 / 2);
    if (typeof x === 'string') return jsonString(x);
    if (typeof x === 'bigint') return x.toString();
    if (typeof x === 'number')
      return Number.isNaN(x)
        ? 'NaN'
        : !Number.isFinite(x)
          ? x > 0
            ? 'Infinity'
            : '-Infinity'
          : floatRepr(x);
    if (typeof x === 'boolean') return x ? 'true' : 'false';
    if (x === null) return 'null';
    const isSeq = Array.isArray(x) || x instanceof PyTuple;
    if (!isSeq && !(x instanceof Map))
      throw new TemplateError(`tojson: ${typeName(x)} is not JSON serializable`);
    if (seen.has(x)) throw new TemplateError('tojson: circular reference');
    if (level >= LIMITS.nesting) throw new TemplateError(`a value nested more than ${LIMITS.nesting} deep`);
    seen.add(x);
    const parts: string[] = [];
    if (isSeq) {
      for (const item of Array.isArray(x) ? x : x.items) parts.push(write(item, level + 1));
    } else {
      const entries = [...x].map(([k, item]): [string, Value] => [
        typeof k === 'string'
          ? k
          : k === null
            ? 'null'
            : typeof k === 'boolean'
              ? String(k)
              : typeof k === 'number'
                ? floatRepr(k)
                : k.toString(),
        item,
      ]);
      entries.sort((p, q) => compare(p[0], q[0]));
      for (const [k, item] of entries) parts.push(`${jsonString(k)}: ${write(item, level + 1)}`);
    }
    seen.delete(x);
    const [open, close] = isSeq ? ['[', ']'] : ['{', '}'];
    if (parts.length === 0) return open + close;
    if (indent === undefined) return open + parts.join(', ') + close;
    const pad = `\n${repeat(indent, level + 1)}`;
    return `${open}${pad}${parts.join(`,${pad}`)}\n${repeat(indent, level)}${close}`;
  };
  const out = write(v, 0);
  checkLength(out.length);
  return out;
}

/** markupsafe's escape (the `e` / `escape` filters). */
export const htmlEscape = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#39;')
    .replace(/"/g, '&#34;');
