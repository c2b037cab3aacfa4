/**
 * The contract's shapes that many routes answer with, named for the OpenAPI document: each is
 * written once in `components.schemas` and referred to (`jsonSchemaTransformObject` reads Zod's
 * global registry), as the error answers are in `components.responses` (route-errors.ts). A
 * Study alone was written out 21 times before. The names are what clients generated from the
 * document call the types.
 */
import { application, membership, project, projectSummary, study, studioAnalysis, studioResult } from '@moim/contract';
import { z } from 'zod';

const NAMES: [z.ZodType, string][] = [
  [study, 'Study'],
  [application, 'StudyApplication'],
  [membership, 'Membership'],
  [studioAnalysis, 'StudioAnalysis'],
  [studioResult, 'StudioResult'],
  [projectSummary, 'ProjectSummary'],
  [project, 'Project'],
];

/** Registers the names once per process (a second app in the same process finds them there). */
export function nameSharedSchemas(): void {
  for (const [schema, id] of NAMES) {
    if (z.globalRegistry.get(schema)?.id !== id) z.globalRegistry.add(schema, { id });
  }
}
