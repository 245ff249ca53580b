import type { LoadHook, ResolveHook } from 'node:module';
import { fileURLToPath } from 'node:url';

// Module hooks registered by the TypeDoc worker (see api-worker.ts). TypeDoc imports TypeScript,
// a 9 MB CommonJS file, from ES modules; Node then compiles it once to detect its module format
// and scans it for export names, and both cost more than loading it. TypeDoc (and sdkdocs) only
// use the default export, so `typescript` is served as a module whose default export is the
// package loaded through `require`.

const typescriptUrls = new Set<string>();

export const resolve: ResolveHook = async (specifier, context, nextResolve) => {
  const resolved = await nextResolve(specifier, context);
  if (specifier === 'typescript') typescriptUrls.add(resolved.url);
  return resolved;
};

export const load: LoadHook = async (url, context, nextLoad) => {
  if (!typescriptUrls.has(url)) return nextLoad(url, context);
  const source = [
    "import { createRequire } from 'node:module';",
    `export default createRequire(import.meta.url)(${JSON.stringify(fileURLToPath(url))});`,
  ].join('\n');
  return { format: 'module', source, shortCircuit: true };
};
