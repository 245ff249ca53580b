import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DiagramColours } from '../core/diagram-renderer.js';

/**
 * Rendered SVGs on disk, one file per diagram text, colours (a theme or both modes) and renderer (mermaid version, font), so
 * unchanged diagrams never start a browser again. Survives between builds and `serve` rebuilds.
 */
export interface DiagramCache {
  get(definition: string, colours: DiagramColours): Promise<string | undefined>;
  set(definition: string, colours: DiagramColours, svg: string): Promise<void>;
}

/** A cache in `dir` (e.g. `node_modules/.cache/sdkdocs/mermaid`) for one renderer's `cacheKey`. */
export function openDiagramCache(dir: string, rendererKey: string): DiagramCache {
  const fileOf = (definition: string, colours: DiagramColours) =>
    path.join(dir, `${createHash('sha256').update(JSON.stringify([rendererKey, colours, definition])).digest('hex').slice(0, 32)}.svg`);
  return {
    async get(definition, colours) {
      try {
        return await readFile(fileOf(definition, colours), 'utf8');
      } catch {
        return undefined;
      }
    },
    async set(definition, colours, svg) {
      const file = fileOf(definition, colours);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed, so a build stopped halfway never leaves half an SVG behind.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, svg);
      await rename(partial, file);
    },
  };
}
