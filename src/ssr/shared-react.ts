import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';

const moduleUrl = import.meta.url;
const require = createRequire(moduleUrl);

/**
 * Leaves React out of a bundle of the site's code that the build imports (custom pages, MDX docs,
 * theme overrides): the bundle must use the very copy sdkdocs renders with, wherever the site
 * folder is. An import takes it by URL; a CommonJS package's `require()` (react-live,
 * prism-react-renderer) by path, through the `require` of {@link nodeRequireBanner}.
 */
export function resolveSharedReact(build: esbuild.PluginBuild, modules: readonly string[]): void {
  build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) =>
    modules.includes(args.path) ? { path: args.kind === 'require-call' ? require.resolve(args.path) : pathToFileURL(require.resolve(args.path)).href, external: true } : undefined,
  );
}

/**
 * The first lines of an ES module bundle for Node that holds CommonJS code: esbuild turns that
 * code's `require()` of a module left out (React, `node:path`) into a call that throws "Dynamic
 * require of … is not supported" unless `require` exists (evanw/esbuild#1921). Its base is a file
 * URL because the theme overrides' bundle is imported from a `data:` URL; the modules it loads
 * are absolute paths and Node's own.
 */
export const nodeRequireBanner = `import { createRequire as __sdkdocsCreateRequire } from 'node:module';\nconst require = __sdkdocsCreateRequire(${JSON.stringify(moduleUrl)});`;

/**
 * The hint for code that failed on React 18's internals (`ReactCurrentOwner`,
 * `ReactCurrentDispatcher`), which React 19, the React every page renders with, no longer has:
 * a package that bundles React 18's JSX runtime reads them when loaded (docs.dyte.io's
 * `@dytesdk/react-web-core`). Undefined for other failures.
 */
export function react18InternalsHint(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  if (!/ReactCurrent(Owner|Dispatcher|BatchConfig)|__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED/.test(message)) return undefined;
  return "A package it imports reads React 18's internals, which React 19, the React sdkdocs renders with, does not have (such a package bundles its own copy of React 18's JSX runtime). Use a version of the package built for React 19, or import it only in the browser (inside <BrowserOnly>, with require).";
}
