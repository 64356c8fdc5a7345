import { describe, expect, it } from '@jest/globals';
import { type EvalQuestion, parseQuestionModule } from '../../functions/agent/eval/questions';
import { type ChatOutcome, judgeRun, type Verdict } from '../../functions/agent/eval/run';
import type { Tuning6Case } from './questions/tuning-6-entities';
import * as tuning6 from './questions/tuning-6-entities';
import * as tuning7entities from './questions/tuning-7-entities';
import * as tuning7lead from './questions/tuning-7-lead';
import * as tuning8lead from './questions/tuning-8-lead';
import * as tuning8periods from './questions/tuning-8-periods';
import * as tuning8threads from './questions/tuning-8-threads';
import * as tuning8words from './questions/tuning-8-words';
import * as tuning9cohorts from './questions/tuning-9-cohorts';
import * as tuning9shares from './questions/tuning-9-shares';
import * as tuning9words from './questions/tuning-9-words';
import * as tuning10shapes from './questions/tuning-10-shapes';
import * as tuning11cohorts from './questions/tuning-11-cohorts';
import * as tuning11shares from './questions/tuning-11-shares';
import * as tuning12entities from './questions/tuning-12-entities';
import * as tuning12periods from './questions/tuning-12-periods';
import * as tuning12probed from './questions/tuning-12-probed';
import * as tuning12words from './questions/tuning-12-words';
import * as tuning13entities from './questions/tuning-13-entities';
import * as tuning13periods from './questions/tuning-13-periods';
import * as tuning13probed from './questions/tuning-13-probed';
import * as tuning13words from './questions/tuning-13-words';
import * as tuning14entities from './questions/tuning-14-entities';
import * as tuning14periods from './questions/tuning-14-periods';
import * as tuning14probed from './questions/tuning-14-probed';
import * as tuning14words from './questions/tuning-14-words';
import * as tuning15periods from './questions/tuning-15-periods';
import * as tuning15probed from './questions/tuning-15-probed';
import * as tuning15ranks from './questions/tuning-15-ranks';
import * as tuning15words from './questions/tuning-15-words';
import * as tuning16cohorts from './questions/tuning-16-cohorts';
import * as tuning16periods from './questions/tuning-16-periods';
import * as tuning16probed from './questions/tuning-16-probed';
import * as tuning16words from './questions/tuning-16-words';
import * as tuning17cohorts from './questions/tuning-17-cohorts';
import * as tuning17periods from './questions/tuning-17-periods';
import * as tuning17probed from './questions/tuning-17-probed';
import * as tuning17words from './questions/tuning-17-words';
import * as tuning18cohorts from './questions/tuning-18-cohorts';
import * as tuning18followups from './questions/tuning-18-followups';
import * as tuning18periods from './questions/tuning-18-periods';
import * as tuning18probed from './questions/tuning-18-probed';
import * as tuning19followups from './questions/tuning-19-followups';
import * as tuning19glosses from './questions/tuning-19-glosses';
import * as tuning19periods from './questions/tuning-19-periods';
import * as tuning19probed from './questions/tuning-19-probed';
import * as tuning20after from './questions/tuning-20-after';
import * as tuning20cohorts from './questions/tuning-20-cohorts';
import * as tuning20definitions from './questions/tuning-20-definitions';
import * as tuning20percustomer from './questions/tuning-20-percustomer';
import * as tuning20probed from './questions/tuning-20-probed';
import * as tuning21after from './questions/tuning-21-after';
import * as tuning21cohorts from './questions/tuning-21-cohorts';
import * as tuning21probed from './questions/tuning-21-probed';
import * as tuning21ratios from './questions/tuning-21-ratios';
import * as tuning21series from './questions/tuning-21-series';
import * as tuning22after from './questions/tuning-22-after';
import * as tuning22conditions from './questions/tuning-22-conditions';
import * as tuning22glosses from './questions/tuning-22-glosses';
import * as tuning22measures from './questions/tuning-22-measures';
import * as tuning22probed from './questions/tuning-22-probed';
import * as tuning23after from './questions/tuning-23-after';
import * as tuning23probed from './questions/tuning-23-probed';
import * as tuning24after from './questions/tuning-24-after';
import * as tuning24probed from './questions/tuning-24-probed';
import * as tuning24ratios from './questions/tuning-24-ratios';
import * as tuning24second from './questions/tuning-24-second';
import * as tuning25after from './questions/tuning-25-after';
import * as tuning25fourth from './questions/tuning-25-fourth';
import * as tuning25parts from './questions/tuning-25-parts';
import * as tuning25probed from './questions/tuning-25-probed';
import * as tuning25second from './questions/tuning-25-second';
import * as tuning25third from './questions/tuning-25-third';
import * as tuning25timing from './questions/tuning-25-timing';
import * as tuning26after from './questions/tuning-26-after';
import * as tuning26eighth from './questions/tuning-26-eighth';
import * as tuning26fifth from './questions/tuning-26-fifth';
import * as tuning26fourth from './questions/tuning-26-fourth';
import * as tuning26ninth from './questions/tuning-26-ninth';
import * as tuning26percentiles from './questions/tuning-26-percentiles';
import * as tuning26probed from './questions/tuning-26-probed';
import * as tuning26ranks from './questions/tuning-26-ranks';
import * as tuning26second from './questions/tuning-26-second';
import * as tuning26seventh from './questions/tuning-26-seventh';
import * as tuning26sixth from './questions/tuning-26-sixth';
import * as tuning26tenth from './questions/tuning-26-tenth';
import * as tuning26third from './questions/tuning-26-third';
import * as tuning26twoperiods from './questions/tuning-26-twoperiods';
import * as tuning27after from './questions/tuning-27-after';
import * as tuning27after2 from './questions/tuning-27-after2';
import * as tuning27cohorts from './questions/tuning-27-cohorts';
import * as tuning27defined from './questions/tuning-27-defined';
import * as tuning27eighth from './questions/tuning-27-eighth';
import * as tuning27fifth from './questions/tuning-27-fifth';
import * as tuning27fourth from './questions/tuning-27-fourth';
import * as tuning27ninth from './questions/tuning-27-ninth';
import * as tuning27periods from './questions/tuning-27-periods';
import * as tuning27probed from './questions/tuning-27-probed';
import * as tuning27second from './questions/tuning-27-second';
import * as tuning27seventh from './questions/tuning-27-seventh';
import * as tuning27sixth from './questions/tuning-27-sixth';
import * as tuning27third from './questions/tuning-27-third';
import * as tuning28after from './questions/tuning-28-after';
import * as tuning28defined from './questions/tuning-28-defined';
import * as tuning28probed from './questions/tuning-28-probed';
import * as tuning28sideby from './questions/tuning-28-sideby';
import * as tuning28spans from './questions/tuning-28-spans';
import * as tuning29after from './questions/tuning-29-after';
import * as tuning29periods from './questions/tuning-29-periods';
import * as tuning29probed from './questions/tuning-29-probed';
import * as tuning29words from './questions/tuning-29-words';
import * as tuning30after from './questions/tuning-30-after';
import * as tuning30cohorts from './questions/tuning-30-cohorts';
import * as tuning30probed from './questions/tuning-30-probed';
import * as tuning30shares from './questions/tuning-30-shares';
import * as tuning30words from './questions/tuning-30-words';
import * as tuning31after from './questions/tuning-31-after';
import * as tuning31counts from './questions/tuning-31-counts';
import * as tuning31left from './questions/tuning-31-left';
import * as tuning31probed from './questions/tuning-31-probed';
import * as tuning31words from './questions/tuning-31-words';
import * as tuning32after from './questions/tuning-32-after';
import * as tuning32miss from './questions/tuning-32-miss';
import * as tuning32period from './questions/tuning-32-period';
import * as tuning32probed from './questions/tuning-32-probed';
import * as tuning32rows from './questions/tuning-32-rows';
import * as tuning33after from './questions/tuning-33-after';
import * as tuning33figures from './questions/tuning-33-figures';
import * as tuning33pairs from './questions/tuning-33-pairs';
import * as tuning33probed from './questions/tuning-33-probed';
import * as tuning33reach from './questions/tuning-33-reach';
import * as tuning34after from './questions/tuning-34-after';
import * as tuning34cohorts from './questions/tuning-34-cohorts';
import * as tuning34defined from './questions/tuning-34-defined';
import * as tuning34probed from './questions/tuning-34-probed';
import * as tuning34rows from './questions/tuning-34-rows';
import { converse, lastResult } from './support/question-set';
import { MANAGER, rawDatabaseForFile } from './support/sample';

/**
 * The sixth and seventh tuning sets (issue 29: per-entity conditions, cohorts, percentiles; entity lists, first
 * dates, combined shares, ranked follow-ups), the follow-ups of tuning set 8 and the regression cases written after
 * held-out-6 and held-out-7 (tuning-7-lead.ts, tuning-8-lead.ts), judged by the eval's own verdicts (functions/agent/eval/run.ts) on the
 * test sample: no question may be answered confidently wrong (a refusal is honest when the planner does not
 * fully understand it), and the share answered right may not fall below what the planner change reached.
 */
