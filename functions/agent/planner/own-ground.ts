/**
 * The asker's own ground (issue 29, unknown words around an answerable ask): a sales user under row-level
 * security calls the rows they see "my patch", "my turf", "my neck of the woods", "my book", and gives it the verbs
 * of a seller ("how many orders did my patch log", "toys revenue my territory booked"). Read before the question's
 * words are matched against the model:
 * - "for my territory plan:" at the start is who the figure is for (the asker's own rows, which their access
 *   already limits), an aside;
 * - the ground with a seller's verb, or after "in"/"on"/"for", is "in my region" (the model's word: the access
 *   rules already keep the rows to it), where the model has regions;
 * - a share of the company's whole asked of that ground ("what share of total company revenue did my region bring
 *   in?"), or a figure of it set against the company's ("my region's AOV vs the company average"), is refused: the
 *   asker sees their own region's rows only, so the whole is not in what they can query.
 */
import { cubeVocabulary } from './asker';
import type { CatalogCube } from './catalog';

/** The asker's own ground in their words (a region the model names "region"). */
const GROUND = String.raw`(?:turf|patch|territory|area|region|neck\s+of\s+the\s+woods|corner\s+of\s+the\s+(?:world|map|country)|part\s+of\s+the\s+(?:world|country|map)|stomping\s+grounds?|book(?:\s+of\s+business)?)`;
const MINE = String.raw`(?:my|our)\s+${GROUND}`;

/**
 * A seller's verbs of what their ground did ("log", "booked", "racked up"), which add nothing to the rows counted.
 * (Not the verbs of money, "bring in", "make", "sell": they say a total is asked, and stay with "my region".)
 */
const SELLER_VERB = String.raw`(?:log|logs|logged|book|books|booked|rack(?:s|ed)?\s+up|r[iau]ng\s+up|rings\s+up|close|closes|closed|land|lands|landed|have|has|had|get|gets|got|see|sees|saw|do|does|did|place|places|placed)`;

/** "for my territory plan:", "for my patch review -": an aside about the asker's own rows. */
const GROUND_ASIDE = new RegExp(
  String.raw`^\s*for\s+${MINE}\s+(?:[a-z]+\s+)?(?:plan|planning|review|deck|slides?|meeting|sync|update|report|summary|qbr|call|presentation|memo|standup|notes|prep|forecast|1:1)\s*(?::|,|\s[-–—]+)\s+(?=\S)`,
  'i',
);
/** "did my patch log", "does our territory have": the ground as the subject of an auxiliary and a seller's verb. */
const ASKED_OF_GROUND = new RegExp(
  String.raw`\b(?:did|does|do|has|have|had)\s+${MINE}\s+${SELLER_VERB}\b`,
  'gi',
);
/** "revenue my patch booked", "orders my turf racked up": the ground with its verb, no auxiliary. */
const GROUND_DID = new RegExp(
  String.raw`\b${MINE}\s+(?:logged|booked|racked\s+up|r[au]ng\s+up|closed|landed|placed)\b`,
  'gi',
);
/** "on my turf", "in my neck of the woods", "across my patch". */
const IN_GROUND = new RegExp(String.raw`\b(?:in|on|for|within|inside|across|from)\s+${MINE}\b(?!['’])`, 'gi');
/** "my turf's revenue", "my patch as a %": the ground named alone. */
const GROUND_ALONE = new RegExp(String.raw`\b${MINE}\b`, 'gi');

/** Whether a cube of the catalog names its rows' region "region". */
const hasRegion = (catalog: readonly CatalogCube[]) => catalog.some((c) => cubeVocabulary(c).has('region'));

