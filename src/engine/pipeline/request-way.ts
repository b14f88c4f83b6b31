import { RESPONDER_STAGES } from '../operations/index.js';
import { PRISM_STAGES } from '../prism/index.js';

/** Who runs a stage of a request's way: the engine itself, Prism, or the engine's responder (inside Prism's `respond`). */
export type StageRunner = 'engine' | 'Prism' | 'responder';

export interface RequestStage {
  readonly name: string;
  readonly by: StageRunner;
}

const prismStage = (name: (typeof PRISM_STAGES)[number]): RequestStage => ({ name, by: 'Prism' });

/**
 * An API request's way through the engine, in the order answerApiRequest runs it: **read** (its session
 * header, controls and body, the request Prism is handed and its identities), **remembered** (an answer
 * given earlier to an identical request), Prism's **route**, **security** and **validation**
 * (PRISM_STAGES; each verdict remembered for identical input), the responder's stages
 * (RESPONDER_STAGES: sunset, credentials, session, faults, input, forced, scripted, role), Prism's
 * **output** check, and the engine's **check** of what came out. Each stage is handed the request's
 * context (RequestContext) as an argument; none keeps it beside Prism. Built from the lists the code
 * runs by, so that it cannot tell another order than theirs.
 */
export const REQUEST_WAY: readonly RequestStage[] = Object.freeze([
  { name: 'read', by: 'engine' },
  { name: 'remembered', by: 'engine' },
  ...PRISM_STAGES.filter(name => name !== 'respond' && name !== 'output').map(prismStage),
  ...RESPONDER_STAGES.map((name): RequestStage => ({ name, by: 'responder' })),
  prismStage('output'),
  { name: 'check', by: 'engine' },
]);