const SETS: { title: string; module: Record<string, unknown>; cases: Tuning6Case[]; rightAtLeast: number }[] =
  [
    {
      title: 'tuning set 6 (per-entity conditions, cohorts, percentiles)',
      module: tuning6,
      cases: tuning6.tuning6entities,
      rightAtLeast: 45,
    },
    {
      // 22 of 41 before the planner change it tunes.
      title: 'tuning set 7 (entity lists, cohorts by a first date, combined shares, ranked follow-ups)',
      module: tuning7entities,
      cases: tuning7entities.tuning7entities,
      rightAtLeast: 35,
    },
    {
      // 14 of 32 before the planner change it tunes (5 confidently wrong, in the eval CLI); 27, none wrong, after.
      title: 'tuning set 8 (period over period, first-order cohorts)',
      module: tuning8periods,
      cases: tuning8periods.tuning8periods,
      rightAtLeast: 27,
    },
    {
      // 16 of 33 before the planner change it tunes (1 confident wrong).
      title:
        'tuning set 8 (business words, percentiles, leaders per group, per-group counts, combined shares)',
      module: tuning8words,
      cases: tuning8words.tuning8words,
      rightAtLeast: 29,
    },
    {
      // 17 of 34 before the planner change it tunes (3 confident wrong); 34 after it.
      title:
        'tuning set 9 (asides, glosses, kind nouns, short windows, weekdays, values hidden by access rules)',
      module: tuning9words,
      cases: tuning9words.tuning9words,
      rightAtLeast: 34,
    },
    {
      // 8 of 34 right before the planner change it tunes (4 confident wrong, in the eval CLI); 34, none wrong, after.
      title: 'tuning set 9 (shares, percentile gaps, size of a change)',
      module: tuning9shares,
      cases: tuning9shares.tuning9shares,
      rightAtLeast: 34,
    },
    {
      title: 'regression cases after held-out-6 (listed counts, groupings, cohorts, shares, follow-ups)',
      module: tuning7lead,
      cases: tuning7lead.tuning7lead,
      rightAtLeast: tuning7lead.tuning7lead.length,
    },
    {
      title:
        'regression cases after held-out-7 (periods a year or a window back, rates ranked, active and only)',
      module: tuning8lead,
      cases: tuning8lead.tuning8lead,
      rightAtLeast: tuning8lead.tuning8lead.length,
    },
    {
      // 15 of 32 before the planner change it tunes (8 confident wrong); 32 after it.
      title: 'tuning set 8 (follow-ups: a change to the previous reading)',
      module: tuning8threads,
      cases: tuning8threads.tuning8threads,
      rightAtLeast: 32,
    },
    {
      // 9 of 34 before the planner change it tunes (10 confident wrong, in the eval CLI); 30, none wrong, after.
      title:
        'tuning set 9 (first-order attributes, retention, new customers, lifetime conditions, ties-aware tops)',
      module: tuning9cohorts,
      cases: tuning9cohorts.tuning9cohorts,
      rightAtLeast: 30,
    },
    {
      // 6 of 35 before the compositional cohort reader it tunes (7 confident wrong, in the eval CLI); 35 after it.
      title:
        'tuning set 11 (cohort definition x outcome x measure: signup, first-order date and attribute cohorts)',
      module: tuning11cohorts,
      cases: tuning11cohorts.tuning11cohorts,
      rightAtLeast: 35,
    },
    {
      // 35 of 47 before the planner change it tunes (1 confident wrong, in the eval CLI); 46, none wrong, after.
      title: 'tuning set 10 (shapes)',
      module: tuning10shapes,
      cases: tuning10shapes.tuning10shapes,
      rightAtLeast: 43,
    },
    {
      // 6 of 33 right before the planner change it tunes (19 confident wrong, in the eval CLI); 33 after it.
      title: 'tuning set 11 (shares and filter scopes)',
      module: tuning11shares,
      cases: tuning11shares.tuning11shares,
      rightAtLeast: 32,
    },
    {
      // Probed by the lead: each was confidently wrong, failed or wrongly refused before its reading; all right after.
      title:
        'tuning set 12 (probed: shares of a measure, both ends, a listed leader, active shares, seasons and spans, rounding)',
      module: tuning12probed,
      cases: tuning12probed.tuning12probed,
      rightAtLeast: 20,
    },
    {
      // Probed by the lead (second session of 2026-11-27): each was confidently wrong or wrongly refused before.
      title: 'tuning set 13 (probed: sort orders, shares of each row asked at the end, both years)',
      module: tuning13probed,
      cases: tuning13probed.tuning13probed,
      rightAtLeast: 18,
    },
    {
      // Probed by the lead (third session of 2026-11-27): 1 of 25 right before (19 confident wrong), 21 after.
      title:
        'tuning set 14 (probed: a count named after "by", columns beside a ranking, spans of years, one side)',
      module: tuning14probed,
      cases: tuning14probed.tuning14probed,
      rightAtLeast: 10,
    },
    {
      // Probed by the lead (fourth session of 2026-11-27): 1 of 25 right before (18 confident wrong), 25 after.
      title:
        'tuning set 15 (probed: "at least" per group, once a month, a share beside a top per group, lost customers, Q4 by year)',
      module: tuning15probed,
      cases: tuning15probed.tuning15probed,
      rightAtLeast: 23,
    },
    {
      // 13 of 38 right before the planner change it tunes (5 confident wrong, in the eval CLI); 38 after it.
      title:
        'tuning set 12 (day spans, the same months of another year, past the data, median beside mean, cut-offs)',
      module: tuning12periods,
      cases: tuning12periods.tuning12periods,
      rightAtLeast: 36,
    },
    {
      // 11 of 36 before the planner change it tunes (8 confident wrong, in the eval CLI); 35, none wrong, after.
      title:
        'tuning set 12 (one customer, never, days to a first order, two-month cohorts, tops within groups)',
      module: tuning12entities,
      cases: tuning12entities.tuning12entities,
      rightAtLeast: 34,
    },
    {
      // 23 of 40 right before the planner change it tunes (3 confident wrong, in the eval CLI); 40 after it.
      title: 'tuning set 12 (asides, business words, the best and worst of a rate, combined shares)',
      module: tuning12words,
      cases: tuning12words.tuning12words,
      rightAtLeast: 40,
    },
    {
      // 15 of 37 right before the planner change it tunes (2 confident wrong, in the eval CLI); 37 after it.
      title:
        "tuning set 13 (asker's words said back, purposes and documents beside the ask, money slang, refusals in the asker's words)",
      module: tuning13words,
      cases: tuning13words.tuning13words,
      rightAtLeast: 37,
    },
    {
      // 18 of 35 right before the planner change it tunes (5 confident wrong, in the eval CLI); 31, none wrong, after.
      title:
        'tuning set 13 (counts per entity with contractions, tops per group, shares of customers, changes per group)',
      module: tuning13entities,
      cases: tuning13entities.tuning13entities,
      rightAtLeast: 30,
    },
    {
      // 17 of 36 right before the planner change it tunes (1 confident wrong, in the eval CLI); 33, none wrong, after.
      title:
        'tuning set 13 (glossed seasons, the value marking a top or bottom share, medians of period totals, cohorts compared)',
      module: tuning13periods,
      cases: tuning13periods.tuning13periods,
      rightAtLeast: 33,
    },
    {
      // 12 of 34 right before the planner change it tunes (7 confident wrong, in the eval CLI); 34 after it.
      title:
        'tuning set 14 (each period vs the same one a year before, the most gained or lost, most and fewest, holidays, last N of the data)',
      module: tuning14periods,
      cases: tuning14periods.tuning14periods,
      rightAtLeast: 34,
    },
    {
      // 18 of 35 right before the planner change it tunes (4 confident wrong, in the eval CLI); 35 after it.
      title:
        'tuning set 14 (ground in slang under row-level security, headcounts, verbs of customers, totals beside averages, scales)',
      module: tuning14words,
      cases: tuning14words.tuning14words,
      rightAtLeast: 35,
    },
    {
      // 18 of 36 right before the planner change it tunes (1 confident wrong, in the eval CLI); 32, none wrong, after.
      title:
        'tuning set 14 (status words, never a kind of order, glossed signup seasons, the last first order, two-value shares, percentiles and cohorts compared, repeat buyers, the most cancelled per group)',
      module: tuning14entities,
      cases: tuning14entities.tuning14entities,
      rightAtLeast: 32,
    },
    {
      // 15 of 36 right before the planner change it tunes (1 confident wrong, in the eval CLI); 31, none wrong, after
      // (32 on the test sample).
      title:
        'tuning set 15 (polite framings, tracking past the data, disclaimers beside an answerable ask, glossed jargon, zero of a status, answerable shapes, Slack wordings)',
      module: tuning15words,
      cases: tuning15words.tuning15words,
      rightAtLeast: 32,
    },
    {
      // 33 of 40 right before the planner change it tunes (0 confident wrong, in the eval CLI); 40, none wrong, after.
      title:
        'tuning set 15 (trailing and rolling windows past the data, spans to now, growth in $ and %, percentiles of totals, combined shares)',
      module: tuning15periods,
      cases: tuning15periods.tuning15periods,
      rightAtLeast: 38,
    },
    {
      // 11 of 33 right before the planner change it tunes (13 confident wrong, in the eval CLI); 27, none wrong, after.
      title:
        'tuning set 15 (a top N cut inside a tie, two measures asked at once, measures of the rows of a previous ranking, the same period a year back, a part against the whole)',
      module: tuning15ranks,
      cases: tuning15ranks.tuning15ranks,
      rightAtLeast: 27,
    },
    {
      // Probed by the lead (fifth session of 2026-11-27): 0 of 22 right before (20 confident wrong), 21 after (21 on the test sample).
      title:
        'tuning set 16 (probed: growth in one named quarter, follow-ups that take their period from the question before, a bare end, an attribute of a top N)',
      module: tuning16probed,
      cases: tuning16probed.tuning16probed,
      rightAtLeast: 21,
    },
    {
      // Probed by the lead (2026-11-28): 3 of 21 right before (11 confident wrong, 7 wrong refusals), 20, none wrong, after.
      title:
        "tuning set 17 (probed: an average per period for each listed value, this half and the previous half, this year vs last, two compared periods past the data, a count of a dimension's values, a count asked in dollars)",
      module: tuning17probed,
      cases: tuning17probed.tuning17probed,
      rightAtLeast: 17,
    },
    {
      // Probed by the lead (second session of 2026-11-28): 3 of 31 right before (11 confident wrong), 31 after.
      title:
        'tuning set 18 (probed: since the start of the year, a top n of a count, last year YTD, a yearly breakdown before a span, a share of customers with rows of a kind, asides after a question mark, total returns, per head, absolute change, came last, the latest order, why)',
      module: tuning18probed,
      cases: tuning18probed.tuning18probed,
      rightAtLeast: 31,
    },
    {
      // Probed by the lead (third session of 2026-11-28): 1 of 35 right before (15 confident wrong), 35 after.
      title:
        'tuning set 19 (probed: rows of each of two values, the n biggest orders by amount, "it" and "each" after a ranking, the matching customers\' whole spend, zero orders, ordinal halves, FY, ex-cancellations, the rows of a combined share named, my ground vs the company, yes-or-no period comparisons, revenue lost to returns, mid-year)',
      module: tuning19probed,
      cases: tuning19probed.tuning19probed,
      rightAtLeast: 35,
    },
    {
      // 14 of 35 right before the planner change it tunes (2 confident wrong, in the eval CLI); 22, none wrong,
      // after (22 on the test sample too).
      title:
        'tuning set 16 (two cohorts compared per customer, a signup-period breakdown of a later period, fewer than N times, a cohort share of a period, retention and negation wordings)',
      module: tuning16cohorts,
      cases: tuning16cohorts.tuning16cohorts,
      rightAtLeast: 22,
    },
    {
      // 7 of 37 right before the planner change it tunes (5 confident wrong, in the eval CLI); 31, none wrong, after.
      title:
        'tuning set 16 (percentiles of period totals over spans of years, cut-offs, months past the data vs the same months inside it, to date vs the same point before, change in $ and %, the slowest period vs the busiest, the best N periods together, parts of a previous total)',
      module: tuning16periods,
      cases: tuning16periods.tuning16periods,
      rightAtLeast: 30,
    },
    {
      // 13 of 39 right before the planner change it tunes (1 confident wrong, in the eval CLI); 39, none wrong, after.
      title:
        'tuning set 16 (typos, abbreviations, rambling requests, polite frames, meetings on a day, signed percent changes, titles, two measures joined, negations beside asides)',
      module: tuning16words,
      cases: tuning16words.tuning16words,
      rightAtLeast: 39,
    },
    {
      // 14 of 36 right before the planner change it tunes (7 confident wrong, in the eval CLI); 31, none wrong, after.
      title:
        'tuning set 17 (signup-period breakdowns then a later period, percentile cut-offs in words, size words glossed by an amount, month-span cohorts, the top N shares each)',
      module: tuning17cohorts,
      cases: tuning17cohorts.tuning17cohorts,
      rightAtLeast: 31,
    },
    {
      // 12 of 34 right before the planner change it tunes (4 confident wrong, in the eval CLI); 24, none wrong, after.
      title:
        'tuning set 18 (first-order cohorts per period, two size ranges joined, percentiles of per-customer and per-period totals, signup spans as one cohort, shares with an exclusion)',
      module: tuning18cohorts,
      cases: tuning18cohorts.tuning18cohorts,
      rightAtLeast: 24,
    },
    {
      // 14 of 38 right before the planner change it tunes (11 confident wrong, in the eval CLI); 31, none wrong, after (32 of 39 with a refusal added).
      title:
        'tuning set 17 (scope asides beside a change, each period between two, change in $ and %, to date vs before, slowest vs busiest, halves and quarters, ratios, signed changes)',
      module: tuning17periods,
      cases: tuning17periods.tuning17periods,
      rightAtLeast: 32,
    },
    {
      // 11 of 36 right before the planner change it tunes (7 confident wrong, in the eval CLI); 36, none wrong, after.
      title:
        'tuning set 17 (a period as an instruction, self-corrections, tally verbs, size words defined in place, quoted figures, exclusions)',
      module: tuning17words,
      cases: tuning17words.tuning17words,
      rightAtLeast: 36,
    },
    {
      // 17 of 36 right before the planner change it tunes (7 confident wrong, in the eval CLI); 35, none wrong, after.
      title:
        'tuning set 18 (a ranking then "per X", a period swapped, "them" after a count of customers, quoted figures asked back, "what did X do")',
      module: tuning18followups,
      cases: tuning18followups.tuning18followups,
      rightAtLeast: 35,
    },
    {
      // 15 of 35 right before the planner change it tunes (5 confident wrong, in the eval CLI); 33, none wrong, after.
      title:
        'tuning set 18 (quoted figures beside a change, MoM with the month before, each period vs a year back, biggest drop by group, a quarter in YEAR vs YEAR, net change, ratios, to date vs before)',
      module: tuning18periods,
      cases: tuning18periods.tuning18periods,
      rightAtLeast: 30,
    },
    {
      // 10 of 33 right before the planner change it tunes (3 confident wrong, in the eval CLI); 26, none wrong, after.
      title:
        'tuning set 19 (glosses restating the ask: summed spend, "all 12", "active =", not cumulative, don\'t add them up, a named colleague, both years)',
      module: tuning19glosses,
      cases: tuning19glosses.tuning19glosses,
      rightAtLeast: 26,
    },
    {
      // 24 of 36 right before the planner change it tunes (1 confident wrong, in the eval CLI, on 7b40834); 33, none
      // wrong, after.
      title:
        'tuning set 20 (cohorts: first-order cohorts per period, a later window with a spend threshold, percentiles of per-customer and per-period figures, a bare percentile follow-up, the gap between two)',
      module: tuning20cohorts,
      cases: tuning20cohorts.tuning20cohorts,
      rightAtLeast: 33,
    },
    {
      // 17 of 35 right before the planner change it tunes (7 confident wrong, in the eval CLI, on 9c55e6a); 22, none
      // wrong, after (with the lead's fixes of the merge).
      title:
        'tuning set 19 (a change in % against another year after one figure, "within that X" after a ranking, first-order cohorts then that group, all orders of one status, every month, two cohorts side by side)',
      module: tuning19followups,
      cases: tuning19followups.tuning19followups,
      rightAtLeast: 22,
    },
    {
      // 19 of 38 right before the planner change it tunes (6 confident wrong, in the eval CLI); 34, none wrong, after.
      title:
        'tuning set 19 (each month of a span vs the one before, QoQ and YoY per quarter, the months ending on a date, MTD vs last month, best months added up, running totals, a share of two quarters, months joined into one total, day-first dates)',
      module: tuning19periods,
      cases: tuning19periods.tuning19periods,
      rightAtLeast: 34,
    },
    {
      // 2 of 46 right before the planner change it tunes (14 confident wrong, in the eval CLI, on 7b40834); 46, none
      // wrong, after.
      title:
        'tuning set 20 (probed: calendar periods counted back, fiscal and calendar years, "for the year", figures written out in full, a quoted dollar figure, a change of no direction, the gap between two values, holiday weeks, N-year totals, a trailing "total", my region\'s performance, rows listed with their customer, threads: the change between the periods asked, a top row\'s share, "combined?", each row\'s share of one value\'s whole, ARPU, "cxl")',
      module: tuning20probed,
      cases: tuning20probed.tuning20probed,
      rightAtLeast: 46,
    },
    {
      // 7 of 37 right before the planner change it tunes (1 confident wrong, in the eval CLI); 37, none wrong, after.
      title:
        'tuning set 20 (definitions given in place: "X = $750 and up", "by X we mean", "let\'s call ... \'X\'", "define X as", "X (i.e. ...)": a row filter, a per-customer threshold, a share of orders; unread ones refused)',
      module: tuning20definitions,
      cases: tuning20definitions.tuning20definitions,
      rightAtLeast: 37,
    },
    {
      // 13 of 38 right before the planner change it tunes (9 confident wrong, in the eval CLI); 38, none wrong, after.
      title:
        'tuning set 20 (per-customer conditions: exactly/at most N of a kind, never, largest/smallest order, every order, all completed, two kinds compared, both years, and/but not, ranked among those with min N orders)',
      module: tuning20percustomer,
      cases: tuning20percustomer.tuning20percustomer,
      rightAtLeast: 38,
    },
    {
      // 1 of 8 right before the changes that followed held-out-20's scoring (2 confident wrong, in the eval CLI, on
      // 1d6f1a4); 8, none wrong, after.
      title:
        'regression cases after held-out-20 (the top per quarter led by the quarter, "N orders in total", "#1", "no k/m rounding", a definition\'s "only", glosses restating the customers, the percentile and the first order\'s unit, "above what amount are the top 10%")',
      module: tuning20after,
      cases: tuning20after.tuning20after,
      rightAtLeast: 8,
    },
    {
      // 5 of 21 right before the lead's probes of 2026-11-28 were fixed (6 confident wrong, in the eval CLI, on
      // 007e7f6); 20, none wrong, after.
      title:
        'tuning set 21 (probed: values compared over a span of years, a time unit ranked "of" its year, each period\'s shares of its own whole, the change of a share or a rate in percentage points, "% of" a share beside a change)',
      module: tuning21probed,
      cases: tuning21probed.tuning21probed,
      rightAtLeast: 20,
    },
    {
      // 6 of 34 right before the lead's probes of the sixth session of 2026-11-28 were fixed (10 confident wrong, in
      // the eval CLI, on 7ad5a1e); 34, none wrong, after.
      title:
        'tuning set 22 (probed: a named year\'s year to date, a bare "to" between months, a measure in a ranked period, "of the yearly total", "before"/"after" a period, a month of every year pooled, an open signup cohort, short follow-ups, both ends of a ranking, the rest past a top N, two spans compared past the data)',
      module: tuning22probed,
      cases: tuning22probed.tuning22probed,
      rightAtLeast: 34,
    },
    {
      // 7 of 50 right before the lead's probes of the seventh session of 2026-11-28 were fixed (25 confident wrong, in
      // the eval CLI, on 6572f33); 50, none wrong, after.
      title:
        'tuning set 23 (probed: a ranking "by spend" with another figure beside, a ranked growth "vs the previous one", the biggest order in each group and who placed it, "how each compares with ... in %", the sum of the rows just ranked, "sorted low to high", "did 2025 beat 2024?", those ranked rows in another period, a change "from 2024" in a thread, "2022 H1", "the average time between", more than the average customer, the average lifetime spend by segment, a cohort\'s rows\' period said last, note-taking shorthand)',
      module: tuning23probed,
      cases: tuning23probed.tuning23probed,
      rightAtLeast: 50,
    },
    {
      // 14 of 30 right before the lead's probes of the eighth session of 2026-11-28 were fixed (5 confident wrong, in
      // the eval CLI, on ea3a048); two cases added after the first probe; 30 of 32, none wrong, after.
      title:
        'tuning set 24 (probed: a defined word whose meaning is read when asked directly, a condition said again in a trailing sentence, "- count them", another measure added up over the rows just ranked, the top N customers "in the north" or "its top 10" in a share, revenue from new customers, one value beating another, an average order value over the customers meeting a condition, customers counted beside their average per group)',
      module: tuning24probed,
      cases: tuning24probed.tuning24probed,
      rightAtLeast: 30,
    },
    {
      // 13 of 24 right before the lead's second batch of the eighth session of 2026-11-28 was fixed (3 confident wrong,
      // one of them a reference naming customers by id, since fixed, in the eval CLI, on ab52cb0); 23, none wrong,
      // after.
      title:
        'tuning set 24 (second batch: a trailing sentence restating who counts, "how many more or fewer ... than the one before" in a thread, a change of each previous row, a first-order cohort broken down by a field, a guess about the figure or a meeting next week beside the ask, the rows of a combined share asked for by name, a top percent glossed with its count)',
      module: tuning24second,
      cases: tuning24second.tuning24second,
      rightAtLeast: 23,
    },
    {
      // 3 of 12 right before the fixes that followed held-out-24's scoring (1 confident wrong, in the eval CLI, on
      // 79273a4); 11, none wrong, after (two shares asked at once are refused).
      title:
        'regression cases after held-out-24 (two shares of different figures at once, "middle value pls, not avg", "in percent please, not a fraction", "call it ... in the answer", "e.g. $4.5M", "(one-and-done)", "call a customer \'X\' if", a status\'s count glossed, a fiscal year and a season glossed by their months, a figure per customer of two groups compared, "ordered the least")',
      module: tuning24after,
      cases: tuning24after.tuning24after,
      rightAtLeast: 11,
    },
    {
      // 1 of 12 right before the fixes that followed held-out-23's scoring (2 confident wrong, in the eval CLI, on
      // b941144); 12, none wrong, after.
      title:
        'regression cases after held-out-23 (a value said with the whole of a share of a period, a gloss restating a status or a count, "(Saturday and Sunday)", "how many more or fewer", "didn\'t make a single purchase", a lead-in before a meeting, "in 2024 alone", "New = the quarter of their first purchase.")',
      module: tuning23after,
      cases: tuning23after.tuning23after,
      rightAtLeast: 12,
    },
    {
      // 10 of 38 right before the planner change it tunes (4 confident wrong, in the eval CLI, on cf2e6d7); 36, none
      // wrong, after (filtered-measures.ts, filtered-measures-sql.ts).
      title:
        'tuning set 24 (ratios: a measure built from two filtered measures, "returned orders / completed orders", "completed $ minus returned $", "% of orders under $25 that were cancelled", "cancelled revenue as a % of all revenue", weekend to weekday orders, one category\'s revenue over another\'s, per region, category, quarter or month)',
      module: tuning24ratios,
      cases: tuning24ratios.tuning24ratios,
      rightAtLeast: 36,
    },
    {
      // 8 of 37 right before the planner change it tunes (2 confident wrong, in the eval CLI, on dcd9a30); 35, none
      // wrong, after (recency.ts, best-period.ts, no-rows-in.ts, first-share-period.ts, not-ordered-by.ts,
      // data-span-growth.ts, the signups' own period in days-to-first.ts).
      title:
        "tuning set 25 (timing: days since each customer's last order to the data's last day, days from signup to first order by signup quarter, signups with no order by a date, the month by which 90% had a first order, each customer's best month, customers of a region with no orders in a period)",
      module: tuning25timing,
      cases: tuning25timing.tuning25timing,
      rightAtLeast: 35,
    },
    {
      // 14 of 35 right before the planner change it tunes (4 confident wrong, in the eval CLI, on dcd9a30); 31, none
      // wrong, after (compound-parts.ts, summed divisors in filtered-measures.ts, joined period parts in share-parts.ts,
      // day-means.ts).
      title:
        'tuning set 25 (parts: a rate over a sum of statuses, "returned / (completed + returned)", a figure per day of a period, "orders / 92 days", the share of periods added up, "Nov + Dec", of weekends, of a top fraction of buyers glossed as "count / 4", a percentile in other words, "what amount did only 1% of orders exceed", the largest signed % change between two periods)',
      module: tuning25parts,
      cases: tuning25parts.tuning25parts,
      rightAtLeast: 31,
    },
    {
      // 0 of 10 right before the fixes that followed held-out-22's scoring (2 confident wrong, in the eval CLI, on
      // e42c2c2); 10, none wrong, after.
      title:
        'regression cases after held-out-22 (the months of a named quarter glossed again, "— name and amount", "(exactly N counts)", "over the whole history", "which single month", "in dollar terms", "vs the one before", a median glossed, definitions said in a sentence)',
      module: tuning22after,
      cases: tuning22after.tuning22after,
      rightAtLeast: 10,
    },
    {
      // 9 of 37 right before the planner change it tunes (5 confident wrong, in the eval CLI, on 007e7f6); 36, none
      // wrong, after (customer-ratios.ts).
      title:
        'tuning set 21 (ratios of customer counts: repeat rate, retention from one period to the next, attach rate, lapsed/churned/reactivated over two periods, returning customers, a share with a cancelled or returned order, per region or segment, definitions over two periods, follow-ups)',
      module: tuning21ratios,
      cases: tuning21ratios.tuning21ratios,
      rightAtLeast: 36,
    },
    {
      // 7 of 34 right before the planner change it tunes (1 confident wrong, in the eval CLI, on 007e7f6); 34, none
      // wrong, after.
      title:
        "tuning set 21 (series: running and year-to-date totals by period, per region, N-period moving averages, the change from the period before in $ and %, the same period two years earlier, days between a customer's consecutive orders and from the first to the second, threads that add the window)",
      module: tuning21series,
      cases: tuning21series.tuning21series,
      rightAtLeast: 34,
    },
    {
      // 7 of 35 right before the planner change it tunes (7 confident wrong, in the eval CLI, on 007e7f6); 33, none
      // wrong, after (in the eval CLI).
      title:
        'tuning set 21 (cohorts: by a span or a nickname, by the last order, per period of a customer date, per value of an attribute, against everyone else, and follow-ups on each)',
      module: tuning21cohorts,
      cases: tuning21cohorts.tuning21cohorts,
      rightAtLeast: 33,
    },
    {
      // 2 of 7 right before the changes that followed held-out-21's scoring (2 confident wrong, in the eval CLI, on
      // bc8d888); 7, none wrong, after.
      title:
        'regression cases after held-out-21 (a cohort\'s count and spend "all together", the worst quarter of a count of cancellations, the median customer in my region, a quoted defined word before its noun, a bare "how many" after a definition, "lifetime spend above $N" as a definition)',
      module: tuning21after,
      cases: tuning21after.tuning21after,
      rightAtLeast: 7,
    },
    {
      // 8 of 36 right before the planner change it tunes (2 confident wrong, in the eval CLI, on 7ad5a1e); 26, none
      // wrong, after (percentile-glosses.ts, share-counts.ts, rolling totals and running averages in series-windows.ts).
      title:
        'tuning set 22 (glosses: a percentile glossed as the line to cross for a top or bottom share, a top or bottom share glossed with its counts, contradicting glosses refused; rolling twelve-month totals at each month, running averages, new against returning per quarter, gaps per customer)',
      module: tuning22glosses,
      cases: tuning22glosses.tuning22glosses,
      rightAtLeast: 26,
    },
    {
      // 15 of 36 right before the planner change it tunes (3 confident wrong, in the eval CLI, on 7ad5a1e); 27, none
      // wrong, after (definitions.ts, restated-glosses.ts, understand.ts, phrases.ts, second-order.ts).
      title:
        "tuning set 22 (measures: a definition behind a lead-in or of a sum, a value's rate with its parts glossed and its change in points, basket breadth, a share of a previous answer's people, a change between two years named before, ratios of two dollar totals)",
      module: tuning22measures,
      cases: tuning22measures.tuning22measures,
      rightAtLeast: 27,
    },
    {
      // 14 of 37 right before the planner change it tunes (4 confident wrong, in the eval CLI, on 7ad5a1e); 35, none
      // wrong, after (row-conditions.ts, customer-ratios.ts).
      title:
        'tuning set 22 (conditions: a threshold said after the count, "lifetime", two conditions with a negation in one period, every order of one status, a list with their counts, every month of a span, bought in one span and nothing in a later one, shares, by region, threads)',
      module: tuning22conditions,
      cases: tuning22conditions.tuning22conditions,
      rightAtLeast: 35,
    },
    {
      // 6 of 24 right before the lead's probes of the session of 2026-11-29 were fixed (13 confident wrong, in the
      // eval CLI, on dcd9a30); 24, none wrong, after.
      title:
        'tuning set 25 (probed: money asked of "customers in the west", "bring in" over a span, a total over a span past the data\'s end, "the previous one" and "the one before" of a series, "the average month", each value\'s share of one value\'s whole, another measure over the top 5% ranked "by spend", a leader per group "by 2025 spend" with another figure, relative periods glossed with their names)',
      module: tuning25probed,
      cases: tuning25probed.tuning25probed,
      rightAtLeast: 24,
    },
    {
      // 3 of 17 right before the lead's second batch of 2026-11-29 was fixed (6 confident wrong, in the eval CLI, on
      // 45c4766); 17, none wrong, after.
      title:
        'tuning set 25 (second: a value said as events whose trend is asked, two values compared with "which is higher" and "by how much", revenue per active customer, "busiest first" and "quietest first", how many categories the average customer bought from, a glossed word of people whose gloss counts their orders)',
      module: tuning25second,
      cases: tuning25second.tuning25second,
      rightAtLeast: 17,
    },
    {
      // 3 of 9 right before the lead's third batch of 2026-11-29 was fixed (2 confident wrong, in the eval CLI, on
      // 01bb0ad); 9, none wrong, after; two cases added after (both confidently wrong on 4e64eaa) and three after those (on cff9dc3: 2 refused, 1
      // confidently wrong); 14 of 14 after.
      title:
        'tuning set 25 (third: "what were my top 3 ... and their share", "seg", the average customer of one value against "the average consumer one", the most rows of a kind "as a share of its orders", the values "where 2025 revenue was below 2024\'s")',
      module: tuning25third,
      cases: tuning25third.tuning25third,
      rightAtLeast: 14,
    },
    {
      // 2 of 8 right before the lead's fourth batch of 2026-11-29 was fixed (2 confident wrong, in the eval CLI, on
      // 53ccf83); 5, none wrong, after (3 refused).
      title:
        'tuning set 25 (fourth: "X orders are anything over $800", "call a customer a regular if they ...", a median of a first-order cohort, no order of one kind by a day)',
      module: tuning25fourth,
      cases: tuning25fourth.tuning25fourth,
      rightAtLeast: 5,
    },
    {
      // 0 of 9 right before the shapes of held-out-25's confident wrong answers were fixed (9 confident wrong, in the
      // eval CLI, on 5e949dc); 5, none wrong, after (4 refused); two cases added after (refused on 0afa12f), 7 of 11;
      // four more (refused on 2b690d2), 10 of 15.
      title:
        'tuning set 25 (after: "how many customers\' largest single order was ...", a kind of order "in each of" three years, "count and average amount of ... orders", a percentile "of what our customers each spent", two values as one share part "for each" group, a rate or ranking within each group refused, a percentile of each one\'s largest order refused, a refusal without the asker\'s numbers)',
      module: tuning25after,
      cases: tuning25after.tuning25after,
      rightAtLeast: 10,
    },
    {
      // 5 of 28 right before the lead's probes of the second session of 2026-11-29 were fixed (9 confident wrong, in
      // the eval CLI, on 2777ec4); 24, none wrong, after (4 refused).
      title:
        'tuning set 26 (probed: a quarter\'s share of each year\'s revenue, a difference of two statuses "in dollars", one figure minus another defined first, a condition of all time beside one year\'s figure, "no more than $40", bounds joined by "but", "(fiscal = calendar)", "≥ 3", a signup cohort "by year", "avg monthly revenue in 2024 vs 2025", "higher in H1 2025 or H2 2025", "in % terms")',
      module: tuning26probed,
      cases: tuning26probed.tuning26probed,
      rightAtLeast: 24,
    },
    {
      // 2 of 9 right before the lead's second batch of the second session of 2026-11-29 was fixed (1 confident wrong,
      // in the eval CLI, on 2777ec4); 9, none wrong, after.
      title:
        'tuning set 26 (second: "what % of 2024 customers also ordered in 2025", a churn or retention rate of people defined by two periods, "VIP means they spent ...", a quoted word glossed in brackets)',
      module: tuning26second,
      cases: tuning26second.tuning26second,
      rightAtLeast: 9,
    },
    {
      // 1 of 5 right before the lead's third batch of the second session of 2026-11-29 was fixed (none wrong, in the
      // eval CLI, on 2777ec4); 5 after.
      title:
        'tuning set 26 (third: a per-customer figure "only counting ppl who did order", "(customers w/ zero orders excluded)", "numbr")',
      module: tuning26third,
      cases: tuning26third.tuning26third,
      rightAtLeast: 5,
    },
    {
      // 0 of 7 right before the lead's fourth batch of the second session of 2026-11-29 was fixed (1 confident wrong,
      // in the eval CLI, on 2777ec4); 7 after.
      title:
        'tuning set 26 (fourth: a share of a year\'s revenue that rows "did ... bring in" by region, values defined with "and", a spend that "topped" an amount, "we count an order as \'late\' if ...", "we flag a customer as ... if they ...")',
      module: tuning26fourth,
      cases: tuning26fourth.tuning26fourth,
      rightAtLeast: 7,
    },
    {
      // 0 of 8 right before the lead's fifth batch of the second session of 2026-11-29 was fixed (7 confident wrong,
      // in the eval CLI, on 2777ec4); 7, none wrong, after (1 refused).
      title:
        'tuning set 26 (fifth: "ordered in all four quarters of 2025", "each of the 12 months", "their total 2024 orders", a signup cohort\'s "first 30 days" refused, "the average spend of customers in the west", two signup cohorts as "customers who signed up in ... vs those who ...")',
      module: tuning26fifth,
      cases: tuning26fifth.tuning26fifth,
      rightAtLeast: 7,
    },
    {
      // 0 of 6 right before the lead's sixth batch of the second session of 2026-11-29 was fixed (1 confident wrong,
      // in the eval CLI, on 2777ec4); 4, none wrong, after (2 refused).
      title:
        'tuning set 26 (sixth: "what\'s the latest date we have orders for?", "latest order date?", "between $250-$500", amounts in words refused)',
      module: tuning26sixth,
      cases: tuning26sixth.tuning26sixth,
      rightAtLeast: 4,
    },
    {
      // 1 of 3 right before the lead's seventh batch of the second session of 2026-11-29 was fixed (1 confident
      // wrong, in the eval CLI, on 2777ec4); 2, none wrong, after (1 refused).
      title:
        'tuning set 26 (seventh: "how much bigger was 2023 revenue than 2025 revenue, in %?" refused, "how concentrated is revenue - what share comes from ...")',
      module: tuning26seventh,
      cases: tuning26seventh.tuning26seventh,
      rightAtLeast: 2,
    },
    {
      // 1 of 4 right before the lead's eighth batch of the second session of 2026-11-29 was fixed (3 confident wrong,
      // in the eval CLI, on 2777ec4); 1, none wrong, after (3 refused).
      title:
        'tuning set 26 (eighth: a figure of the first orders themselves, "average first order amount", "avg first-order value by region", "the biggest first order", refused)',
      module: tuning26eighth,
      cases: tuning26eighth.tuning26eighth,
      rightAtLeast: 1,
    },
    {
      // 0 of 3 right before the lead's ninth batch of the second session of 2026-11-29 was fixed (3 confident wrong,
      // in the eval CLI, on 2777ec4); 3 after.
      title:
        'tuning set 26 (ninth: "how many orders did the top spender place", "the top customer by spend", "the AOV of our top customer")',
      module: tuning26ninth,
      cases: tuning26ninth.tuning26ninth,
      rightAtLeast: 3,
    },
    {
      // 1 of 3 right before the lead's tenth batch of the second session of 2026-11-29 was fixed (2 confident wrong,
      // in the eval CLI, on 2777ec4); 3 after.
      title:
        'tuning set 26 (tenth: "worst" of a bad outcome said away from a rate, "which month was worst for returns")',
      module: tuning26tenth,
      cases: tuning26tenth.tuning26tenth,
      rightAtLeast: 3,
    },
    {
      // 2 of 8 right before the shapes of held-out-26's confident wrong answers were fixed (2 confident wrong, in the
      // eval CLI, on 1411aba); 6, none wrong, after (2 refused); four cases added after (refused on 649de57), 10 of 12;
      // two more (refused on 46b83a8), 12 of 14.
      title:
        'tuning set 26 (after: "by the $ value of", "median $ amount of", people defined in brackets refused, a signup cohort\'s first order amount refused, a month named in a ranking within each year, "FY25, which runs Jul 2024 to Jun 2025", the asker\'s name for revenue said back)',
      module: tuning26after,
      cases: tuning26after.tuning26after,
      rightAtLeast: 12,
    },
    {
      // 20 of 34 right before percentiles were tuned (3 confident wrong, in the eval CLI, on 2777ec4); 33, none wrong,
      // after (entity-extremes.ts, percentile-ranks.ts, percentile-glosses.ts, second-order.ts); three cases added
      // after (confidently wrong on 2777ec4), 35 of 37, none wrong (two refused).
      title:
        'tuning set 26 (percentiles: of each customer\'s largest or smallest order, total spend or order count, of each period\'s total, within groups, a value\'s percentile rank as the share below it, a percentile said again as "the middle customer", "the upper quartile" or "the 9/10 mark", a percentile of a rate refused)',
      module: tuning26percentiles,
      cases: tuning26percentiles.tuning26percentiles,
      rightAtLeast: 35,
    },
    {
      // 12 of 34 right before rankings within groups were built (8 confident wrong, in the eval CLI, on 2777ec4);
      // 33 of 34, none wrong, after (rates-within.ts, nth.ts placeSaid, end-gap.ts both ends' gap; one refused);
      // three cases added after, 36 of 37, none wrong (on the TEST sample too).
      title:
        'tuning set 26 (ranks: a rate ranked within each group, the runner-up of each group, the leader of each group by a per-entity total, the best and worst period with the gap, a ranking for each year or signup quarter)',
      module: tuning26ranks,
      cases: tuning26ranks.tuning26ranks,
      rightAtLeast: 36,
    },
    {
      // 2 of 17 right before bounds in each of two periods were read (none wrong, the rest refused, in the eval CLI,
      // on d0d3056); 16, none wrong, after (each-period-bounds.ts: a bound in each period, a lower bound met in any one
      // month or quarter; an average in each period still refused).
      title:
        "tuning set 26 (two periods: a spend or order-count bound on each customer in each of two periods, a different bound per period, their shares of a period's customers, a lower bound met in any single month or quarter)",
      module: tuning26twoperiods,
      cases: tuning26twoperiods.tuning26twoperiods,
      rightAtLeast: 16,
    },
    {
      // 34 of 36 right before the lead's probes of the session of 2026-11-29 07:04 (none wrong, in the eval CLI, on
      // 6755ab7); 34, none wrong, after (two percentiles given a cent's tolerance after the TEST sample's run); 36 once
      // people defined in brackets and a definition "in a year" were read.
      title: "tuning set 27 (probed: every class on a clock of the lead's own, 2027-01-27)",
      module: tuning27probed,
      cases: tuning27probed.tuning27probed,
      rightAtLeast: 36,
    },
    {
      // 25 of 34 right before (3 confident wrong, in the eval CLI, on 6755ab7); 33, none wrong, after; 34 once "a 'loyal'
      // customer ordered in ..." was read as a definition.
      title:
        'tuning set 27 (second: a percentile of each customer\'s own AOV, "customers\' own", the amount a top share exceeds, "how many were cancelled?" after a count)',
      module: tuning27second,
      cases: tuning27second.tuning27second,
      rightAtLeast: 34,
    },
    {
      // 5 of 12 right before (none wrong, in the eval CLI, on 6755ab7); 12 after.
      title:
        'tuning set 27 (third: "rank X by Y, top N", the gap between the highest and lowest regional revenue)',
      module: tuning27third,
      cases: tuning27third.tuning27third,
      rightAtLeast: 12,
    },
    {
      // 1 of 6 right before (1 confident wrong, in the eval CLI, on d062b40); 6 after.
      title:
        'tuning set 27 (fourth: "the two years ending June 2026", "Q4 of the year before last", "Q3 of that year", one figure in every row)',
      module: tuning27fourth,
      cases: tuning27fourth.tuning27fourth,
      rightAtLeast: 6,
    },
    {
      // 1 of 9 right before (4 confident wrong, in the eval CLI, on 9cfb4d4); 9 after.
      title:
        'tuning set 27 (fifth: threads: "which is bigger and by how much?", "as a share of each region\'s orders?", "what did they spend?")',
      module: tuning27fifth,
      cases: tuning27fifth.tuning27fifth,
      rightAtLeast: 9,
    },
    {
      // 0 of 4 right before (2 confident wrong, in the eval CLI, on a694cfa); 4 after.
      title:
        'tuning set 27 (sixth: threads: "and the overall AOV?", "how much did it make in 2024?" after the top one, "what % of all customers is that?")',
      module: tuning27sixth,
      cases: tuning27sixth.tuning27sixth,
      rightAtLeast: 4,
    },
    {
      // 0 of 4 right before (none wrong, in the eval CLI, on 39f6793); 4 after.
      title: 'tuning set 27 (seventh: "revenue by category and year", "the middle 50% range")',
      module: tuning27seventh,
      cases: tuning27seventh.tuning27seventh,
      rightAtLeast: 4,
    },
    {
      // 1 of 5 right before (3 confident wrong, in the eval CLI, on a533fc7); 5 after.
      title:
        'tuning set 27 (eighth: customers who bought from exactly one category, "a single category", "only ever")',
      module: tuning27eighth,
      cases: tuning27eighth.tuning27eighth,
      rightAtLeast: 5,
    },
    {
      // 0 of 4 right before (4 confident wrong, in the eval CLI, on 8049e51); 4 after.
      title:
        'tuning set 27 (ninth: a share of a period\'s buyers, "what share of Q1 2025 buyers placed 3+ orders")',
      module: tuning27ninth,
      cases: tuning27ninth.tuning27ninth,
      rightAtLeast: 4,
    },
    {
      // 1 of 6 right before the shapes of held-out-27's confident wrong answers were fixed (5 confident wrong, in the
      // eval CLI, on bcfdd38); 6 after.
      title:
        'tuning set 27 (after held-out-27: a total spend "since day one" over a bound, customers who did more in one year than another per group, "who is the customer with the highest spend" per category)',
      module: tuning27after,
      cases: tuning27after.tuning27after,
      rightAtLeast: 6,
    },
    {
      // 1 of 5 right before (none wrong, in the eval CLI, on 53d82cd); 5 after.
      title:
        'tuning set 27 (after held-out-27, refusals: "(each month against the one right before it)", "best first" after "rank", "labelled Jan to Dec", "customers of mine")',
      module: tuning27after2,
      cases: tuning27after2.tuning27after2,
      rightAtLeast: 5,
    },
    {
      // 14 of 35 right before words defined in the question were tuned (1 confident wrong, in the eval CLI, on
      // 6755ab7); 34, none wrong, after (spelled-amounts.ts, aliases.ts names given a figure in a clause,
      // definition-meanings.ts shares of value and of a period's buyers; "hot months" refused); three cases added
      // after, 37 of 38, none wrong (on the TEST sample too).
      title:
        'tuning set 27 (defined: a rate, group or measure the asker names and defines before or after the ask, amounts in words, "in millions" beside a definition, my region, definitions of data the model lacks refused)',
      module: tuning27defined,
      cases: tuning27defined.tuning27defined,
      rightAtLeast: 37,
    },
    {
      // 9 of 37 right before rates, ratios, differences and period-relative conditions defined in the question were
      // tuned (1 confident wrong, in the eval CLI, on 2ddd4c6); 25, none wrong, after (period-relative.ts periods
      // against their own container's mean or median, definition-meanings.ts customers against themselves in two
      // periods, ratios of two filtered figures and shares within each value, definitions.ts scoped labels), on the
      // TEST sample too.
      title:
        'tuning set 28 (defined: ratios and differences of two figures per group, customers against themselves in two periods, orders within one calendar unit, periods against their own month or year, my region, definitions of data the model lacks refused)',
      module: tuning28defined,
      cases: tuning28defined.tuning28defined,
      rightAtLeast: 25,
    },
    {
      // 21 of 35 right before (5 confident wrong, in the eval CLI, on 6755ab7); 35 of 35, none wrong, after
      // (change-unit.ts, periods.ts comparesStep, day-means.ts means per day of two periods, missing.ts chained
      // breakdowns, phrases.ts "next to the same quarter", "its counterpart", a status's "order value"); seven variants
      // added after, 42 of 42, none wrong (on the TEST sample too).
      title:
        'tuning set 27 (periods: each quarter or month against the same one a year before, a follow-up asking the change in another unit, means per day of two months, month-over-month spans, the group that changed most, filtered YoY per group)',
      module: tuning27periods,
      cases: tuning27periods.tuning27periods,
      rightAtLeast: 42,
    },
    {
      // 20 of 36 right before signup and first-order cohorts were tuned (1 confident wrong, in the eval CLI, on
      // 6755ab7); 32, none wrong, after (cohort-each.ts and cohort-breakdowns.ts: the share of each signup period;
      // days-to-first.ts: per signup period of a year, two signup periods set against each other; understand.ts: a
      // signup cohort by its orders' year; cohort-reader.ts: a first order's amount, a signup cohort narrowed by its
      // first order, a yearless half; averages over every signup counting those with no order still refused).
      title:
        "tuning set 27 (cohorts: the share of each signup half or quarter who ordered, days to first order per signup period or for two set against each other, a signup cohort by its orders' year, a first order's amount or status as the condition, retention from one period to the next)",
      module: tuning27cohorts,
      cases: tuning27cohorts.tuning27cohorts,
      rightAtLeast: 32,
    },
    {
      // 16 of 23 right before the lead's probes of the session of 2026-11-29 10:21 (none wrong, in the eval CLI, on
      // 2ddd4c6); 23, none wrong, after ("at least" beside a ranking word, definitions said "call a whale any customer
      // who ..." and "a loyal customer has ...", "800 dollars", a share of all customers after a count of one kind of
      // order, one region shown of all); 7 more after c243f05: 5 right, 2 confident wrong (an AOV by first-order month
      // given by each order's month); 30 of 30, none wrong, after; 2 more, both confident wrong ("excluding toys and
      // cancelled orders" kept the cancelled ones), 32 of 32 after; one more confident wrong (an upper bound on returns
      // in the west left out those with none), refused after: 32 of 33; "3 or more orders in a single month" said with
      // "have" and "my", 33 of 34; two percentiles said after the figure, and two figures per customer (one dropped:
      // confident wrong, refused after), 34 of 36; customers counted in a period read as its signups (0: confident
      // wrong), 36 of 38 after.
      title: "tuning set 28 (probed: every class on a clock of the lead's own, 2027-08-20)",
      module: tuning28probed,
      cases: tuning28probed.tuning28probed,
      rightAtLeast: 36,
    },
    {
      // 17 of 35 right before side-by-side comparisons were tuned (5 confident wrong, in the eval CLI, on 2ddd4c6;
      // one refusal case was then found answerable, the Black Friday week, and a spring sale put in its place); 34 of
      // 36, none wrong, after, in the eval CLI and on the TEST sample (each-value-change.ts: each named value's own
      // change; rest-split.ts: a value against everything else; calendar-parts.ts: every year's Q4 or December pooled;
      // previous-pointers.ts and follow-up.ts: "compare that with the previous week" after a week; cohort-reader.ts
      // and cohort-versus.ts: a first order's amount against the rest, signup halves "next to" each other). Still
      // refused: "average lifetime orders" of a cohort against the rest, customers with 60+ orders against the rest.
      title:
        "tuning set 28 (sideby: two named groups' changes side by side, a value or cohort against everyone else, a week against the week before, a month or quarter against the same one a year before, every year's Q4 or December together, last year against the year before under row-level security)",
      module: tuning28sideby,
      cases: tuning28sideby.tuning28sideby,
      rightAtLeast: 34,
    },
    {
      // 19 of 38 right before (2 confident wrong, in the eval CLI, on 2ddd4c6); 37 of 38, none wrong, after (also on the
      // TEST sample): days-between.ts, day-counts.ts, first-rows-share.ts, period-counts.ts, steps.ts, understand.ts.
      title:
        "tuning set 28 (spans: elapsed days between a customer's orders, their median or a percentile, top-slice and first-N-orders shares, percentiles over explicit spans, amounts in thousands, N days from a day past the data's end)",
      module: tuning28spans,
      cases: tuning28spans.tuning28spans,
      rightAtLeast: 37,
    },
    {
      // 1 of 7 right before (4 confident wrong, in the eval CLI, on 2532f9c): held-out-28's confident wrong shapes in
      // the lead's words after its one scoring; 7 of 7, none wrong, after.
      title:
        "tuning set 28 (after held-out-28: a returned order in each of several years, the top rows' share of the period just asked, a percentile of each customer's largest ever order, a bound on each one's count just given)",
      module: tuning28after,
      cases: tuning28after.tuning28after,
      rightAtLeast: 7,
    },
    {
      // Probed by the lead (session of 2026-11-29 13:55): 0 of 20 right before (16 confident wrong, in the eval CLI, on
      // 3783108), then 6 more (3 confident wrong, 3 wrongly refused, on 89aad92) and 3 more (2 confident wrong on
      // 289fa0c), 3 shares of customers (3 confident wrong on e256328) and 4 cut-offs (refused on 1d61c2a); 36 of 36,
      // none wrong, after (also on the TEST sample): cutoffs.ts (a part in words, a period after the rows, "from the
      // rest"), entity-versus.ts ("percent of customers who ..."), phrases.ts ("of all the customers who ..."),
      // misreadings.ts (two kinds of rows "also" read as one filter, refused), steps.ts (a year after a breakdown by signup
      // date that no signup holds, read on the orders), that-period.ts (a follow-up's "in that year"), understand.ts (the largest or smallest single
      // order per period or group, and the group holding it), phrases.ts ("max order amount", a percentile of the spend
      // of a kind of customer, the size of a move said before "more"), entity-versus.ts (the size of each customer's
      // move), entities.ts (a number of distinct months with an order), misreadings.ts.
      title:
        "tuning set 29 (probed: the largest single order per period or group, moves of a size between two years, percentiles of a kind of customer's spend, distinct months with an order, signup cohorts by month with their spend since, 'in that year' after one year, a year by signup quarter that no signup holds, shares of customers, cut-offs of a part of the rows)",
      module: tuning29probed,
      cases: tuning29probed.tuning29probed,
      rightAtLeast: 36,
    },
    {
      // 13 of 38 right before (8 confident wrong, 1M; 14 of 38, 7 confident wrong, on the TEST sample, on 37831088);
      // 38 of 38, none wrong, after (1M and TEST): period-beats.ts, cohort-phrasings.ts, top-total.ts allRows,
      // previous-pointers.ts winnerInYear and amongPreviousTop, understand.ts (a signup cohort's share of every order).
      title:
        "tuning set 29 (periods: months or quarters that beat the one before or the same one a year earlier, counted or listed; customers by first-order month; a signup cohort's share; retention as a share; threads on a previous answer)",
      module: tuning29periods,
      cases: tuning29periods.tuning29periods,
      rightAtLeast: 38,
    },
    {
      // 15 of 39 before the planner change it tunes (on 37831088, 1M), 38 after, none wrong (also on the TEST sample).
      title:
        "tuning set 29 (words the asker defines: gone quiet by the latest order, two groups' AOV ratio, net revenue, days against a part of their period's mean, whales by a year's spend, bounce rate)",
      module: tuning29words,
      cases: tuning29words.tuning29words,
      rightAtLeast: 38,
    },
    {
      // 1 of 7 right before (4 confident wrong, in the eval CLI, on cbcbe8b): held-out-29's confident wrong shapes in
      // the lead's words after its one scoring, and one more of a word defined per customer (confidently wrong on
      // 3783108); 8 of 8, none wrong, after (also on the TEST sample): phrases.ts (a half
      // or quarter without its year in a question of one year, "the last three months of the year"), reading.ts (a
      // ranking within the previous breakdown's groups keeps its period), misreadings.ts (a word defined per customer
      // and value, signup periods read as the orders' dates: refused).
      title:
        "tuning set 29 (after held-out-29: a half or quarter without its year, the last months of the year, a ranking within the previous breakdown's groups, a word defined per customer and value, signup periods compared)",
      module: tuning29after,
      cases: tuning29after.tuning29after,
      rightAtLeast: 8,
    },
    {
      // 29 of 38 before the planner change it tunes (4 confident wrong, 1M and TEST, on 651fd3c0; 31 of 38, 2 confident
      // wrong, by the two references then aligned with the earlier sets' "year over year"); 33 of 38, none wrong,
      // after (1M and TEST): after-first.ts (each period's change against the one before it lists only the periods
      // that have one). Still refused: shares of every fourth quarter or of two months pooled over the years, the
      // most frequent buyers' share, a share's move in points, the category whose share grew most.
      title:
        "tuning set 30 (shares: a combined group's share, a share's change, each period's change against the one before, relative periods past the data)",
      module: tuning30shares,
      cases: tuning30shares.tuning30shares,
      rightAtLeast: 33,
    },
    {
      // 0 of 8 right before (4 confident wrong, 1M, on 651fd3c); the second batch 2 of 4 on b6ba02b (the other two
      // refused), the third 0 of 2 on 15d94e5 (both confident wrong), the fourth 0 of 1 on 0ed5093, the fifth (three
      // threads) 0 of 3 on f83c8fe (1 confident wrong); 15 of 18 after, none wrong (1M and TEST):
      // times-on-top.ts, top-in-every.ts, the people of each group said with a possessive (phrases.ts), that-period.ts
      // (the period said again), above-average.ts (another year's average row), "the one before" (phrases.ts),
      // titles.ts, misreadings.ts (a named year's average period refused).
      title:
        "tuning set 30 (probed: the ones in a top N of every group, each signup quarter's customers, days against another year's average day, rows against another year's average order, 'that year' in a follow-up, 'the one before')",
      module: tuning30probed,
      cases: tuning30probed.tuning30probed,
      rightAtLeast: 15,
    },
    {
      // 0 of 8 right before (5 confident wrong, 1M, on 8e9ebd5), the second batch 0 of 3 on 6923d49 (refused), the
      // third 0 of 5 on 5a21de2 (all confident wrong), the fourth 0 of 2 on 1a36cef (refused), the fifth 0 of 1 on 625dbc9 (confident wrong: bands read as one set of
      // conditions; bands.ts); 19 of 19 after, none wrong (1M and TEST): performance.ts ("did"
      // after "how many" an auxiliary), sql.ts (a top N of each compared period; no filter that keeps every value of
      // its breakdown), phrases.ts (signups of each period said first; a year in "each 2022 signup quarter's
      // customers"), top-in-every.ts ("were the top 2" a list, not membership), above-average.ts (people against the
      // median one), second-order.ts ("each region" with a verb a breakdown beside "per month"; "generate"), the
      // ones that moved in every period (second-order.ts, sql-second.ts), misreadings.ts, percentiles.ts (a list with
      // commas).
      title:
        "tuning set 31 (probed: 'did we get' beside 'vs', each quarter's signups and their later spend, a top N of each compared period, 'the top 2 in each of', people against the median one, each region's average month, the ones that fell every year)",
      module: tuning31probed,
      cases: tuning31probed.tuning31probed,
      rightAtLeast: 19,
    },
    {
      // After held-out-31's one scoring: 0 of 3 right before (2 confident wrong, 1M, on d48eb61), the second batch 0 of
      // 4 on 6cafad5 (refused); 6 of 7 after, none wrong (1M and TEST): the first period's basis restated in brackets
      // after "the month before", a difference's direction restated in brackets, "brings us the most" (phrases.ts).
      // Still refused: "revenue by month in 2024 - which month fell the most ...", a breakdown said before a dash.
      title:
        "tuning set 31 (after held-out-31: the first period's basis or a difference's direction in brackets, 'brings us the most')",
      module: tuning31after,
      cases: tuning31after.tuning31after,
      rightAtLeast: 6,
    },
    {
      // The lead's probes on 2027-03-31: 0 of 8 right before (5 confident wrong, 1M, on 0784e1a), the second batch 0 of
      // 6 (all confident wrong), the third 0 of 2 (1 confident wrong), the fourth (threads) 1 of 4 (1 confident wrong),
      // the fifth 0 of 2 (1 confident wrong), the sixth 0 of 5 (refused); 26 of 27 after, none wrong (1M and TEST): a
      // group ranked by its figure per customer (phrases.ts), "more than one" before a noun (text.ts), a rate of one
      // value vs overall (versus-whole.ts, sql.ts' shareQuery, answer.ts), "list the regions where ... went up"
      // (second-order.ts), the most orders in a single day (tops.ts, per-entity-sql.ts; misreadings.ts refuses a
      // top over the whole span where one period was said), "which of those grew" and the top N's other figure in
      // their own period (follow-up.ts), the top quartile of the customers (phrases.ts), "the top 10% ... what share
      // do they make up" no share reached (reach.ts; refused, still a miss), "did ... peak" and "the percentage each
      // contributes" (phrases.ts).
      title:
        "tuning set 32 (probed: a group ranked by its figure per customer, 'more than one region', a rate vs overall, 'list the ones where ... went up', the most in a single day, 'which of those grew', the top quartile of the customers, 'did ... peak')",
      module: tuning32probed,
      cases: tuning32probed.tuning32probed,
      rightAtLeast: 26,
    },
    {
      // After held-out-32's one scoring: 0 of 3 right before (all confident wrong, 1M, on its commit), the second batch
      // 0 of 2 (refused), the third 0 of 2 (confident wrong); 5 of 7 after, none wrong (1M and TEST): "which of my
      // segments ... the most" is the one at the top (phrases.ts), a word defined as the revenue of two kinds of
      // orders (definitions.ts); one year's figure as a percentage of its earlier one's refused (misreadings.ts).
      title:
        "tuning set 32 (after held-out-32: 'which of my segments ... the most' in each period, a word defined as two kinds' revenue)",
      module: tuning32after,
      cases: tuning32after.tuning32after,
      rightAtLeast: 5,
    },
    {
      // 23 of 40 before the planner change it tunes (1 confident wrong, 1M and TEST, on f247f5a), 34 after (also on the
      // TEST sample), none wrong: period-relative.ts ("the average month" of the question's own period), reading.ts (a
      // short follow-up of a question not answered is refused; the planner's own "weekend" said again), definitions.ts
      // ("call X a 'Y'", "a jumbo order is over $950", an order count said alone, no order before a day, a later
      // year's measure minus an earlier one, a share of customers defined per customer, a season defined as months),
      // definition-meanings.ts (the share of revenue from rows; "60+ orders" is never an amount), seasonal.ts (months
      // of every year, either of them), cohort-reader.ts. Still refused: hours of the day, a season with a year named,
      // a span said with the mean ("2023 through 2025"), "number of my customers who did not order ...".
      title:
        'tuning set 30 (words: order-count words, seasons, hours, order-size words counted and summed, exact distinct counts, no order before a day, periods against the average one, named shares and differences, standard words)',
      module: tuning30words,
      cases: tuning30words.tuning30words,
      rightAtLeast: 34,
    },
    {
      // 32 of 39 before the planner change it tunes (3 confident wrong, 1M and TEST, on b6ba02b2); 37 of 39, none wrong,
      // after (1M and TEST): two signup cohorts set against each other ("against those who signed up in"), each
      // quarter's new customers with their spend, a percentile's change between two periods, two values of one
      // member on the same noun ("enterprise customers versus consumer customers"), "without a single
      // cancellation". Still refused: a first-order cohort's returns in a later year, the difference of two
      // categories' medians.
      title:
        'tuning set 30 (cohorts: signup and first-order cohorts in a later period, percentiles of a group or period against another, customers counted by their orders)',
      module: tuning30cohorts,
      cases: tuning30cohorts.tuning30cohorts,
      rightAtLeast: 37,
    },
    {
      // After held-out-30's one scoring, its confident wrong shapes in the lead's words: 3 of 10 before (6 confident
      // wrong, 1M, on 4bb3fbc), 10 of 10 after (1M and TEST): phrases.ts (the group said before "how many customers",
      // "lost the most revenue to returns", "bring in" and "account for" asked in dollars, "placed an order in every
      // quarter").
      title:
        "tuning set 30 (after held-out-30: customers per group with a kind of order, a kind of orders' dollar change, a cohort ordering in every period, the most revenue lost to a status)",
      module: tuning30after,
      cases: tuning30after.tuning30after,
      rightAtLeast: 10,
    },
    {
      // 28 of 40 before the planner change it tunes (4 confident wrong, 1M and TEST, on 8e9ebd52); 39 of 40, none wrong,
      // after (1M and TEST): "across all three years" (all-time.ts), "how many of them" after customers per group
      // (counted-people.ts), "break that down" (follow-up.ts), "number of customers by how many orders" (distributions.ts),
      // periods that moved listed per group or with the size of the change asked beside (period-beats.ts), each month of
      // a series against the same month last year (each-year-before.ts). Still refused: each quarter's customers by
      // their spend in that quarter.
      title:
        'tuning set 31 (counts: customers per group by their own figures, threads to "how many of them", periods below or above an earlier one, per group)',
      module: tuning31counts,
      cases: tuning31counts.tuning31counts,
      rightAtLeast: 39,
    },
    {
      // 18 of 40 right before (6 confident wrong, 1M, on 8e9ebd5; 17 of 40 on TEST), 40 after, none wrong (1M and
      // TEST): a threshold's "than N" no comparison of two years (understand.ts), "go over $14 million" (business-
      // words.ts), a bare year after a part of a year (follow-up.ts), "2025 AOV minus 2024 AOV" (period-minus.ts),
      // hours of the day (hours.ts), every year's quarter or months as a share's part (seasonal.ts), customers by
      // their months with an order (tops.ts), "our take", "the most frequent buyers", "rgion".
      title:
        'tuning set 31 (left: span counts, one year minus another, a bare year after a part of one, hours of the day, seasons, pooled shares, months with an order, "our take", typos)',
      module: tuning31left,
      cases: tuning31left.tuning31left,
      rightAtLeast: 40,
    },
    {
      // 7 of 42 before the planner change it tunes (2 confident wrong, 1M and TEST, on 8e9ebd52); 34 of 42 after on
      // 1M and on the TEST sample, none wrong: cohort-reader.ts and cohort-sql.ts (customers with no orders in a
      // period per group, a follow-up breakdown keeping the test), cohort-periods.ts and steps.ts ("the last N months
      // of the data" moved to the data's end), definitions.ts and spelled-meanings.ts (a word said of one customer
      // with "if"/"when", "treat ... as", "placed nothing", "N of the 12 months of 2025"), entities.ts (distinct
      // weeks), top-percent-group.ts (the top N% of customers by spend as a group), repeat-months.ts (months with K+
      // orders of one customer), value-share-each.ts (each customer's own share of spend on one value), a figure per
      // calendar day defined. Still refused: velocity per quarter or per year of a breakdown, "measured as" after the
      // word, a repeat month glossed without its customer, a count in each of several years, customers active per
      // quarter, a category's share of each month, the top N% within each region.
      title:
        'tuning set 31 (words per customer or per period: lapsed, steady, whales, order velocity, repeat months, a customer’s share of spend on one category, thresholds with a group or a period)',
      module: tuning31words,
      cases: tuning31words.tuning31words,
      rightAtLeast: 34,
    },
    {
      // 9 of 42 before the planner change it tunes (6 confident wrong, 1M and TEST, on 0784e1ad); 41 of 42 after, none
      // wrong (1M and TEST): hours with "UTC" and a titled share (hours.ts), a kind's orders "across all three years"
      // (all-time.ts), spend over a bound within one week, month or quarter, or in N of them, per group, and a kind's
      // bound in each of several years (each-period-bounds.ts), a breakdown stated before the question
      // (breakdown-first.ts), a customer's figure defined and averaged, distinct categories per customer, no order in
      // one period and one in the next (customer-figures.ts), each signup period's average first-order amount
      // (days-to-first.ts). Still refused: the number of months a customer topped a bound, averaged.
      title:
        'tuning set 32 (held-out-31’s remaining misses: returns over all years, spend within one month, first-order amount by signup quarter, hours in UTC, category breadth, wallet, comeback customers, a breakdown before the question)',
      module: tuning32miss,
      cases: tuning32miss.tuning32miss,
      rightAtLeast: 41,
    },
    {
      // 15 of 41 before the planner change it tunes (3 confident wrong, 1M, on 0784e1ad; 16 of 41, 2 wrong, on TEST),
      // 38 of 41 after, none wrong (1M and TEST): customers counted per period by that period's own figure
      // (understand.ts, sql-second.ts), a definition's period any one of a unit asked per unit (definitions.ts), each
      // period's mean per calendar day ranked (period-day-means.ts; "measured as" after the word), months whose order
      // count passed a bare number, orders that "went over" an amount, "that quarter's sales" beside each quarter,
      // spending "in that year" (phrases.ts), a bound in each of three listed years (each-period-bounds.ts), "and
      // 2025?" after the same quarter of two years (follow-up.ts), the top N% within each region (top-percent-
      // group.ts), values ranked by their months with a row (most-units.ts). Still refused: a share condition met in
      // the most months, "N or more orders every year" per region, "counting a customer as active ... in it".
      title:
        'tuning set 32 (period: customers per period by that period’s figure, shares of each month, top N% within each region, most months, velocity ranked, N+ in each year, Q4 vs Q4 then "and 2025?")',
      module: tuning32period,
      cases: tuning32period.tuning32period,
      rightAtLeast: 38,
    },
    {
      // 16 of 38 before the planner change it tunes (2 confident wrong, 1M and TEST, on 0784e1ad); 36 of 38 after on
      // 1M and TEST, none wrong: rows against a median or percentile of the same rows, or the top N% of rows by amount
      // (above-average.ts, sql.ts), customers who never ordered, zero said (never-rows.ts), the top N% of customers
      // against the rest (top-percent-group.ts), periods past a bound on their own figure defined, rows defined then
      // called "they", a share of revenue from people past a bound on it (definition-meanings.ts, definitions.ts,
      // second-order.ts), a label before a colon (asides.ts). Still refused: customers above the median customer per
      // region, "churned" as no orders in the last N months of the clock.
      title:
        'tuning set 32 (rows: against a median or percentile of the same rows, customers who never ordered, defined words, a label before a colon, the top N% against the rest)',
      module: tuning32rows,
      cases: tuning32rows.tuning32rows,
      rightAtLeast: 36,
    },
    {
      // 1 of 37 before (23 confident wrong, 1M; batches on 60f2286, 3b8fc0d, 0de561d, aacf75e, 4275c33, bd289e4 and
      // 5a9ec5a); 35 of 37 after on 1M and TEST, none wrong: "the highest (lowest) number of" after a verb that ranks
      // is the most (fewest), "customers ordering" the customers who ordered, "..., and which month was it" after a
      // monthly figure the month the answer names, "the highest number of orders a customer placed" and "the most a
      // customer spent" the customer with the most, "the most any customer spent on one order" the largest order,
      // "average monthly revenue per region" each region's average month (phrases.ts); the customers whose largest
      // (smallest) order fell in a period (best-period.ts); periods "above average for revenue", "with below-average
      // order counts", "beat the monthly average" (period-relative.ts); "how much did they spend?" after a count of
      // customers (counted-total.ts); "how much more revenue did north make than west" the difference, signed as asked
      // (phrases.ts, understand.ts, answer.ts); a figure "per person" is per customer (phrases.ts). Still refused: the
      // customers whose first order of a year fell in one of its months, and "which segment's customers placed the most
      // orders per person" (was confidently wrong).
      title:
        "tuning set 33 (probed: 'the lowest number of' a noun ranked, customers whose largest order fell in a period, 'the most a customer spent', 'average monthly X per region', periods above average said otherwise, 'how much did they spend' after a count, 'how much more did A make than B')",
      module: tuning33probed,
      cases: tuning33probed.tuning33probed,
      rightAtLeast: 35,
    },
    {
      // 17 of 37 before the planner change it tunes (3 confident wrong, 1M and TEST, on 60f2286d); 32 after on 1M and
      // TEST, none wrong: a figure of a set of statuses defined before or after the question (definitions.ts, values of
      // one member joined by "and"/"plus" as either, definition-meanings.ts; "each" of another breakdown beside
      // values joined by "or", understand.ts), a rate of two statuses' revenue in all revenue, a span of hours ending
      // on a last minute (hours.ts), a figure per day said as a division by the days, a figure asked by its scope
      // alone (or in the turn after the definition), "where X are ..., how many ...", the top N customers by lifetime
      // spend (their share only), the largest order amount minus the smallest (filtered-measures.ts). Still refused:
      // a figure of the top N in one period, their orders' average, a range "per segment" or glossed after "i.e.".
      title:
        'tuning set 33 (figures: a status subset’s revenue, count or average, a rate of one revenue in another, orders in hours, a figure per day, defined before or after the question)',
      module: tuning33figures,
      cases: tuning33figures.tuning33figures,
      rightAtLeast: 32,
    },
    {
      // 10 of 39 before the planner change it tunes (5 confident wrong, 1M and TEST, on 60f2286d); 33 of 39 after on
      // 1M and TEST, none wrong: a top share with its count asked (share.countAsked), the median customer's figure per
      // group, no order in the last N months or days counted back from the clock, the biggest one-month spend, a bound
      // in every year of a span per group (everyday-asks.ts, each-period-bounds.ts), the CAGR between two whole years
      // (growth-ratio.ts, sql-second.ts), an annual run rate of one whole month or quarter, new vs returning customers
      // per period (everyday-asks.ts, query.ts), the categories that make up 80% of revenue (reach.ts), "most months"
      // refused (misreadings.ts). Still refused: months over a bound per customer averaged, a share condition in most
      // months, "every year" with no years per region.
      title:
        'tuning set 33 (reach: top N% count and share, one-month spend, CAGR, run rate, 80% of revenue, new vs returning, median customer per group, no order in the last N months)',
      module: tuning33reach,
      cases: tuning33reach.tuning33reach,
      rightAtLeast: 33,
    },
    {
      // 11 of 38 before the planner change it tunes (7 confident wrong, 1M and TEST, on 60f2286d); 25 of 38 after on
      // 1M and TEST, none wrong: parts of one year said with "minus" (period-minus.ts), a signup period's customers
      // as the signup period (signup-groups.ts), "the most ... across all three years" (all-time.ts), a percentile of
      // customers' average order value per group (customer-percentiles.ts), groups ranked by their dollar change
      // (change-ranked.ts), weekends and weekdays side by side, a median by weekday or weekend (weekdays.ts,
      // sql-second.ts), "over all their orders", "never spent more than $X on a single order" (their-orders.ts);
      // refused: a signup weekday with a period of the orders, one named year's figure as a percentage of another's
      // (misreadings.ts). Still refused: orders above each period's own percentile, two orders on one day, the index
      // itself, the thread from signup quarters to a later year's average order value.
      title:
        "tuning set 33 (pairs: weekends and weekdays side by side, H2 minus H1, per-customer percentiles by group, a period's own p95, lifetime AOV bounds, never over $X, two orders in one day, the signup month that spent the most, dollar growth ranked, a year as a percentage of another, weekend signups)",
      module: tuning33pairs,
      cases: tuning33pairs.tuning33pairs,
      rightAtLeast: 25,
    },
    {
      // After held-out-33's one scoring: 1 of 6 right before (3 confident wrong, 1M, on 65cbc5b and 2831db4); 5 of 6
      // after on 1M and TEST, none wrong: the day of the week of the rows' own time, never the signup date's
      // (weekdays.ts), "for each customer segment" beside a figure per customer, "biggest increase first" after a
      // ranking of changes (phrases.ts), the top periods' combined share after a series of them keeps its period
      // (reading.ts), a figure per customer "over all three years" (all-time.ts); a share of an all-time figure that
      // came in one period refused (misreadings.ts).
      title:
        "tuning set 33 (after held-out-33: a weekday per customer segment, 'for each customer segment ... per customer', the top months' share after a series, a lifetime share in one year)",
      module: tuning33after,
      cases: tuning33after.tuning33after,
      rightAtLeast: 5,
    },
    {
      // 1 of 22 before (9 confident wrong, 1M and TEST; batches on 57e6c26 and 5b03c60); 20 of 22 after on 1M and TEST, none
      // wrong: periods that "saw revenue decline" with no other period said, against the one before, the shorthand
      // said first too (period-beats.ts); "net sales" defined by a status beside it, "counting only", a breakdown "as
      // percentages", a "repeat purchase rate", a region called a market (phrases.ts); "which of those had the highest
      // X" after a top N (follow-up.ts); "the same month a year earlier / in 2024" after a best month (previous-
      // pointers.ts, same-span.ts); a percentile of another year's orders (above-average.ts); the amount that puts an
      // order in the top 10% (cutoffs.ts); this quarter against last year's both past the data (periods-past.ts); the
      // customer with the longest gap between orders (days-between.ts); a run rate "in" a month (everyday-asks.ts);
      // people named by the asker and defined in a parenthesis, "how big was" an average, "by volume" (phrases.ts); a
      // median this year against last year (second-order.ts).
      // Still refused: revenue from "returning customers" (was confidently wrong: the returned orders).
      title:
        "tuning set 34 (probed: months that saw revenue decline, 'net sales' defined, 'as percentages', a repeat purchase rate, 'which of those' after a top N, the same month a year earlier, returning customers)",
      module: tuning34probed,
      cases: tuning34probed.tuning34probed,
      rightAtLeast: 20,
    },
    {
      // 16 of 37 before the planner change it tunes (3 confident wrong, 1 error, 1M and TEST, on 57e6c266); 37 of 37
      // after on 1M and TEST, none wrong: two signup cohorts set side by side by "between A and those who B" or "for
      // A, and for those who B" (cohort-versus.ts), "and the same for 2025?" moving a cohort's window, the share of a
      // cohort's lifetime spend that came in one year (cohort-reader.ts, cohort-sql.ts), signup halves (cohort-each.ts),
      // "signed up in H1 2022 and how many in the second half" then "each half's revenue", "for my customers who
      // joined in each quarter of 2022" (phrases.ts), customers who spent more on one category than another or
      // "returned more orders than they cancelled" (row-conditions.ts), a first order of a year in its first month
      // (first-of-period.ts), "the most orders across all three years" (all-time.ts), "which segment's customers
      // placed the most orders per person" (per-customer-rank.ts), "what did A spend in 2024, and what did B spend
      // that year?" for two signup cohorts (phrases.ts).
      title:
        "tuning set 34 (cohorts: two signup halves side by side, a cohort's window moved, a cohort's lifetime share in one year, more spent on one category than another, first order of a year in its first month, most returned orders per segment across all three years, orders per person)",
      module: tuning34cohorts,
      cases: tuning34cohorts.tuning34cohorts,
      rightAtLeast: 37,
    },
    {
      // 12 of 37 before the planner change it tunes (none wrong, 1M and TEST, on 57e6c266); 33 after on 1M and TEST,
      // none wrong: a kind of customer by a bound in each of several years or by a percent change between two years
      // (definition-meanings.ts), per sales region on each region's own orders (each-period-bounds.ts,
      // customer-ratios-sql.ts), a signed "average minus median" (percentiles.ts, sql-second.ts, answer-second.ts),
      // "the number of X orders divided by the number of all orders" (definition-meanings.ts, filtered-measures.ts),
      // the day or month with the most or lowest orders or revenue and periods said to be the word (definitions.ts),
      // a versus follow-up keeping its dates (follow-up.ts).
      title:
        'tuning set 34 (defined: customers by a bound in each year or a percent change, average minus median, rates of counts, the top day or month, threads, refusals)',
      module: tuning34defined,
      cases: tuning34defined.tuning34defined,
      rightAtLeast: 33,
    },
    {
      // 7 of 38 before the planner change it tunes (3 confident wrong, 1M and TEST, on 57e6c266); 37 of 38 after on 1M and TEST,
      // none wrong: a second figure after a ranking of customers, the range of order amounts (row-phrases.ts), each
      // group's highest period minus its lowest (group-spread.ts), an index of one year on another (index-years.ts),
      // a year's figure of the customers who signed up on a weekend (signup-weekday.ts), orders above their own
      // period's percentile (own-period-cut.ts), two orders of one customer on one day (same-day.ts), the months a
      // customer passed a bound averaged (months-over.ts), a share held in most months (most-periods.ts), a run rate
      // per group (everyday-asks.ts), the orders per month of an average customer as one figure (customer-rate.ts).
      // "every year" with no year named is every year the rows have (months-over.ts). Still refused: the home region
      // of customers ranked on the orders view ("which region are they in?").
      title:
        "tuning set 34 (rows: top customers with their AOV, a group's range, an index, weekend signups in a year, orders above their period's percentile, two orders in a day, months over a bound, most months, run rate per group, an average customer's orders per month)",
      module: tuning34rows,
      cases: tuning34rows.tuning34rows,
      rightAtLeast: 37,
    },
    {
      // 0 of 7 before (4 confident wrong, on 9114391d, the commit held-out-34 was scored on; a second batch of 2, 1 of
      // 2 before on ac6f647); 9 of 9 after on 1M and
      // TEST, none wrong: the average of each customer's very first order refused (phrases.ts; was every customer
      // listed), a year said right after the signup days kept as the signup's (signup-weekday.ts), "for each of my
      // customer segments" (phrases.ts), the median amount of a returned order for each region (second-order.ts; was
      // the median number of orders per region), "over the 36 months from ... to ...", "which month between ... and
      // ...", "and how many signed up that month?" after the top month (phrases.ts); an average "across all three
      // years" ranked per group (all-time.ts), "every one of the 12 months of 2024" (phrases.ts).
      title:
        "tuning set 34 (after held-out-34: each customer's first order, weekend signups in a year by order year, 'for each of my segments', a returned order's median per region, spans said by their months)",
      module: tuning34after,
      cases: tuning34after.tuning34after,
      rightAtLeast: 9,
    },
  ];

