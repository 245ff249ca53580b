import type { LoadHook, ResolveHook } from 'node:module';
import { fileURLToPath } from 'node:url';

// Module hooks registered by the TypeDoc worker (see api-worker.ts). TypeDoc imports TypeScript,
// a 9 MB CommonJS file, from ES modules; Node then compiles it once to detect its module format
// and scans it for export names, and both cost more than loading it. TypeDoc and sdkdocs only use
// the default export, so for their imports `typescript` is a module whose default export is the
// package loaded through `require`. Anything else (a TypeDoc plugin named in the SDK's tsconfig)
// imports it as usual, named exports included, and gets the same instance from require's cache.

const viaRequire = 'sdkdocs-via-require';
const sdkdocsApiFolder = new URL('.', import.meta.url).href;

function importsOnlyTheDefault(parentUrl: string | undefined): boolean {
  return parentUrl !== undefined && (parentUrl.startsWith(sdkdocsApiFolder) || parentUrl.includes('/node_modules/typedoc/'));
}

export const resolve: ResolveHook = async (specifier, context, nextResolve) => {
  const resolved = await nextResolve(specifier, context);
  if (specifier !== 'typescript' || !importsOnlyTheDefault(context.parentURL)) return resolved;
  const url = new URL(resolved.url);
  url.searchParams.set(viaRequire, '');
  return { ...resolved, url: url.href };
};

export const load: LoadHook = async (url, context, nextLoad) => {
  const parsed = new URL(url);
  if (!parsed.searchParams.has(viaRequire)) return nextLoad(url, context);
  parsed.search = '';
  const source = [
    "import { createRequire } from 'node:module';",
    `export default createRequire(import.meta.url)(${JSON.stringify(fileURLToPath(parsed))});`,
  ].join('\n');
  return { format: 'module', source, shortCircuit: true };
};
