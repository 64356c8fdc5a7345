/**
 * "which signup month's customers spent the most", "each signup quarter's customers' orders": the customers of a
 * signup period are the signup period's group, which the planner reads as "signup month" (a breakdown of the
 * customers' signup date). Said with "customers" the question was read per customer (the customers ranked, each
 * beside their signup month: confidently wrong). Anything else is left as it was.
 */
const SIGNUP_GROUP =
  /\b((?:sign[-\s]?up|joining|join|registration)\s+(?:month|quarter|week|year|cohort))(['’]s)\s+(?:customers|clients|buyers|accounts|users)(['’]s?)?(?=[\s?.,!;:]|$)/gi;

/** The question with a signup period's customers said as the signup period, or as it was. */
export function readSignupGroups(question: string): string {
  return question.replace(SIGNUP_GROUP, (_all, group: string, _s: string, possessive?: string) =>
    possessive ? `${group}'s` : group,
  );
}
