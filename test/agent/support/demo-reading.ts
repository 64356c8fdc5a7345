import { buildCatalog, type CatalogCube, type MetaCubeLike } from '../../../functions/agent/planner/catalog';
import type { Plan } from '../../../functions/agent/planner/plan';
import { type Reading, readQuestions } from '../../../functions/agent/planner/reading';
import { demoModelFiles, parseModel, type QueryUser, searchMeta } from '../../../functions/semantic';

/** The manager of the demo seed: every row visible. */
export const DEMO_MANAGER: QueryUser = { groups: ['managers'], userAttributes: {}, securityContext: {} };

const model = parseModel(await demoModelFiles('main'));

/** The catalog the offline planner reads `text` against: the demo model's members found for it, as the manager. */
export function demoCatalog(text: string): CatalogCube[] {
  return buildCatalog(searchMeta(model, DEMO_MANAGER, text).cubes as MetaCubeLike[]);
}

/** How the offline planner reads a thread of questions on the demo model, on `today`, as the manager. */
export function demoReading(questions: readonly string[], today: string): Reading {
  return readQuestions(questions, demoCatalog(questions.join(' ')), today);
}

/** The plan of `demoReading`, or an error saying how the questions were read instead. */
export function demoPlan(questions: readonly string[], today: string): Plan {
  const read = demoReading(questions, today);
  if (read.kind !== 'plan') throw new Error(`not answered: ${JSON.stringify(read).slice(0, 300)}`);
  return read.plan;
}
