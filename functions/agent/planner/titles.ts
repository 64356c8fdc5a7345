/** Titles of second-order plans, in the asker's words ("Customers with more than 60 orders, in 2024"). */
import { capitalise, conditionWords, entityWord, grainText, nameOf, rowNoun } from './names';
import { placeText } from './nth';
import { type Plan, rankedChange } from './plan';
import { partText, planTitle, scopeText } from './sql';
import { listText, ordinal } from './text';

const percentileWords = (p: number) => `${ordinal(Math.round(p * 1000) / 10)} percentile`;

/** The title of a plan's query, second-order plans included. */
export function titleOf(plan: Plan): string {
  const scope = scopeText(plan);
  const measure = plan.measures[0];
  const name = measure ? nameOf(plan, measure) : 'rows';
  const grain = grainText(plan);
  const by = [...(grain ? [grain] : []), ...plan.dimensions.map((d) => nameOf(plan, d))];
  const byText = by.length > 0 ? ` by ${listText(by)}` : '';
  // ("average number of orders per day by month, in 2024": each period's total over its calendar days.)
  if (plan.dayMeans) return capitalise(`average ${name.toLowerCase()} per day${byText}${scope}`);
  if (plan.having) {
    const each = plan.having.perPeriod && plan.grain ? ` in each ${plan.grain}` : '';
    const who = `${entityWord(plan.having.entity)} ${conditionWords(plan)}${each}${scope}`;
    const total = plan.having.output === 'total' ? plan.having.total : undefined;
    return capitalise(total ? `${nameOf(plan, total)} from ${who}` : who);
  }
  if (plan.first) {
    // (The rows' noun: "whose first order", never the measure's, "whose first customer".)
    const noun = rowNoun(plan.cube);
    if (plan.grain)
      return capitalise(
        `${entityWord(plan.first.entity)} by the ${plan.grain} of their first ${noun}${scope}`,
      );
    return capitalise(`${entityWord(plan.first.entity)} whose first ${noun} was${scope.replace(/^,/, '')}`);
  }
  if (plan.percentile) {
    const p = plan.percentile;
    const short = (q: number) => (q === 0.5 ? 'median' : `p${Math.round(q * 1000) / 10}`);
    const high = p.more?.at(-1);
    const what =
      p.stat === 'avg'
        ? 'average'
        : p.signed && p.mean && p.gap
          ? p.signed === 'mean'
            ? `average minus ${short(p.p)}`
            : `${short(p.p)} minus average`
          : p.gap && high !== undefined
            ? `${p.p === 0.25 && high === 0.75 ? 'interquartile range' : 'spread'} (${short(high)} minus ${short(p.p)}) of`
            : p.more && p.more.length > 0
              ? `${listText([p.p, ...p.more].map((q) => (q === 0.5 ? 'median' : percentileWords(q).replace(' percentile', ''))))} percentiles of`
              : p.p === 0.5
                ? 'median'
                : `${percentileWords(p.p)} of`;
    // ("the p90 of every customer's biggest order": each one's largest or smallest row, entity-extremes.ts.)
    if (p.of && p.extreme && p.per) {
      const one = entityWord(p.per).replace(/ies$/, 'y').replace(/s$/, '');
      const side = p.extreme === 'max' ? 'largest' : 'smallest';
      const of = what === 'median' ? 'median of' : what;
      return capitalise(`${of} each ${one}'s ${side} ${nameOf(plan, p.of).toLowerCase()}${byText}${scope}`);
    }
    if (p.of) return capitalise(`${what} ${nameOf(plan, p.of)}${byText}${scope}`);
    const per = p.per
      ? ` per ${entityWord(p.per).replace(/ies$/, 'y').replace(/s$/, '')}`
      : ` per ${plan.grain ?? 'period'}`;
    const cohort = p.per && grain ? [grain] : [];
    const groups = [...cohort, ...plan.dimensions.map((d) => nameOf(plan, d))];
    const dims = groups.length > 0 ? ` by ${listText(groups)}` : '';
    const counted = p.distinct ? `number of distinct ${entityWord(p.distinct)}` : name;
    return capitalise(`${what} ${counted}${per}${dims}${scope}`);
  }
  if (plan.change) {
    const unit = grain ?? 'month';
    const periods = plan.compare && plan.compare.length >= 2 ? plan.compare : undefined;
    const between = periods ? `, ${periods[0]?.label} to ${periods.at(-1)?.label}` : '';
    const where = scopeText({ ...plan, compare: undefined });
    const dims = plan.dimensions.map((d) => nameOf(plan, d));
    const top = rankedChange(plan);
    if (top) {
      const down = top.direction === 'asc';
      const how = plan.change.magnitude
        ? down
          ? 'the smallest swing (up or down) in'
          : 'the largest swing (up or down) in'
        : plan.change.rank === 'absolute'
          ? down
            ? 'the largest fall in'
            : 'the largest rise in'
          : down
            ? 'the lowest growth of'
            : 'the highest growth of';
      // ("which category had the largest year-over-year decline in 2025": the categories ranked, each over its year before.)
      const what = periods || dims.length > 0 ? listText(dims) || 'rows' : unit;
      const n = top.n > 1 ? `${top.n} ` : top.n === 0 ? 'every ' : '';
      const ranked =
        top.n === 0
          ? `${capitalise(what)} ranked by growth of ${name}`
          : `${capitalise(`${n}${what}`)} with ${how} ${name}`;
      const before = dims.length > 0 ? ` over the ${unit} before` : ' over the one before';
      return `${ranked}${periods ? between : before}${where}`;
    }
    if (periods)
      return capitalise(
        `change in ${name}${dims.length > 0 ? ` by ${listText(dims)}` : ''}${between}${where}`,
      );
    // ("which categories fell in every year": the ones that did, each from its first period to its last.)
    if (plan.change.every && plan.change.only && dims.length > 0)
      return capitalise(
        `${listText(dims)} whose ${name} ${plan.change.only === 'up' ? 'rose' : 'fell'} in every ${unit} against the ${unit} before${where}, from the first ${unit} to the last`,
      );
    return capitalise(
      `${name} by ${listText([unit, ...dims])}${where}, with the change from the ${unit} before`,
    );
  }
  if (plan.share?.top) {
    const entity = plan.dimensions[0];
    // ("the bottom half of customers": a fraction is named as one, a figure the asker did not state being none.)
    const { n, percent, direction, fraction } = plan.share.top;
    const named = fraction ?? (percent && n === 50 ? 'half' : undefined);
    const top = `${direction === 'desc' ? 'top' : 'bottom'} ${named ? `${named} of` : `${n}${percent ? '% of' : ''}`}`;
    const rows = entity ? entityWord(entity) : plan.grain ? `${plan.grain}s` : 'rows';
    // ("the top category": one row named as one, not "the top 1 categories".)
    if (n === 1 && !percent && !named) {
      const one = entity ? entity.title.toLowerCase() : (plan.grain ?? 'row');
      return capitalise(
        `share of ${name} from the ${direction === 'desc' ? 'top' : 'bottom'} ${one}${scope}`,
      );
    }
    // ("the top 5% of customers by spend": another measure summed over them, the ranking named.)
    const sumOf = plan.share.sumOf;
    if (sumOf && !plan.share.total)
      return capitalise(`share of ${nameOf(plan, sumOf)} from the ${top} ${rows} by ${name}${scope}`);
    return capitalise(`share of ${name} from the ${top} ${rows}${scope}`);
  }
  if (plan.perGroup && plan.top) {
    const item = plan.perGroup.item ? nameOf(plan, plan.perGroup.item) : (plan.grain ?? 'period');
    const groups = [
      ...plan.dimensions.filter((d) => d !== plan.perGroup?.item).map((d) => nameOf(plan, d)),
      ...(plan.perGroup.item && plan.grain ? [plan.grain] : []),
      ...(plan.perGroup.groupGrain ? [plan.perGroup.groupGrain] : []),
    ];
    const rank =
      plan.top.direction === 'desc'
        ? plan.top.n > 1
          ? `top ${plan.top.n}`
          : 'top'
        : plan.top.n > 1
          ? `bottom ${plan.top.n}`
          : 'bottom';
    const ends = plan.perGroup.both
      ? plan.top.direction === 'desc'
        ? 'top and bottom'
        : 'bottom and top'
      : rank;
    // ("the region with the 2nd highest return rate in each segment": a rate, one place, or every row ranked.)
    const by = plan.share ? `share of ${name}${partText(plan)} (%)` : name;
    const way = plan.top.direction === 'desc' ? 'highest' : 'lowest';
    if (plan.top.nth)
      return capitalise(
        `${placeText(plan.top.nth).toLowerCase()}-${way} ${item} by ${by} in each ${listText(groups)}${scope}`,
      );
    if (plan.top.n === 0)
      return capitalise(`${item} ranked by ${by} (${way} first) in each ${listText(groups)}${scope}`);
    return capitalise(`${ends} ${item} by ${by} in each ${listText(groups)}${scope}`);
  }
  return planTitle(plan);
}
