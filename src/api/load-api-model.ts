import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application, Converter, Logger, LogLevel, type MinimalNode, type MinimalSourceFile, TSConfigReader } from 'typedoc';
import ts from 'typescript';
import type { Diagnostic } from '../core/diagnostic.js';
import { convertProject } from './convert-project.js';
import { apiModelVersion, type ApiInputs, type ApiModel } from './model.js';

export interface ApiModelOptions {
  /** Absolute paths of the entry points. */
  entryPoints: string[];
  /** Absolute path of the SDK's tsconfig. */
  tsconfig: string;
  /** Document the sources without type-checking them first. */
  skipTypeCheck: boolean;
  /** The project's name, for TypeDoc (which otherwise looks for a package.json). */
  name: string;
  /** Verbose TypeDoc output goes here. */
  debug?: (message: string) => void;
}

export interface ApiModelCache {
  /** The model of the previous build in this process (serve --watch). */
  previous?: ApiModel;
  /** Folder for a model that survives between processes; none when absent. */
  cacheDir?: string;
}

export interface ApiModelResult {
  /** Absent when TypeDoc or the type check failed; `diagnostics` then say why. */
  model?: ApiModel;
  diagnostics: Diagnostic[];
  /** The TypeScript programs TypeDoc built, when it ran (none for a cached model). */
  programs: readonly ts.Program[];
  /** Where the model came from. */
  from: 'typedoc' | 'memory' | 'disk';
}

/** At most this many TypeScript errors are listed; a dependency that is not installed can cause hundreds. */
const maxTypeErrors = 20;

const cacheFileName = 'api-model.json';

/**
 * Runs TypeDoc on the SDK and returns its API as plain data. The result is reused (from this
 * process or from the cache folder) while the SDK's files, the options and sdkdocs itself are
 * unchanged, so a rebuild that only touched docs skips TypeDoc's 2–4 seconds.
 */
export async function loadApiModel(options: ApiModelOptions, cache: ApiModelCache = {}): Promise<ApiModelResult> {
  const settings = settingsHash(options);
  if (cache.previous && isCurrent(cache.previous.inputs, settings)) {
    return { model: cache.previous, diagnostics: cache.previous.warnings, programs: [], from: 'memory' };
  }
  const cacheFile = cache.cacheDir ? path.join(cache.cacheDir, cacheFileName) : undefined;
  const cached = cacheFile ? await readCachedModel(cacheFile) : undefined;
  if (cached && isCurrent(cached.inputs, settings)) {
    return { model: cached, diagnostics: cached.warnings, programs: [], from: 'disk' };
  }
  const result = await runTypeDoc(options, settings);
  if (result.model && cacheFile) await writeCachedModel(cacheFile, result.model);
  return result;
}

async function runTypeDoc(options: ApiModelOptions, settings: string): Promise<ApiModelResult> {
  const diagnostics: Diagnostic[] = [];
  const logger = new DiagnosticLogger(diagnostics, options.debug ?? (() => {}), options.tsconfig);
  let programs: readonly ts.Program[] = [];
  const app = await Application.bootstrapWithPlugins(
    {
      entryPoints: options.entryPoints,
      tsconfig: options.tsconfig,
      // A plugin function runs before TypeDoc reads the tsconfig, so even its first messages reach our logger.
      plugin: [
        (typedoc: Application) => {
          typedoc.logger = logger;
          typedoc.converter.on(Converter.EVENT_BEGIN, (context) => {
            programs = context.programs;
            // Checked before conversion: resolving `{@link}` names leaves checker errors behind.
            if (options.skipTypeCheck) return;
            const errors = typeErrors(programs);
            if (errors.length > 0) throw new TypeCheckFailed(errors);
          });
        },
      ],
      // Type errors are checked on TypeDoc's own program (EVENT_BEGIN), to report them with their positions.
      skipErrorChecking: true,
      // sdkdocs makes its own source links; TypeDoc wants a template once git is off.
      disableGit: true,
      sourceLinkTemplate: '{path}#L{line}',
      name: options.name,
      readme: 'none',
      excludePrivate: true,
      sort: ['source-order'],
      logLevel: 'Verbose',
    },
    // Only the tsconfig: a typedoc.json or package.json in the current folder must not change the site.
    [new TSConfigReader()],
  );
  // A tsconfig TypeScript cannot use: converting with default settings would only add noise.
  if (diagnostics.some((d) => d.severity === 'error')) return { diagnostics, programs, from: 'typedoc' };
  let project: Awaited<ReturnType<Application['convert']>>;
  try {
    project = await app.convert();
  } catch (error) {
    if (!(error instanceof TypeCheckFailed)) throw error;
    diagnostics.push(...error.diagnostics);
    return { diagnostics, programs, from: 'typedoc' };
  }
  if (!project || diagnostics.some((d) => d.severity === 'error')) {
    if (!diagnostics.some((d) => d.severity === 'error')) {
      diagnostics.push({ severity: 'error', code: 'typedoc', message: 'TypeDoc could not convert the SDK.', file: options.tsconfig });
    }
    return { diagnostics, programs, from: 'typedoc' };
  }
  const sources = new Map<string, string | undefined>();
  const readSource = (file: string) => {
    if (!sources.has(file)) sources.set(file, existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    return sources.get(file);
  };
  const converted = convertProject(project, { readSource });
  const model: ApiModel = { version: apiModelVersion, ...converted, inputs: collectInputs(programs, options, settings), warnings: diagnostics };
  return { model, diagnostics, programs, from: 'typedoc' };
}

/** Ends TypeDoc's conversion early when the SDK does not type-check. */
class TypeCheckFailed extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super('The SDK has TypeScript errors');
  }
}