/** The question with the asker's own ground read as "my region" (where the model has regions). */
export function readOwnGround(question: string, catalog: readonly CatalogCube[]): string {
  if (!hasRegion(catalog)) return question;
  return (
    question
      .replace(GROUND_ASIDE, '')
      // ("how did my region do vs 2024": how the asker's rows did, the question of performance kept.)
      .replace(ASKED_OF_GROUND, (all: string, offset: number, text: string) => {
        const verb = /\s(do|does|did)$/i.exec(all)?.[1];
        const aux = /^(did|does|do|has|have|had)\b/i.exec(all)?.[1] ?? 'did';
        return verb && /\bhow\s+$/i.test(text.slice(0, offset))
          ? `${aux} we ${verb} in my region`
          : 'in my region';
      })
      .replace(GROUND_DID, 'in my region')
      .replace(IN_GROUND, 'in my region')
      .replace(GROUND_ALONE, (all) => (/^our\b/i.test(all) ? 'our region' : 'my region'))
  );
}

/** Words of a share ("share", "%", "percent of", "fraction", "contribution", "how much of"). */
const SHARE =
  /\b(?:share|percent(?:age)?|pct|fraction|proportion|portion|slice|contribut(?:ion|es?|ed)|how\s+much\s+of|what\s+part\s+of)\b|%/i;
/** The asker's ground named as the part of a share ("my region's share", "my territory cut"). */
const OWN_SHARE = new RegExp(
  String.raw`\b${MINE}['’]?s?\s+(?:share|portion|slice|percent(?:age)?|pct|contribution|cut)\b`,
  'i',
);
/** The asker's ground named anywhere. */
const MINE_NAMED = new RegExp(String.raw`\b${MINE}\b`, 'i');
/** Words that set one figure against another ("vs", "compared with", "against", "relative to"). */
const VERSUS = /\b(?:vs\.?|versus|compared\s+(?:to|with)|against|relative\s+to|next\s+to)(?=\s|$)/i;
/** A whole beyond the asker's ground: the company's, every region's, everything. */
const WHOLE =
  /\b(?:compan(?:y|y['’]s|y-?wide)|overall|firm-?wide|nationwide|national|global|whole\s+(?:business|company|firm)|entire\s+(?:business|company|firm)|all\s+(?:the\s+)?regions|every\s+region|everyone(?:['’]s)?|everybody(?:['’]s)?)\b|\b(?:of|to)\s+(?:the\s+)?(?:total|all)\b/i;
/** The asker's ground named in the question, with the word before it. */
const GROUND_AT = new RegExp(String.raw`(?:\b([a-z]+)\s+)?\b${MINE}\b`, 'gi');
/** Words before the ground that make it the scope of the whole ("of my region's revenue", "total in my region"). */
const SCOPES = new Set(['of', 'in', 'within', 'across', 'for', 'inside', 'on', 'throughout']);

/** Whether the asker's ground is the part of a share (not the scope of its whole): "is my region", "from my patch". */
const groundIsPart = (question: string) =>
  [...question.matchAll(GROUND_AT)].some((m) => !SCOPES.has((m[1] ?? '').toLowerCase()));

/**
 * Why a share of the company's whole asked of the asker's own ground cannot be answered, or undefined: the
 * asker's access shows their own region's rows only (a manager who sees every row has no region of their own).
 */
export function wholeBeyondGround(question: string): string | undefined {
  // ("my region's share of toys revenue": the ground's own share of a whole named without a word of its own.)
  const beyond = WHOLE.test(question) || OWN_SHARE.test(question);
  if (SHARE.test(question) && groundIsPart(question) && beyond)
    return "I can't answer that from the data you can see: your access shows your own region's rows only, so the whole it would be a share of (every region's) is not in what I can query for you. I can give your region's own figure";
  // ("AOV in my territory vs the company average": the figure it is set against is beyond the ground too.)
  if (WHOLE.test(question) && VERSUS.test(question) && !SHARE.test(question) && MINE_NAMED.test(question))
    return "I can't answer that from the data you can see: your access shows your own region's rows only, so the company-wide figure it would be compared with (every region's) is not in what I can query for you. I can give your region's own figure";
  return undefined;
}
