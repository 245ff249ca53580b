import { mkdir, mkdtemp, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, writeSiteFiles } from './site.js';

/*
 * A Docusaurus site styled the way Tailwind's guide for Docusaurus sets it up: a local plugin whose
 * `configurePostCss` adds a PostCSS plugin, which turns an at-rule of the site's stylesheet into
 * rules for the class names its content files use and names those files' folders as dependencies.
 * The PostCSS plugin is a small stand-in of Tailwind's (`@utilities` → `.u-*` rules for the
 * classes used, `brand-color()` → a colour), run by the real `postcss` package.
 */

/** The stand-in of Tailwind's PostCSS plugin: utilities for the `u-*` classes the docs and components use. */
const utilityPostcss = `
const fs = require('fs');
const path = require('path');
const spacing = { 1: '0.25rem', 2: '0.5rem', 4: '1rem' };
module.exports = (options = {}) => ({
  postcssPlugin: 'utility-css',
  Once(root, { result, Rule, Declaration }) {
    // Relative to the working folder, as Tailwind's content globs are.
    const contentDirs = options.content.map((dir) => path.resolve(dir));
    const used = new Set();
    const scan = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) scan(file);
        else for (const match of fs.readFileSync(file, 'utf8').matchAll(/\\bu-(pad|gap)-(\\d)\\b/g)) used.add(match[0]);
      }
    };
    for (const dir of contentDirs) {
      scan(dir);
      result.messages.push({ type: 'dir-dependency', plugin: 'utility-css', dir, glob: '**/*', parent: result.opts.from });
    }
    root.walkAtRules('utilities', (rule) => {
      const rules = [...used].sort().map((name) => {
        const [, kind, step] = name.split('-');
        return new Rule({ selector: '.' + name, nodes: [new Declaration({ prop: kind === 'pad' ? 'padding' : 'gap', value: spacing[step] })] });
      });
      rule.replaceWith(rules);
    });
    root.walkDecls((decl) => {
      if (decl.value.includes('brand-color()')) decl.value = decl.value.replace('brand-color()', '#0a7c59');
      if (decl.value.includes('unknown-function()')) throw decl.error('unknown-function() is not a utility', { word: 'unknown-function()' });
    });
  },
});
module.exports.postcss = true;
`;

/** The site's plugin, as Tailwind's Docusaurus guide writes it. */
export const stylingPlugin = (extraHooks = '') => `
module.exports = function stylingPlugin(context, options) {
  return {
    name: 'styling-plugin',
    configurePostCss(postcssOptions) {
      const content = ['docs', 'src'].map((folder) => require('path').join(context.siteDir, folder));
      postcssOptions.plugins.push(require('./utility-postcss.cjs')({ content }));
      return postcssOptions;
    },${extraHooks}
  };
};
`;

const docusaurusConfig = (plugins: string) => `
module.exports = {
  title: 'Styled',
  url: 'https://styled.example',
  baseUrl: '/',
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false, theme: { customCss: './src/css/custom.css' } }]],
  plugins: [${plugins}],
};
`;

/**
 * Writes the site into a new temporary folder, `files` added or replacing its own, with the real
 * `postcss` linked into its node_modules. The caller removes the folder.
 */
export async function writeTailwindLikeSite(files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-postcss-'));
  await writeSiteFiles(dir, {
    'package.json': JSON.stringify({ name: 'styled-site', private: true }),
    'docusaurus.config.js': docusaurusConfig("'./plugins/styling-plugin.cjs'"),
    'plugins/styling-plugin.cjs': stylingPlugin(),
    'plugins/utility-postcss.cjs': utilityPostcss,
    'docs/intro.md': '# Intro\n\n<div className="u-pad-4">Padded by a utility.</div>\n',
    'src/css/custom.css': '@utilities;\n.brand-heading { color: brand-color(); }\n',
    'src/pages/index.js': "import React from 'react';\nimport styles from './index.module.css';\nexport default function Home() {\n  return <main className={styles.hero + ' u-gap-2'}>Home</main>;\n}\n",
    'src/pages/index.module.css': '.hero { border-color: brand-color(); }\n',
    ...files,
  });
  await mkdir(path.join(dir, 'node_modules'), { recursive: true });
  await symlink(path.join(repoRoot, 'node_modules', 'postcss'), path.join(dir, 'node_modules', 'postcss'), 'dir');
  return dir;
}

