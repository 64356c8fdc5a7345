import type { CatalogCube, CatalogMember } from './catalog';

export const GRAINS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type Grain = (typeof GRAINS)[number];

/** A span of time: `from` inclusive, `to` exclusive, as YYYY-MM-DD. */
export interface Period {
  label: string;
  from: string;
  to: string;
  /** Read against today's date ("last month"): the label already says which dates. */
  relative?: boolean;
}

export interface ValueFilter {
  member: CatalogMember;
  values: string[];
  negate: boolean;
}

export interface NumberFilter {
  member: CatalogMember;
  op: '>' | '>=' | '<' | '<=';
  value: number;
}

/** What a question asks for, resolved onto one cube or view. */
export interface Plan {
  cube: CatalogCube;
  measures: CatalogMember[];
  dimensions: CatalogMember[];
  grain?: Grain;
  timeDimension?: CatalogMember;
  filters: ValueFilter[];
  numberFilters: NumberFilter[];
  range?: Period;
  compare?: Period[];
  /** n = 0 ranks every row ("which categories sell best"). */
  top?: { n: number; direction: 'desc' | 'asc' };
  /** A share of the total in percent: of the rows matching `part`, or of each group when there is none. */
  share?: { part?: ValueFilter };
}

/** The pieces one question names, before a follow-up is merged into the previous plan. */
export interface Parsed extends Plan {
  measureScore: number;
  /** Adds to the previous breakdown rather than replacing it ("also by status"). */
  additive: boolean;
  score: number;
  /** Content words no member, value or period explains ("rep", "profit"). */
  unexplained: string[];
  /** Asks about the future ("next quarter", "forecast"): the data only holds the past. */
  future: boolean;
}

export interface Token {
  raw: string;
  stem: string;
  used: boolean;
  /** Used as a filter value ("enterprise" in "enterprise customers"). */
  value?: boolean;
}
