import type { DiagramColours } from '../core/diagram-renderer.js';
import { isText, openItemStore, transformCache, type ItemMemory } from '../core/item-store.js';

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
  const svgs = transformCache(openItemStore(dir, memory), {
    kind: 'svg',
    inputs: ({ definition, colours }: { definition: string; colours: DiagramColours }) => [rendererKey, colours, definition],
    accepts: isText,
  });
  return {
    async get(definition, colours) {
      return svgs.get({ definition, colours });
    },
    async set(definition, colours, svg) {
      svgs.set({ definition, colours }, svg);
    },
  };
}
