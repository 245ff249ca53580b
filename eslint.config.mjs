// Lint rules that keep the house's walls where the README draws them: code that runs in the
// browser (client, templates, shared) reaches no Node module and no build code, so a template can
// never pull `node:fs` into the client bundle by accident. Style is left to the compiler and review.
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'worker_threads', 'url', 'crypto', 'zlib', 'http', 'https', 'net', 'stream', 'util', 'module'];
const buildFolders = ['api', 'build', 'bundle', 'cli', 'config', 'content', 'core', 'init', 'links', 'mermaid', 'render', 'search', 'serve', 'versions', 'write'];

/** The build's stages: each reads and adds to the Site model, and none may import another. */
const stages = ['api', 'bundle', 'content', 'links', 'mermaid', 'render', 'search', 'versions', 'write'];
/** What sits above the stages: the orchestrator and the commands that call it. */
const aboveStages = ['build', 'cli', 'serve', 'init'];

/**
 * Imports between stages that are still to be moved down into core (issue 18): each is allowed
 * by name, so the list can only shrink; a new one fails the lint.
 */
const pendingMoves = {
  render: ['write/output-path.js', 'write/folder-writer.js'],
  write: ['render/published-documents.js'],
};

/**
 * Import patterns that reach `folders` of src/ from a file one or two folders below src/. They
 * name files, not folders, so that a pending move inside a subfolder can be let through by name
 * (a pattern that excluded the folder could not re-include a file in it).
 */
function srcFolders(folders) {
  return folders.flatMap((folder) => [`../${folder}/**/*.js`, `../../${folder}/**/*.js`]);
}

/** A stage imports core, config, shared and the theme; never a sibling stage or what runs it. */
function stageBoundary(stage) {
  const allowed = (pendingMoves[stage] ?? []).flatMap((module) => [`!../${module}`, `!../../${module}`]);
  return {
    patterns: [
      {
        group: [...srcFolders(stages.filter((other) => other !== stage)), ...allowed],
        message: `src/${stage} is a stage: it may import core, config, shared and templates only, never another stage. Move the code both stages need down into src/core (or src/shared if the browser needs it too), and import it from there.`,
      },
      {
        group: srcFolders(aboveStages),
        message: `src/${stage} is a stage: build, cli, serve and init call the stages, not the other way round. Pass what the stage needs in the Site model or the BuildContext.`,
      },
    ],
  };
}

const configBoundary = {
  patterns: [
    {
      group: srcFolders([...stages, ...aboveStages]),
      message: 'src/config is read before any stage runs and every stage reads it: it imports core and shared only. Move what it needs into src/config.',
    },
  ],
};

/** build() and serve run under the commands; the commands are the top and nothing imports them. */
const belowCli = {
  patterns: [{ group: srcFolders(['cli']), message: 'src/cli is the top layer (argv → command → exit code): nothing imports it. Move what is shared into src/core.' }],
};

const coreBoundary = {
  patterns: [
    {
      group: srcFolders([...stages, ...aboveStages]),
      message: 'src/core holds the Site model and the engine, which every stage uses: it imports no stage. Move the type or helper it needs into src/core.',
    },
  ],
};

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
  { files: ['src/core/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', coreBoundary] } },
  { files: ['src/config/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', configBoundary] } },
  { files: ['src/build/**/*.{ts,tsx}', 'src/serve/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', belowCli] } },
  ...stages.map((stage) => ({ files: [`src/${stage}/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': ['error', stageBoundary(stage)] } })),
);
