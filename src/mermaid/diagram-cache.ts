import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DiagramTheme } from '../core/diagram-renderer.js';

/**
 * Rendered SVGs on disk, one file per diagram text, theme and renderer (mermaid version, font), so
 * unchanged diagrams never start a browser again. Survives between builds and `serve` rebuilds.
 */
export interface DiagramCache {
  get(definition: string, theme: DiagramTheme): Promise<string | undefined>;
  set(definition: string, theme: DiagramTheme, svg: string): Promise<void>;
}

/** A cache in `dir` (e.g. `node_modules/.cache/sdkdocs/mermaid`) for one renderer's `cacheKey`. */
export function openDiagramCache(dir: string, rendererKey: string): DiagramCache {
  const fileOf = (definition: string, theme: DiagramTheme) =>
    path.join(dir, `${createHash('sha256').update(JSON.stringify([rendererKey, theme, definition])).digest('hex').slice(0, 32)}.svg`);
  return {
    async get(definition, theme) {
      try {
        return await readFile(fileOf(definition, theme), 'utf8');
      } catch {
        return undefined;
      }
    },
    async set(definition, theme, svg) {
      const file = fileOf(definition, theme);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed, so a build stopped halfway never leaves half an SVG behind.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, svg);
      await rename(partial, file);
    },
  };
}
