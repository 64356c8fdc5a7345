import { STOPWORDS, stem, words } from './text';

/** The parts of a coreMeta member the planner reads. */
export interface MetaMemberLike {
  name: string;
  title?: string;
  description?: string;
  memberType: 'measure' | 'dimension';
  type: string;
  aggType?: string;
  synonyms?: string[];
  /** Cube's display format: `currency`, `percent`, `number`, or an object with a `type`. */
  format?: unknown;
}

export interface MetaCubeLike {
  name: string;
  title?: string;
  description?: string;
  type?: string;
  members: MetaMemberLike[];
}

/** A member with what the planner matches it by. */
export interface CatalogMember {
  /** Column name inside its view (`total_amount` for `orders_view.total_amount`). */
  column: string;
  title: string;
  kind: 'measure' | 'dimension';
  type: string;
  aggType?: string;
  /** Stemmed words from the title (weighted higher), and from name, synonyms and description. */
  titleWords: string[];
  otherWords: string[];
  /** Multi-word phrases that name the member (stemmed, space separated). */
  phrases: string[];
  /** Known values of a string dimension (from the "(a, b or c)" list of its description), as written. */
  values: string[];
  /** Other names the model gives it: one-word synonyms and items of a measure's "(a, b)" list, stemmed. */
  names: string[];
  /** The same, of several words ("average order value"), stemmed and space separated. */
  namePhrases: string[];
  /** Those of several words as written, lowercase ("average order value": what "AOV" spells out). */
  spelled?: string[];
  /** A dimension the planner derives in its own SQL (the day of the week of `of`, weekdays.ts). */
  derived?: { sql: string; of: string };
  /** How its values are written: money, a percentage, or a plain number. */
  format?: 'currency' | 'percent' | 'number';
  /** ISO code of a currency format that names one (USD otherwise). */
  currency?: string;
}

export interface CatalogCube {
  name: string;
  /** Views are the curated entry points: preferred over cubes on equal matches. */
  isView: boolean;
  title: string;
  words: string[];
  members: CatalogMember[];
  /** Rank in the coreMeta answer (0 = most relevant). */
  rank: number;
}

/** Words an aggregation type is asked for with (general English, not tied to a model). */
const AGG_WORDS: Record<string, string[]> = {
  count: ['count', 'number', 'how many', 'amount of'],
  count_distinct: ['count', 'number', 'how many', 'distinct', 'unique'],
  sum: ['total', 'sum'],
  avg: ['average', 'avg', 'mean', 'typical'],
  min: ['minimum', 'min', 'smallest', 'lowest'],
  max: ['maximum', 'max', 'largest', 'biggest', 'highest'],
  median: ['median', 'middle'],
};

const content = (text: string) =>
  words(text)
    .filter((w) => !STOPWORDS.has(w))
    .map(stem);
const LIST = /\(([^()]+)\)/g;

function parenthesised(text: string): string[][] {
  const lists: string[][] = [];
  for (const match of text.matchAll(LIST)) {
    const items = (match[1] ?? '')
      .split(/,|\bor\b|\band\b/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0 && s.length < 40);
    if (items.length > 0) lists.push(items);
  }
  return lists;
}

/** A member's display format as the answers use it: Cube's `currency` / `percent` / `number`, or `{ type }`. */
function formatOf(format: unknown): Pick<CatalogMember, 'format' | 'currency'> {
  const record = typeof format === 'object' && format !== null ? (format as Record<string, unknown>) : {};
  const type = typeof format === 'string' ? format : record.type;
  if (type !== 'currency' && type !== 'percent' && type !== 'number') return {};
  const code =
    typeof record.currency === 'string' && /^[A-Za-z]{3}$/.test(record.currency)
      ? record.currency
      : undefined;
  return { format: type, ...(code ? { currency: code.toUpperCase() } : {}) };
}

/** Builds the planner's view of coreMeta results; the first occurrence of a cube wins. */
/** The stemmed words of every value the cube's dimensions list ("small business": small, business). */
export const valueWordsOf = (cube: CatalogCube): Set<string> =>
  new Set(cube.members.flatMap((m) => m.values.flatMap((v) => words(v).map(stem))));

export function buildCatalog(cubes: readonly MetaCubeLike[]): CatalogCube[] {
  const seen = new Map<string, CatalogCube>();
  for (const cube of cubes) {
    if (seen.has(cube.name)) continue;
    const members: CatalogMember[] = cube.members.map((m) => {
      const column = m.name.startsWith(`${cube.name}.`) ? m.name.slice(cube.name.length + 1) : m.name;
      const title = m.title ?? column.replace(/_/g, ' ');
      const description = m.description ?? '';
      const lists = parenthesised(description);
      const isStringDimension = m.memberType === 'dimension' && m.type === 'string';
      const phrases = new Set<string>();
      const names = new Set<string>();
      const namePhrases = new Set<string>();
      const spelled = new Set<string>();
      phrases.add(content(title).join(' '));
      const other = new Set<string>(content(column.replace(/_/g, ' ')));
      for (const w of content(description.replace(LIST, ' '))) other.add(w);
      for (const synonym of m.synonyms ?? []) {
        const ws = content(synonym);
        for (const w of ws) {
          other.add(w);
          // Another name is a whole synonym: one word, or a phrase ("average order value"), never a part of one.
          if (ws.length === 1) names.add(w);
        }
        if (ws.length > 1) namePhrases.add(ws.join(' '));
        if (ws.length > 1) spelled.add(synonym.trim().toLowerCase());
        if (m.memberType === 'measure' && content(synonym).length > 1)
          phrases.add(content(synonym).join(' '));
      }
      if (m.memberType === 'measure') {
        // A measure's parenthesised list names it in other words, e.g. "(revenue, sales)".
        for (const item of lists.flat()) {
          phrases.add(content(item).join(' '));
          const ws = content(item);
          for (const w of ws) {
            other.add(w);
            if (ws.length === 1) names.add(w);
          }
          if (ws.length > 1) namePhrases.add(ws.join(' '));
          if (ws.length > 1) spelled.add(item.trim().toLowerCase());
        }
        for (const item of AGG_WORDS[m.aggType ?? ''] ?? []) {
          const ws = content(item);
          if (ws.length > 1) phrases.add(ws.join(' '));
          else for (const w of ws) other.add(w);
          if (item.includes(' ')) phrases.add(words(item).join(' '));
        }
      }
      return {
        column,
        title,
        kind: m.memberType,
        type: m.type,
        ...(m.aggType ? { aggType: m.aggType } : {}),
        titleWords: content(title),
        otherWords: [...other],
        phrases: [...phrases].filter((p) => p.length > 0),
        values: isStringDimension ? (lists[0] ?? []) : [],
        names: [...names],
        namePhrases: [...namePhrases],
        ...(spelled.size > 0 ? { spelled: [...spelled] } : {}),
        ...formatOf(m.format),
      };
    });
    seen.set(cube.name, {
      name: cube.name,
      isView: cube.type === 'view',
      title: cube.title ?? cube.name,
      words: content(`${cube.name.replace(/_/g, ' ')} ${cube.title ?? ''}`),
      members,
      rank: seen.size,
    });
  }
  return [...seen.values()];
}
