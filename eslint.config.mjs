// Lint rules that keep the house's walls where the README draws them: code that runs in the
// browser (client, templates, shared) reaches no Node module and no build code, so a template can
// never pull `node:fs` into the client bundle by accident. Style is left to the compiler and review.
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'worker_threads', 'url', 'crypto', 'zlib', 'http', 'https', 'net', 'stream', 'util', 'module'];
const buildFolders = ['api', 'pipeline', 'bundle', 'cli', 'config', 'content', 'core', 'engine', 'init', 'links', 'markdown', 'mermaid', 'model', 'render', 'search', 'serve', 'ssr', 'versions', 'write'];

/** The build's stages: each reads and adds to the Site model, and none may import another. */
const stages = ['api', 'bundle', 'content', 'links', 'mermaid', 'render', 'search', 'versions', 'write'];
/** What sits above the stages: the orchestrator and the commands that call it. */
const aboveStages = ['pipeline', 'cli', 'serve', 'init'];

/**
 * Imports between stages that are still to be moved down into core (issue 18): each is allowed
 * by name, so the list can only shrink; a new one fails the lint.
 */
const pendingMoves = {
};

/** What node:fs offers to create, change or delete files and folders. */
const fileWriters = ['writeFile', 'appendFile', 'createWriteStream', 'copyFile', 'cp', 'rename', 'mkdir', 'mkdtemp', 'rm', 'rmdir', 'unlink', 'link', 'symlink', 'truncate'].flatMap(
  (name) => [name, `${name}Sync`],
);

/**
 * Files below src/ that write outside the output folder (caches, temporary folders, a snapshot
 * of the docs for `docs:version`) from a folder whose other code must not write: each is allowed
 * by name, so the list can only shrink as caches move into core's one store.
 */
const writersOutsideOutput = [
  'src/api/versioned-api.ts',
  'src/api/load-api-model.ts',
  'src/api/check-doc-samples.ts',
  'src/content/custom-pages.ts',
  'src/content/mdx/render-mdx.ts',
  'src/mermaid/diagram-cache.ts',
  'src/versions/snapshot-version.ts',
  'src/core/cache-file.ts',
  'src/core/site-module.ts',
];

/**
 * Every file of the output goes through the output sink in src/write: a stage hands its files to
 * `ctx.sink` (or `site.outputs`), and the cache store of src/core writes caches. So the stages and
 * core may read files but import nothing of node:fs that writes.
 */
const noFileWritesMessage =
  'Only src/write writes files: hand output files to the output sink (ctx.sink.write, or site.outputs for writeSite), and cache files to src/core/cache-file.ts.';
const noFileWrites = ['fs', 'node:fs', 'fs/promises', 'node:fs/promises'].map((name) => ({
  name,
  importNames: [...fileWriters, 'default', 'promises'],
  message: noFileWritesMessage,
}));

/** `await import('node:fs/promises')` would reach the same functions past no-restricted-imports. */
const dynamicFsImport = { selector: 'ImportExpression[source.value=/^(node:)?fs(\\/promises)?$/]', message: noFileWritesMessage };

