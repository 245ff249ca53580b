// Lint rules that keep the house's walls where the README draws them: code that runs in the
// browser (client, templates, shared) reaches no Node module and no build code, so a template can
// never pull `node:fs` into the client bundle by accident. Style is left to the compiler and review.
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'worker_threads', 'url', 'crypto', 'zlib', 'http', 'https', 'net', 'stream', 'util', 'module'];
const buildFolders = ['api', 'bundle', 'cli', 'config', 'content', 'core', 'links', 'mermaid', 'render', 'search', 'serve', 'write'];

/** Patterns that match an import of a build-time folder of src/ from any depth. */
function buildCodeFrom(...prefixes) {
  return prefixes.flatMap((prefix) => buildFolders.map((folder) => `${prefix}${folder}/*`));
}

const browserSide = {
  patterns: [
    { group: nodeBuiltins, message: 'Runs in the browser: no Node modules here (move Node code to a build stage).' },
    {
      group: [...buildCodeFrom('../', '../../', '../src/', '../../src/', '../../../src/'), 'esbuild', 'typedoc', 'typescript', 'unified', 'chokidar', 'puppeteer'],
      message: 'Runs in the browser: import only src/shared, templates and browser-safe packages.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '**/out/**', 'example-site/**', 'tests/fixtures/**', 'bench/results/**'] },
  {
    files: ['src/**/*.{ts,tsx}', 'templates/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-debugger': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.{ts,tsx}', 'templates/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', browserSide] },
  },
);
