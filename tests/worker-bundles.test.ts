import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { bundledMarker, workerEntries } from '../scripts/bundle-workers.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('worker thread entries', () => {
  it('cover every worker that a stage starts with runOnWorkers', () => {
    const started = ['src/content/parse-markdown.ts', 'src/render/render-pages.ts', 'src/links/check-built-site.ts'].flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/new URL\('\.\/([\w-]+-worker)\.js', import\.meta\.url\)/g)].map(
        (match) => `dist/${path.dirname(file)}/${match[1]}.js`,
      ),
    );
    expect(started.sort()).toEqual([...(workerEntries as string[])].sort());
  });

  // `npm run build`, `npm install` and scripts/setup.mjs (which `npm test` runs first) bundle them after tsc.
  it.each(workerEntries as string[])('%s loads as one file: no module of sdkdocs or of a package but React imported at run time', (entry) => {
    const code = readFileSync(path.join(root, entry), 'utf8');
    expect(code.startsWith(bundledMarker), `${entry} is tsc's output; run \`npm run build\` to bundle it`).toBe(true);
    const imported = [...code.matchAll(/^\s*(?:import|export)\b[^;'"]*?from\s*['"]([^'"]+)['"]/gm)].map((match) => match[1]);
    expect(imported.filter((specifier) => !specifier.startsWith('node:') && !/^react(-dom)?(\/|$)/.test(specifier))).toEqual([]);
  });
});
