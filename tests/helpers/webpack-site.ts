import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeSiteFiles } from './site.js';

/*
 * A Docusaurus site whose local plugin's configureWebpack gives what many sites' do for code
 * written for Node (dyte-io/docs' plugins/webpack-plugin.cjs, for one): a fallback of `path` to a
 * browser module (a small shim here), an empty module for `crypto`, constants (DefinePlugin), a
 * provided global (ProvidePlugin's `Buffer`), an alias set on the configuration in place and a
 * rule that only lets imports leave out extensions; and an installed package whose `browser` field
 * leaves a module out, as object-inspect's does; and CommonJS code that reaches Node's `global` and
 * requires a package with a UMD `main` and an ES `module`, both of which webpack bundles. Its home page shows, once it runs in the
 * browser, what each gave.
 */

/** The site's plugin; `inPlace` is more of its configureWebpack's changes to the configuration it is handed. */
export const webpackPlugin = (inPlace = '') => `
const path = require('path');
module.exports = function webpackPlugin(context) {
  return {
    name: 'webpack-plugin',
    configureWebpack(config, isServer, { currentBundler }) {
      config.resolve.alias['@labels'] = path.join(context.siteDir, 'src/labels');${inPlace}
      return {
        module: { rules: [{ test: /\\.m?js/, resolve: { fullySpecified: false } }] },
        plugins: [
          new currentBundler.instance.ProvidePlugin({ Buffer: [path.join(context.siteDir, 'src/shims/buffer.js'), 'Buffer'] }),
          new currentBundler.instance.DefinePlugin({ 'process.env.GREETING': JSON.stringify('hello from define'), ANSWER: '6 * 7' }),
        ],
        resolve: { fallback: { path: require.resolve('./path-shim.cjs'), crypto: false } },
      };
    },
  };
};
`;

const homePage = `
import React, { useEffect, useState } from 'react';
import path from 'path';
import crypto from 'crypto';
import { label } from '@labels/home';
import inspect from 'inspect-lite';
import legacyReport from '../legacy-report.cjs';

export default function Home() {
  const [report, setReport] = useState('not run');
  useEffect(() => {
    setReport([path.join('docs', 'intro'), process.env.GREETING, String(ANSWER), Buffer.from('hi').madeBy, typeof crypto, inspect(), legacyReport()].join(' | '));
  }, []);
  return (
    <main>
      <h1>{label}</h1>
      <p id="report">{report}</p>
    </main>
  );
}
`;

/** Writes the site into a new temporary folder, `files` added or replacing its own. The caller removes the folder. */
export async function writeWebpackPluginSite(files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-webpack-'));
  await writeSiteFiles(dir, {
    'package.json': JSON.stringify({ name: 'webpack-plugin-site', private: true }),
    'docusaurus.config.js': `module.exports = {
  title: 'Bundled',
  url: 'https://bundled.example',
  baseUrl: '/',
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false }]],
  plugins: ['./plugins/webpack-plugin.cjs'],
};
`,
    'plugins/webpack-plugin.cjs': webpackPlugin(),
    'plugins/path-shim.cjs': "module.exports = { join: (...parts) => 'shim:' + parts.join('/') };\n",
    'src/shims/buffer.js': "export class Buffer {\n  static from() { return { madeBy: 'buffer shim' }; }\n}\n",
    'src/labels/home.js': "export const label = 'Home of the bundled site';\n",
    'src/pages/index.js': homePage,
    'docs/intro.md': '# Intro\n\nThe docs.\n',
    // As object-inspect: a package whose browser field leaves its Node-only module out.
    'node_modules/inspect-lite/package.json': JSON.stringify({ name: 'inspect-lite', version: '1.0.0', license: 'MIT', main: 'index.js', browser: { './node-inspect.js': false } }),
    'node_modules/inspect-lite/index.js': "const nodeInspect = require('./node-inspect.js');\nmodule.exports = () => (typeof nodeInspect === 'function' ? 'node inspect' : 'browser inspect');\n",
    'node_modules/inspect-lite/node-inspect.js': "module.exports = require('util').inspect;\n",
    // Code webpack bundles as Docusaurus' users wrote it: Node's `global`, and a require() of a
    // package whose `main` is a UMD build that hands `require` to a factory (jsonc-parser's).
    'src/legacy-report.cjs': "module.exports = () => [require('dual-lite').kind, global === window ? 'global is window' : 'no global'].join(' | ');\n",
    'node_modules/dual-lite/package.json': JSON.stringify({ name: 'dual-lite', version: '1.0.0', license: 'MIT', main: 'umd.js', module: 'esm.js' }),
    'node_modules/dual-lite/umd.js': "(function (factory) { factory(require, exports); })(function (require, exports) { exports.kind = require('./kind-' + 'main.js'); });\n",
    'node_modules/dual-lite/kind-main.js': "module.exports = 'main build';\n",
    'node_modules/dual-lite/esm.js': "export const kind = 'module build';\n",
    ...files,
  });
  return dir;
}
