/**
 * Figures as an answer writes them, by the member's `format` (docs/data-model.md: `format` is shown in
 * coreMeta): money with its currency and two decimals, percentages with %, counts as whole numbers, zero as 0.
 */
import type { CatalogMember } from './catalog';
import { formatNumber, formatValue } from './text';

const currencies = new Map<string, Intl.NumberFormat>();

function currencyFormat(code: string): Intl.NumberFormat {
  let format = currencies.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    currencies.set(code, format);
  }
  return format;
}

export const asNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
};

/** Sums and counts of nothing are 0; other aggregates of nothing have no value. */
const zeroWhenEmpty = (m: CatalogMember | undefined) =>
  m?.aggType === 'sum' || m?.aggType === 'count' || m?.aggType === 'count_distinct';

/** A figure of `member` ("$1,234.50", "12.5%", "1,380"); a number without a member is written plainly. */
export function formatFigure(member: CatalogMember | undefined, value: unknown): string {
  let number = asNumber(value);
  if (number === undefined) {
    if ((value === null || value === undefined) && zeroWhenEmpty(member)) number = 0;
    else return value === null || value === undefined ? 'no value' : formatValue(value);
  }
  if (member?.format === 'currency') return currencyFormat(member.currency ?? 'USD').format(number);
  if (member?.format === 'percent') return `${formatNumber(Math.round(number * 100) / 100)}%`;
  if (member?.aggType === 'count' || member?.aggType === 'count_distinct')
    return formatNumber(Math.round(number));
  return formatNumber(number);
}

/** A change of `member`: "up $1,234.50" / "down 12" (the sign in words: a minus before a currency sign misreads). */
export function formatChange(member: CatalogMember | undefined, value: unknown): string {
  const number = asNumber(value);
  if (number === undefined) return 'no change to compare';
  if (number === 0) return 'unchanged';
  return `${number > 0 ? 'up' : 'down'} ${formatFigure(member, Math.abs(number))}`;
}

/** A percentage stated from a result (already in percent): "+3.45%", "-0.5%". */
export function formatPercent(value: unknown, signed = false): string {
  const number = asNumber(value);
  if (number === undefined) return 'n/a';
  const rounded = Math.round(number * 100) / 100;
  return `${signed && rounded > 0 ? '+' : ''}${formatNumber(rounded)}%`;
}
