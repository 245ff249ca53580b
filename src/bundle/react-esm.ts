import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as esbuild from 'esbuild';

/**
 * The browser bundle's React modules and the production CommonJS file each one loads. React ships
 * CommonJS only: bundled as is, every module is wrapped in a function, every import goes through
 * an interop helper and a property lookup, and no unused export can be dropped. Loaded as ES
 * modules instead, esbuild hoists them into one scope, links imports directly and leaves out what
 * nothing uses (about 4 kB gzipped of a docs page's first load).
 */
const productionFiles: Record<string, string> = {
  react: 'react/cjs/react.production.js',
  'react/jsx-runtime': 'react/cjs/react-jsx-runtime.production.js',
  'react-dom': 'react-dom/cjs/react-dom.production.js',
  'react-dom/client': 'react-dom/cjs/react-dom-client.production.js',
  scheduler: 'scheduler/cjs/scheduler.production.js',
};


/** The packages' own `require` statement at the top of a production file: `var A = require("a"), B = require("b");`. */
const requireStatement = /^var (\w+ = require\("[\w/-]+"\)(?:,\s*\w+ = require\("[\w/-]+"\))*);/m;
const exportPrefix = 'exports$';

/**
 * Rewrites one of React's production CommonJS files as an ES module, or returns undefined when
 * the file is not of the simple shape these files have (then it is bundled as CommonJS, which
 * works, only larger). The shape: one `var … = require("…")` statement of other React packages,
 * and exports only as `exports.name = …` (read back as `exports.name` at most).
 */
export function reactProductionFileToEsm(source: string): string | undefined {
  const imports: string[] = [];
  const withoutRequires = source.replace(requireStatement, (statement, declarations: string) => {
    const required = [...declarations.matchAll(/(\w+) = require\("([\w/-]+)"\)/g)];
    // Only React's own packages are known to load as ES modules too.
    if (!required.every(([, , id]) => Object.hasOwn(productionFiles, id))) return statement;
    for (const [, name, id] of required) imports.push(`import * as ${name} from ${JSON.stringify(id)};`);
    return '';
  });
  // Anything else CommonJS-specific, or a name the rewrite would take, keeps the file as it is.
  if (/\brequire\s*\(|\bmodule\.exports\b|\bexports\b(?!\.\w)/.test(withoutRequires) || withoutRequires.includes(exportPrefix)) {
    return undefined;
  }
  const uses = new Map<string, number>();
  for (const [, name] of withoutRequires.matchAll(/\bexports\.(\w+)/g)) uses.set(name, (uses.get(name) ?? 0) + 1);
  if (uses.size === 0) return undefined;
  let body = withoutRequires;
  const declarations: string[] = [];
  for (const [name, count] of uses) {
    const local = `${exportPrefix}${name}`;
    const assignment = new RegExp(`^exports\\.${name} =`, 'm');
    if (count === 1 && assignment.test(body)) {
      // Assigned once at the top level and never read: a constant that tree shaking can drop.
      body = body.replace(assignment, `const ${local} =`);
    } else {
      // Assigned in branches or read back (scheduler's `unstable_now`): a variable.
      declarations.push(`var ${local};`);
      body = body.replace(new RegExp(`\\bexports\\.${name}\\b`, 'g'), local);
    }
  }
  const names = [...uses.keys()];
  const exportList = names.map((name) => `${exportPrefix}${name} as ${name}`).join(', ');
  // `import React from 'react'` in a site's pages gets what `require('react')` would have given.
  const defaultExport = `{ ${names.map((name) => `${name}: ${exportPrefix}${name}`).join(', ')} }`;
  return [
    ...imports,
    ...declarations,
    body,
    `export { ${exportList} };`,
    `export default ${defaultExport};`,
    '',
  ].join('\n');
}

/** Module id → absolute path of the production file it loads, from the packages sdkdocs depends on. */
export function reactProductionFiles(packageRoot: string): Map<string, string> {
  const require = createRequire(path.join(packageRoot, 'package.json'));
  return new Map(
    Object.entries(productionFiles).map(([id, file]) => {
      const [name, ...rest] = file.split('/');
      return [id, path.join(path.dirname(require.resolve(`${name}/package.json`)), ...rest)];
    }),
  );
}

/**
 * esbuild plugin: resolves React's modules to sdkdocs's own copy (one React, wherever a site's
 * pages import it from) in its production build, loaded as ES modules. The packages' CommonJS
 * entry files are skipped: they only pick the production or development file, and tell the React
 * DevTools extension whether the bundle is minified.
 */
export function reactAsEsmPlugin(packageRoot: string): esbuild.Plugin {
  const files = reactProductionFiles(packageRoot);
  const loaded = new Set(files.values());
  return {
    name: 'sdkdocs-react-esm',
    setup(build) {
      build.onResolve({ filter: /^(react|react-dom|scheduler)(\/[\w-]+)?$/ }, (args) => {
        const file = files.get(args.path);
        return file ? { path: file } : undefined;
      });
      build.onLoad({ filter: /\.production\.js$/ }, async (args) => {
        if (!loaded.has(args.path)) return undefined;
        const contents = reactProductionFileToEsm(await readFile(args.path, 'utf8'));
        return contents === undefined ? undefined : { contents, loader: 'js' };
      });
    },
  };
}
