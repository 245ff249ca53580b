/**
 * The query engine's type as the model names it (`BuildContext.engine`). The engine is code, with
 * its own folder (src/engine) that imports no other: rather than import it, the model declares
 * this slot and src/engine/query-engine.ts fills it by declaration merging, so `QueryEngine` here
 * is the engine's own interface, with no copy to keep in step.
 */
export interface EngineTypes {}

/** Runs a build's queries, records what each read and reuses their results (see src/engine/query-engine.ts). */
export type QueryEngine = EngineTypes['queryEngine'];