const raw = rawDatabaseForFile();

describe.each(SETS)('offline planner: $title', ({ title, module, cases, rightAtLeast }) => {
  const questions: EvalQuestion[] = parseQuestionModule(module);
  const verdicts = new Map<string, Verdict>();

  /** The last answer and the last SQL result of the thread, as the eval reads them from the chat stream. */
  async function outcome(q: EvalQuestion): Promise<ChatOutcome> {
    // The set's own typed user (the parsed question keeps it untyped).
    const user = cases[questions.indexOf(q)]?.user ?? MANAGER;
    const { answer, messages, failed } = await converse(q.ask, user, q.now ? { now: q.now } : {});
    const result = lastResult(messages);
    return { answer, ...(result ? { result } : {}), ...(failed ? { failed } : {}) };
  }

  it.each(questions.map((q) => [`[${q.class}] ${q.ask.join(' → ')}`, q] as const))(
    '%s: right or an honest refusal, never confidently wrong',
    async (name, q) => {
      const got = await outcome(q);
      const judged = await judgeRun(q, got, async (sql) => {
        const data = await raw.query(sql);
        return { schema: (data[0] ?? []).map((_, i) => ({ name: `c${i}` })), data, totalRows: data.length };
      });
      verdicts.set(name, judged.verdict);
      expect({ verdict: judged.verdict, why: judged.why ?? '', answer: got.answer }).toEqual(
        expect.objectContaining({ verdict: expect.stringMatching(/^(right|honest refusal|wrong refusal)$/) }),
      );
    },
  );

  it(`answers at least ${rightAtLeast} right`, () => {
    const right = [...verdicts.values()].filter((v) => v === 'right' || v === 'honest refusal').length;
    const missed = [...verdicts].filter(([, v]) => v !== 'right' && v !== 'honest refusal');
    process.stderr.write(
      `${title}: ${right} of ${questions.length} right${missed.map(([q, v]) => `\n  ${v}: ${q}`).join('')}\n`,
    );
    expect(verdicts.size).toBe(questions.length);
    expect(right).toBeGreaterThanOrEqual(rightAtLeast);
  });
});
