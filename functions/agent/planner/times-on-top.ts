/**
 * How often a value came first over the periods of a span (issue 29, top per group): "which category was the top
 * seller by revenue in the most months of 2023", "in how many months of 2024 was toys the top category by revenue".
 * Read as the top value within each period ("top category by revenue in each month of 2023", top-per-group.ts),
 * then each value's number of periods at the top (sql-second.ts perGroupQuery): the value with the most, or the one
 * named. A ranking of every value-period was given in its place (confidently wrong); what does not read whole is
 * refused (misreadings.ts).
 */
import type { CatalogMember } from './catalog';
import type { Plan } from './plan';

/** What is asked of the top values: the one on top most often, or how often the one named was. */
export type OnTop = NonNullable<NonNullable<Plan['perGroup']>['onTop']>;

const UNITS = '(days|weeks|months|quarters|years)';
const FIRST = String.raw`(?:top|best|#\s*1|number\s+one|no\.?\s*1|leading|biggest)`;
/** "which category was the top seller (by revenue) in the most months (of 2023)". */
const MOST = new RegExp(
  String.raw`\bwhich\s+([a-z]+)\s+(?:was|were|is|came\s+out|ranked|finished)\s+(?:the\s+|on\s+)?${FIRST}(?:\s+(?:seller|one|performer|earner|category|region|segment))?(\s+by\s+[a-z ]+?)?\s+(?:in|for)\s+the\s+most\s+${UNITS}\b((?:\s+(?:of|in)\s+(?:19|20)\d\d)?)`,
  'i',
);
/** "in how many months (of 2024) was toys the top category (by revenue)". */
const HOW_MANY = new RegExp(
  String.raw`\bin\s+how\s+many\s+${UNITS}((?:\s+(?:of|in)\s+(?:19|20)\d\d)?)\s+(?:was|were|did)\s+([a-z][a-z ]*?)\s+(?:the\s+)?${FIRST}\s+([a-z]+)(\s+by\s+[a-z ]+?)?(?=\s*[?.!]|\s*$)`,
  'i',
);

/** The question asked as the top value in each period, with what is asked of them, or the question as it was. */
export function readTimesOnTop(question: string): { text: string; onTop?: OnTop } {
  const most = MOST.exec(question);
  if (most) {
    const [all, noun = '', by = '', units = '', period = ''] = most;
    const text = question.replace(all, `top ${noun}${by} in each ${units.replace(/s$/, '')}${period}`);
    return { text, onTop: { most: true } };
  }
  const many = HOW_MANY.exec(question);
  if (many) {
    const [all, units = '', period = '', value = '', noun = '', by = ''] = many;
    const text = question.replace(all, `top ${noun}${by} in each ${units.replace(/s$/, '')}${period}`);
    return { text, onTop: { value: value.trim().replace(/^the\s+/i, '') } };
  }
  return { text: question };
}

/**
 * The plan counting how often each value came first, or why it cannot: the top one value within each period of the
 * plan's grain, no other breakdown; a value named must be one the model knows for that breakdown.
 */
export function timesOnTop(plan: Plan, onTop: OnTop): Plan | string {
  const item = plan.perGroup?.item;
  const misfit =
    'I can count how often a value came first within each period (the top one by one figure, each period of one span), not in this question';
  if (!item || !plan.grain || plan.top?.n !== 1 || plan.top.nth || plan.perGroup?.both) return misfit;
  if (plan.perGroup?.groupGrain || plan.perGroup?.share || plan.perGroup?.inEvery) return misfit;
  if (plan.dimensions.length !== 1 || plan.measures.length !== 1) return misfit;
  if ('value' in onTop) {
    const value = knownValue(item, onTop.value);
    if (!value) return `"${onTop.value}" is no ${item.title.toLowerCase()} I know`;
    return { ...plan, perGroup: { ...plan.perGroup, onTop: { value } } };
  }
  return { ...plan, perGroup: { ...plan.perGroup, onTop } };
}

const knownValue = (member: CatalogMember, said: string) =>
  member.values.find((v) => v.toLowerCase() === said.toLowerCase());
