import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Stands in for Dart Sass, whose `compile(file, options)` sdkdocs calls: enough Sass for the
 * fixture (`$name: value;` variables, `//` comments), and `@error "…"` thrown as Sass throws it.
 */
const fakeSassSource = `const fs = require('fs');
const { pathToFileURL } = require('url');
exports.compile = function compile(file) {
  const variables = {};
  const css = [];
  fs.readFileSync(file, 'utf8').split('\\n').forEach((line, index) => {
    const error = line.indexOf('@error');
    if (error >= 0) {
      const exception = new Error('Sass error');
      exception.sassMessage = line.slice(error + 6).trim().replace(/^"|";?$/g, '');
      exception.span = { url: pathToFileURL(file), start: { line: index, column: error } };
      throw exception;
    }
    const declared = /^\\s*\\$([\\w-]+):\\s*(.+);\\s*$/.exec(line);
    if (declared) variables[declared[1]] = declared[2];
    else if (!/^\\s*\\/\\//.test(line)) css.push(line.replace(/\\$([\\w-]+)/g, (_, name) => variables[name]));
  });
  return { css: css.join('\\n'), loadedUrls: [pathToFileURL(file)] };
};
`;

/** Puts the stand-in `sass` package into a site's node_modules, where sdkdocs looks for the site's own. */
export function writeFakeSass(siteDir: string): void {
  const folder = path.join(siteDir, 'node_modules', 'sass');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'sass', version: '1.99.0', main: 'index.js' }));
  writeFileSync(path.join(folder, 'index.js'), fakeSassSource);
}
