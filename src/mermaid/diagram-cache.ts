import type { DiagramColours } from '../core/diagram-renderer.js';
import { itemName, openItemStore, type ItemMemory } from '../core/item-store.js';

/**
 * Rendered SVGs in the item store, one entry per diagram text, colours (a theme or both modes) and renderer (mermaid version, font), so
 * unchanged diagrams never start a browser again. Survives between builds and `serve` rebuilds.
 */
export interface DiagramCache {
  get(definition: string, colours: DiagramColours): Promise<string | undefined>;
  set(definition: string, colours: DiagramColours, svg: string): Promise<void>;
}

/** A cache in `dir` (e.g. `node_modules/.cache/sdkdocs/mermaid`) for one renderer's `cacheKey`. */
export function openDiagramCache(dir: string, rendererKey: string, memory?: ItemMemory): DiagramCache {
  const store = openItemStore(dir, memory);
  const nameOf = (definition: string, colours: DiagramColours) => itemName('svg', rendererKey, colours, definition);
  return {
    async get(definition, colours) {
      const svg = store.get<unknown>(nameOf(definition, colours));
      return typeof svg === 'string' ? svg : undefined;
    },
    async set(definition, colours, svg) {
      store.set(nameOf(definition, colours), svg);
    },
  };
}
