import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Stands in for Dart Sass, whose `compile(file, options)` sdkdocs calls: enough Sass for the
 * fixture (`$name: value;` variables, `//` comments), `@error "…"` thrown as Sass throws it, and
 * `@import`/`@use` of a file found as Sass finds it: by the given importers' `findFileUrl` first,
 * then from the importing file's folder, a partial `_name.scss` before `name.scss`. The files it
 * was asked to compile are listed in `compiledFiles`, in the order asked.
 */
const fakeSassSource = `const fs = require('fs');
const path = require('path');
const { fileURLToPath, pathToFileURL } = require('url');
function fail(message, file, line, column) {
  const exception = new Error('Sass error');
  exception.sassMessage = message;
  exception.span = { url: pathToFileURL(file), start: { line, column } };
  throw exception;
}
function findImport(url, from, importers) {
  const bases = [];
  for (const importer of importers) {
    const found = importer.findFileUrl(url);
    if (found) { bases.push(fileURLToPath(found)); break; }
  }
  if (bases.length === 0) bases.push(path.resolve(path.dirname(from), url));
  for (const base of bases) {
    for (const name of ['_' + path.basename(base) + '.scss', path.basename(base) + '.scss', path.basename(base)]) {
      const candidate = path.join(path.dirname(base), name);
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
  }
  return undefined;
}
function compileInto(file, options, variables, css, loaded) {
  loaded.push(pathToFileURL(file));
  fs.readFileSync(file, 'utf8').split('\\n').forEach((line, index) => {
    const error = line.indexOf('@error');
    if (error >= 0) fail(line.slice(error + 6).trim().replace(/^"|";?$/g, ''), file, index, error);
    const imported = /^(\\s*@(?:import|use)\\s+)['"]([^'"]+)['"]/.exec(line);
    if (imported) {
      const target = findImport(imported[2], file, options.importers || []);
      if (!target) fail("Can't find stylesheet to import.", file, index, imported[1].length);
      compileInto(target, options, variables, css, loaded);
      return;
    }
    const declared = /^\\s*\\$([\\w-]+):\\s*(.+);\\s*$/.exec(line);
    if (declared) variables[declared[1]] = declared[2];
    else if (!/^\\s*\\/\\//.test(line)) css.push(line.replace(/\\$([\\w-]+)/g, (_, name) => variables[name]));
  });
}
exports.compiledFiles = [];
exports.compile = function compile(file, options = {}) {
  exports.compiledFiles.push(file);
  const css = [];
  const loaded = [];
  compileInto(file, options, {}, css, loaded);
  return { css: css.join('\\n'), loadedUrls: loaded };
};
`;

/** Puts the stand-in `sass` package into a site's node_modules, where sdkdocs looks for the site's own. */
export function writeFakeSass(siteDir: string): void {
  const folder = path.join(siteDir, 'node_modules', 'sass');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'sass', version: '1.99.0', main: 'index.js' }));
  writeFileSync(path.join(folder, 'index.js'), fakeSassSource);
}

/** The files the site's stand-in `sass`, as this process loaded it, was asked to compile so far. */
export function fakeSassCompiles(siteDir: string): string[] {
  return (createRequire(path.join(siteDir, 'package.json'))('sass') as { compiledFiles: string[] }).compiledFiles;
}
