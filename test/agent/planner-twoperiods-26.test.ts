import { describe, expect, it } from '@jest/globals';
import { demoReading } from './support/demo-reading';

/**
 * Bounds on each customer in each of two periods (tuning set 26, "two periods"; each-period-bounds.ts): every bound
 * is a test of its own period, held together, counted or taken as a share of a whole said as such. A bound over a
 * span, "both years" with no years, another figure or a bound in any one period of a grain is not read here (and the
 * question is refused). (Answers on the sample: tuning set 26 in planner-tuning-6.test.ts.)
 */
const TODAY = '2027-03-24';

/** The ratio a question is read as: its output, the whole's and the part's tests in words. */
function ratioOf(question: string) {
  const read = demoReading([question], TODAY);
  if (read.kind !== 'plan' || read.plan.perEntity?.kind !== 'ratio') return read.kind;
  const p = read.plan.perEntity;
  const words = (t: (typeof p.part)[number]) =>
    `${t.measure ? t.measure.column : 'rows'}${t.kind.map((k) => ` ${k.values.join(' or ')}`).join('')} ${t.op} ${t.value}${t.anyOf ? ` in any ${t.anyOf} of` : ' in'} ${t.period?.label ?? 'all the data'}`;
  return { output: p.output, whole: p.whole.map(words), part: p.part.map(words) };
}

describe('a bound in each of two periods', () => {
  it.each([
    [
      'how many customers spent more than $10k in both 2024 and 2025?',
      { output: 'count', whole: [], part: ['total_amount > 10000 in 2024', 'total_amount > 10000 in 2025'] },
    ],
    [
      'customers who placed 22+ orders in 2024 but fewer than 15 in 2025 - count',
      { output: 'count', whole: [], part: ['rows >= 22 in 2024', 'rows < 15 in 2025'] },
    ],
    [
      'number of clients who spent at least $12,000 in 2025 but under $8,000 in 2024',
      { output: 'count', whole: [], part: ['total_amount >= 12000 in 2025', 'total_amount < 8000 in 2024'] },
    ],
    [
      'how many customers had under 12 orders in 2023 but over 20 in 2025?',
      { output: 'count', whole: [], part: ['rows < 12 in 2023', 'rows > 20 in 2025'] },
    ],
    [
      'what % of 2024 customers spent over $10k in both 2024 and 2025?',
      {
        output: 'share',
        whole: ['rows >= 1 in 2024'],
        part: ['total_amount > 10000 in 2024', 'total_amount > 10000 in 2025'],
      },
    ],
    [
      'among customers who bought in 2025, what share spent more than $10k in 2024 but less than $6k in 2025?',
      {
        output: 'share',
        whole: ['rows >= 1 in 2025'],
        part: ['total_amount > 10000 in 2024', 'total_amount < 6000 in 2025'],
      },
    ],
  ])('%s', (question, expected) => {
    const got = ratioOf(question);
    // (The sum measure's column is the demo model's; the figure named is what matters.)
    if (typeof got === 'string') throw new Error(`not read: ${got}`);
    const column = (s: string) => s.replace(/^\w+_amount|^amount/, 'total_amount');
    expect({ ...got, part: got.part.map(column) }).toEqual(expected);
  });
});

describe('a lower bound met in at least one month or quarter', () => {
  it.each([
    [
      'number of customers with more than 2 returns in any single month of 2025',
      { output: 'count', whole: [], part: ['rows returned > 2 in any month of 2025'] },
    ],
    [
      'how many customers placed 8+ orders in a single calendar quarter at least once?',
      { output: 'count', whole: [], part: ['rows >= 8 in any quarter of all the data'] },
    ],
    [
      'how many customers spent over $3k in at least one month of 2024?',
      { output: 'count', whole: [], part: ['total_amount > 3000 in any month of 2024'] },
    ],
  ])('%s', (question, expected) => {
    const got = ratioOf(question);
    if (typeof got === 'string') throw new Error(`not read: ${got}`);
    const column = (s: string) => s.replace(/^\w+_amount|^amount/, 'total_amount');
    expect({ ...got, part: got.part.map(column) }).toEqual(expected);
  });
});

describe('not read as bounds in each period (refused, never a dropped period or bound)', () => {
  it.each([
    'how many customers spent more than $10k in both years?',
    'customers whose average order was over $500 in both 2024 and 2025 - how many?',
    'how many customers had fewer than 2 orders in any single month of 2025?',
    'what share of customers had 3+ returns in any single month of 2025?',
  ])('%s', (question) => {
    expect(ratioOf(question)).toBe('refuse');
  });
});

it('"in 2024 and 2025" with no "both" is not read as a bound in each year (it may be one over both years)', () => {
  expect(typeof ratioOf('how many customers spent more than 10k in 2024 and 2025?')).toBe('string');
});