/** TypeScript's own errors in the SDK, each at its `file:line:col`. */
function typeErrors(programs: readonly ts.Program[]): Diagnostic[] {
  const all = programs.flatMap((program) => ts.getPreEmitDiagnostics(program)).filter((d) => d.category === ts.DiagnosticCategory.Error);
  const listed = all.slice(0, maxTypeErrors).map((d) => fromTypeScriptDiagnostic(d));
  if (all.length > maxTypeErrors) {
    listed.push({
      severity: 'error',
      code: 'typescript',
      message: `…and ${all.length - maxTypeErrors} more TypeScript errors in the SDK.`,
      hint: 'If they come from dependencies that are not installed, set `api.skipTypeCheck: true` in the config.',
    });
  }
  return listed;
}

/** A TypeScript diagnostic as ours: `file:line:col error TS2322: …`. */
export function fromTypeScriptDiagnostic(d: ts.Diagnostic, severity: Diagnostic['severity'] = 'error'): Diagnostic {
  const message = `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  if (!d.file || d.start === undefined) return { severity, code: 'typescript', message };
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  return {
    severity,
    code: 'typescript',
    message,
    file: path.resolve(d.file.fileName),
    line: line + 1,
    column: character + 1,
    hint: 'Fix the SDK source, or set `api.skipTypeCheck: true` for third-party sources whose dependencies are not installed.',
  };
}

/**
 * Receives TypeDoc's log messages instead of the console: warnings and errors become diagnostics
 * (with the position TypeDoc gives), the rest goes to the debug log.
 */
class DiagnosticLogger extends Logger {
  private location: Pick<Diagnostic, 'file' | 'line' | 'column'> = {};

  constructor(
    private readonly diagnostics: Diagnostic[],
    private readonly debug: (message: string) => void,
    private readonly tsconfig: string,
  ) {
    super();
    this.level = LogLevel.Verbose;
  }

  protected override addContext(
    message: string,
    _level: Exclude<LogLevel, LogLevel.None>,
    ...args: [MinimalNode?] | [number, MinimalSourceFile]
  ): string {
    const [first, second] = args;
    const place = typeof first === 'number' ? { pos: first, file: second } : first ? { pos: first.getStart(), file: first.getSourceFile() } : undefined;
    if (place?.file) {
      const { line, character } = place.file.getLineAndCharacterOfPosition(place.pos);
      this.location = { file: path.resolve(place.file.fileName), line: line + 1, column: character + 1 };
    }
    return message;
  }

  override log(message: string, level: LogLevel): void {
    super.log(message, level);
    const location = this.location;
    this.location = {};
    // TypeDoc formats some messages for a terminal.
    const text = message.replace(/\x1b\[[0-9;]*m/g, '').trim();
    if (level !== LogLevel.Error && level !== LogLevel.Warn) {
      this.debug(`typedoc: ${text}`);
      return;
    }
    const severity = level === LogLevel.Error ? 'error' : 'warning';
    this.diagnostics.push(this.fromTypeScriptReport(text, severity) ?? { severity, code: 'typedoc', message: text, ...location });
  }

  /**
   * TypeDoc prints TypeScript's own reports (a tsconfig that cannot be read) formatted for a
   * terminal: `file:line:col - error TS2345: message`, then the source line. Taken apart again.
   */
  private fromTypeScriptReport(text: string, severity: Diagnostic['severity']): Diagnostic | undefined {
    const match = /^(?:(.+?):(\d+):(\d+) - )?(?:error|warning|message) (TS\d+): ([\s\S]*?)(?:\n\s*\n|$)/.exec(text);
    if (!match) return undefined;
    const [, file, line, column, code, body] = match;
    const message = `${code}: ${body.trim()}`;
    if (file) return { severity, code: 'typescript', message, file: path.resolve(file), line: Number(line), column: Number(column) };
    // Codes 5xxx and 6xxx are about compiler options: the tsconfig is where to look.
    if (!/^TS[56]\d{3}$/.test(code)) return { severity, code: 'typescript', message };
    return {
      severity,
      code: 'typescript',
      message,
      file: this.tsconfig,
      hint: "If it extends or names files that are not installed (an npm package's tsconfig often does), give `api.tsconfig` a tsconfig of the site's own.",
    };
  }
}

function sha1(data: string | Buffer): string {
  return createHash('sha1').update(data).digest('hex');
}

/** Everything besides the SDK's files that the model depends on. */
function settingsHash(options: ApiModelOptions): string {
  // The converter's own code: a changed sdkdocs must not reuse a model an older one made.
  const converterFiles = ['./convert-project.js', './type-tokens.js', './model.js'].map((relative) => {
    const file = fileURLToPath(new URL(relative, import.meta.url));
    const existing = existsSync(file) ? file : file.replace(/\.js$/, '.ts');
    return existsSync(existing) ? sha1(readFileSync(existing)) : relative;
  });
  return sha1(
    JSON.stringify({
      apiModelVersion,
      typedoc: Application.VERSION,
      typescript: ts.version,
      entryPoints: options.entryPoints,
      tsconfig: options.tsconfig,
      skipTypeCheck: options.skipTypeCheck,
      name: options.name,
      converterFiles,
    }),
  );
}

function collectInputs(programs: readonly ts.Program[], options: ApiModelOptions, settings: string): ApiInputs {
  const files = new Set<string>([options.tsconfig]);
  for (const program of programs) {
    for (const sourceFile of program.getSourceFiles()) {
      // TypeScript's own lib files change only with its version, which is in the settings.
      if (!program.isSourceFileDefaultLibrary(sourceFile)) files.add(path.resolve(sourceFile.fileName));
    }
  }
  const folders = new Set([...files].filter((file) => !file.split(path.sep).includes('node_modules')).map((file) => path.dirname(file)));
  return {
    settings,
    files: [...files].sort().map((file) => ({ file, hash: fileHash(file) })),
    folders: [...folders].sort().map((folder) => ({ folder, hash: folderHash(folder) })),
  };
}

function fileHash(file: string): string {
  return existsSync(file) ? sha1(readFileSync(file)) : 'missing';
}

function folderHash(folder: string): string {
  return existsSync(folder) ? sha1(readdirSync(folder).sort().join('\n')) : 'missing';
}

/** True when nothing the model was made from has changed since. */
export function isCurrent(inputs: ApiInputs, settings: string): boolean {
  return (
    inputs.settings === settings &&
    inputs.files.every(({ file, hash }) => fileHash(file) === hash) &&
    inputs.folders.every(({ folder, hash }) => folderHash(folder) === hash)
  );
}

async function readCachedModel(file: string): Promise<ApiModel | undefined> {
  try {
    const model = JSON.parse(await readFile(file, 'utf8')) as ApiModel;
    return model.version === apiModelVersion ? model : undefined;
  } catch {
    return undefined;
  }
}

async function writeCachedModel(file: string, model: ApiModel): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a build running at the same time never reads half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(model));
    await rename(temporary, file);
  } catch {
    // A cache that cannot be written only costs time on the next build.
  }
}
