import type { ApiSymbolKind } from '../model/api-model.js';

export type * from '../model/api-model.js';

/** Bumped whenever the shape or the content of the model changes, so cached models are dropped. */
export const apiModelVersion = 2;

/** Page route segment per symbol kind, in the order the index and the sidebar list them. */
export const apiSymbolKinds: readonly ApiSymbolKind[] = ['class', 'enum', 'interface', 'function', 'type', 'variable', 'namespace'];