const workerPoolFile = 'src/core/worker-pool.ts';
const workerOutsidePool = {
  selector: "NewExpression[callee.name='Worker']",
  message: 'Start worker threads through src/core/worker-pool.ts (runOnWorkers, or startWorker for a long-lived one).',
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
function stageBoundary(stage, { mayWrite = stage === 'write' } = {}) {
  const allowed = (pendingMoves[stage] ?? []).flatMap((module) => [`!../${module}`, `!../../${module}`]);
  return {
    paths: mayWrite ? [] : noFileWrites,
    patterns: [
      {
        group: [...srcFolders(stages.filter((other) => other !== stage)), ...allowed],
        message: `src/${stage} is a stage: it may import core, config, model, engine, markdown, ssr, shared and templates only, never another stage. Move the code both stages need down into src/core (or src/shared if the browser needs it too), and import it from there.`,
      },
      {
        group: srcFolders(aboveStages),
        message: `src/${stage} is a stage: pipeline, cli, serve and init call the stages, not the other way round. Pass what the stage needs in the Site model or the BuildContext.`,
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

const coreBoundary = (mayWrite = false) => ({
  paths: mayWrite ? [] : noFileWrites,
  patterns: [
    {
      group: srcFolders([...stages, ...aboveStages]),
      message: 'src/core holds the Site model and the engine, which every stage uses: it imports no stage. Move the type or helper it needs into src/core.',
    },
    {
      group: srcFolders(['ssr']),
      message: 'src/core sits below src/ssr (React on the server, which imports core): move what core needs from it into core, or the code that needs React into src/ssr.',
    },
  ],
});

/**
 * The markdown library (the unified processor, its plugins, scans of markdown text) is shared by
 * docs, TSDoc comments and MDX: it sits at the bottom with the model, so any stage may use it.
 */
const markdownBoundary = {
  paths: noFileWrites,
  patterns: [
    {
      group: [...srcFolders(['core', 'config', 'ssr', ...stages, ...aboveStages]), '../../templates/**', '../../../templates/**'],
      message: 'src/markdown is the markdown library that docs, TSDoc and MDX share: it imports the model, the engine and shared only, never core, config, ssr, templates or a stage. Pass what a plugin needs in as its options.',
    },
  ],
};

/** React on the server: renders the theme (templates) and the site's own components for the stages. */
const ssrBoundary = {
  paths: noFileWrites,
  patterns: [
    {
      group: srcFolders([...stages, ...aboveStages]),
      message: 'src/ssr renders React on the server for the stages: it may import core, config, model, markdown, shared and templates, never a stage or what runs the stages. Pass what it needs in as arguments.',
    },
  ],
};

/**
 * The query engine knows no stage: stages declare queries on it, never the other way round. It
 * imports no model type either (it names its interface in the model's slot, src/model/engine.ts,
 * by declaration merging). It may reach core's Diagnostic types, and writes only its own store.
 */
const engineStoreFile = 'src/engine/engine-store.ts';
const engineBoundary = (mayWrite = false) => ({
  paths: mayWrite ? [] : noFileWrites,
  patterns: [
    {
      group: [...srcFolders(buildFolders.filter((folder) => folder !== 'engine')), '!../core/diagnostic.js', '!../../core/diagnostic.js', '../../templates/**', '../../../templates/**', '../shared/**', '../../shared/**'],
      message: 'src/engine runs queries for every stage and knows none of them: it imports no other src folder (core\'s diagnostic.ts at most). Let the stage hand what the engine needs in through a query, an input or invalidate().',
    },
  ],
});

/**
 * The site model is types only, as TypeDoc keeps its models apart from what converts and renders
 * them: every stage and core may read it, and a type never drags code along.
 */
const modelBoundary = {
  patterns: [
    {
      group: [...srcFolders(['core', 'config', 'engine', ...stages, ...aboveStages]), '../../templates/**', '../../../templates/**'],
      message: 'src/model is the types of the site model, the bottom layer: it imports other model types and shared types only, never the engine, config, core, templates or a stage. Keep the type here and the code that uses it with its owner; a config type comes through src/model/config.ts, the engine\'s through src/model/engine.ts.',
    },
  ],
};
const modelTypesOnly = [
  { selector: "ImportDeclaration[importKind!='type']", message: 'src/model holds types only: import with `import type`.' },
  { selector: 'ExportNamedDeclaration[exportKind!="type"][source]', message: 'src/model holds types only: re-export with `export type`.' },
  {
    selector: ':matches(Program, ExportNamedDeclaration, ExportDefaultDeclaration) > :matches(FunctionDeclaration, ClassDeclaration, VariableDeclaration, TSEnumDeclaration, ExpressionStatement)',
    message: 'src/model holds the site model\'s types only: put functions, constants and classes with their owner (src/core or the stage), which may import these types.',
  },
];

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
  { ignores: ['dist/**', 'node_modules/**', '**/out/**', 'example-site/**', 'tests/fixtures/**', 'bench/results/**', 'bench/.work/**'] },
  {
    files: ['src/**/*.{ts,tsx}', 'templates/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-debugger': 'error',
    },
  },
  // Type-aware checks, each against the tsconfig nearest the file (tests/tsconfig.json for tests):
  // a promise nobody awaits loses its error, one handed where a plain callback is expected is not
  // awaited, and a switch over a union must name every member.
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  // Tests get the same unused-code and debugger checks as src, but none of the layer rules: a test
  // reaches into any stage and writes its fixtures with node:fs, which is what it is for. A focused
  // test (`.only`) would make CI run one test of a file and report the whole file green.
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['describe', 'it', 'test'].map((object) => ({
          object,
          property: 'only',
          message: 'A focused test skips the rest of its file in CI: remove `.only` before committing.',
        })),
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.{ts,tsx}', 'templates/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', browserSide] },
  },
  { files: ['src/core/**/*.{ts,tsx}'], ignores: writersOutsideOutput, rules: { 'no-restricted-imports': ['error', coreBoundary()] } },
  { files: writersOutsideOutput.filter((file) => file.startsWith('src/core/')), rules: { 'no-restricted-imports': ['error', coreBoundary(true)] } },
  // A loaded machine outlasts any fixed wait: browser tests wait for a state (see settled() in tests/browser/site-under-test.ts).
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='waitForTimeout']", message: 'Wait for a state, not a duration: eventually(), a locator\'s waitFor(), routeRendered() or settled() from tests/browser/site-under-test.ts.' }],
    },
  },
  { files: ['src/config/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', configBoundary] } },
  { files: ['src/markdown/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', markdownBoundary], 'no-restricted-syntax': ['error', dynamicFsImport, workerOutsidePool] } },
  { files: ['src/ssr/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', ssrBoundary], 'no-restricted-syntax': ['error', dynamicFsImport, workerOutsidePool] } },
  { files: ['src/model/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', modelBoundary], 'no-restricted-syntax': ['error', ...modelTypesOnly, workerOutsidePool] } },
  { files: ['src/engine/**/*.{ts,tsx}'], ignores: [engineStoreFile], rules: { 'no-restricted-imports': ['error', engineBoundary()], 'no-restricted-syntax': ['error', dynamicFsImport, workerOutsidePool] } },
  { files: [engineStoreFile], rules: { 'no-restricted-imports': ['error', engineBoundary(true)], 'no-restricted-syntax': ['error', workerOutsidePool] } },
  { files: ['src/pipeline/**/*.{ts,tsx}', 'src/serve/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', belowCli] } },
  ...stages.map((stage) => ({ files: [`src/${stage}/**/*.{ts,tsx}`], ignores: writersOutsideOutput, rules: { 'no-restricted-imports': ['error', stageBoundary(stage)] } })),
  {
    files: ['src/core/**/*.{ts,tsx}', ...stages.filter((stage) => stage !== 'write').map((stage) => `src/${stage}/**/*.{ts,tsx}`)],
    ignores: [...writersOutsideOutput, workerPoolFile],
    rules: { 'no-restricted-syntax': ['error', dynamicFsImport, workerOutsidePool] },
  },
  // One worker pool: threads start in src/core/worker-pool.ts only, so their limits and error handling are the same everywhere.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/core/**/*.{ts,tsx}', 'src/engine/**/*.{ts,tsx}', 'src/model/**/*.{ts,tsx}', 'src/markdown/**/*.{ts,tsx}', 'src/ssr/**/*.{ts,tsx}', ...stages.filter((stage) => stage !== 'write').map((stage) => `src/${stage}/**/*.{ts,tsx}`)],
    rules: { 'no-restricted-syntax': ['error', workerOutsidePool] },
  },
  { files: writersOutsideOutput, rules: { 'no-restricted-syntax': ['error', workerOutsidePool] } },
  { files: [workerPoolFile], rules: { 'no-restricted-syntax': ['error', dynamicFsImport] } },
  ...stages
    .filter((stage) => writersOutsideOutput.some((file) => file.startsWith(`src/${stage}/`)))
    .map((stage) => ({
      files: writersOutsideOutput.filter((file) => file.startsWith(`src/${stage}/`)),
      rules: { 'no-restricted-imports': ['error', stageBoundary(stage, { mayWrite: true })] },
    })),
);
