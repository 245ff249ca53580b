import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  Application,
  type CommentDisplayPart,
  Converter,
  Logger,
  LogLevel,
  type MinimalNode,
  type MinimalSourceFile,
  type Options,
  type OptionsReader,
  type ProjectReflection,
  type Reflection,
  TSConfigReader,
} from 'typedoc';
import ts from 'typescript';
import type { Diagnostic } from '../core/diagnostic.js';
import { convertProject } from './convert-project.js';
import { createLinkLocator } from './locate-comment.js';
import { collectInputs, type ApiModelOptions } from './api-inputs.js';
import { typedocOptionCode } from './api-options.js';
import { apiModelVersion, type ApiModel } from '../core/api-model.js';

/** What one TypeDoc run made. */
export interface TypeDocRun {
  /** Absent when TypeDoc or the type check failed; `diagnostics` then say why. */
  model?: ApiModel;
  diagnostics: Diagnostic[];
  /** Every file TypeDoc's programs parsed, by absolute path: the doc-sample check reuses them. */
  sourceFiles: Map<string, ts.SourceFile>;
}

/** At most this many TypeScript errors are listed; a dependency that is not installed can cause hundreds. */
const maxTypeErrors = 20;

/**
 * Runs TypeDoc on the SDK, type-checks it on TypeDoc's own program and converts the result to the
 * API model. This module is the only one that loads TypeDoc (and with it TypeScript, ~0.6 s), so
 * it is imported only when no cached model fits, in-process or on the worker of `prefetchApi`.
 */
export async function runTypeDoc(options: ApiModelOptions, settings: string): Promise<TypeDocRun> {
  const diagnostics: Diagnostic[] = [];
  const logger = new DiagnosticLogger(diagnostics, options.debug ?? (() => {}), options.tsconfig);
  let programs: readonly ts.Program[] = [];
  const failed = () => ({ diagnostics, sourceFiles: parsedFiles(programs) });
  const linkTags = new Set(options.linkTags);
  const ownLinkText = new WeakSet<CommentDisplayPart>();
  // The SDK's tsconfig may name TypeDoc plugins of its own (`typedocOptions.plugin`), which would
  // replace a `plugin` option given here: this one is added to the list after the tsconfig is read.
  const sdkdocsPlugin = (typedoc: Application) => {
    typedoc.logger = logger;
    // Just before TypeDoc's own link resolution (-300), after the plugins that copy comments.
    typedoc.converter.on(Converter.EVENT_RESOLVE_END, (context) => prepareLinks(context.project, linkTags, ownLinkText), -299);
    typedoc.converter.on(Converter.EVENT_BEGIN, (context) => {
      programs = context.programs;
      // Checked before conversion: resolving `{@link}` names leaves checker errors behind.
      if (options.skipTypeCheck) return;
      const errors = typeErrors(programs, options.tsconfig);
      if (errors.length > 0) throw new TypeCheckFailed(errors);
    });
  };
  const app = await Application.bootstrapWithPlugins(
    {
      entryPoints: options.entryPoints,
      tsconfig: options.tsconfig,
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
    [new TSConfigReader(), new FirstPluginReader(sdkdocsPlugin)],
  );
  applyConfigOptions(app, options, diagnostics);
  // A tsconfig TypeScript cannot use, or options TypeDoc refuses: converting anyway would only add noise.
  if (diagnostics.some((d) => d.severity === 'error')) return failed();
  let project: ReturnType<Application['converter']['convert']> | undefined;
  try {
    // Not app.convert(): it first runs git over every folder of the program (spawning git several
    // times, ~50 ms) to make source URLs, which sdkdocs makes itself.
    const entryPoints = app.getEntryPoints();
    project = entryPoints ? app.converter.convert(entryPoints) : undefined;
  } catch (error) {
    if (!(error instanceof TypeCheckFailed)) throw error;
    diagnostics.push(...error.diagnostics);
    return failed();
  }
  if (!project || diagnostics.some((d) => d.severity === 'error')) {
    if (!diagnostics.some((d) => d.severity === 'error')) {
      diagnostics.push({ severity: 'error', code: 'typedoc', message: 'TypeDoc could not convert the SDK.', file: options.tsconfig });
    }
    return failed();
  }
  validateProject(app, project, diagnostics, options.entryPoints[0]);
  const sources = new Map<string, string | undefined>();
  const readSource = (file: string) => {
    if (!sources.has(file)) sources.set(file, existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    return sources.get(file);
  };
  const { diagnostics: conversionDiagnostics, ...converted } = convertProject(project, {
    readSource,
    locateLink: createLinkLocator(parsedFiles(programs), options.linkTags),
    linkTags: options.linkTags,
    hasOwnLinkText: (part) => ownLinkText.has(part),
  });
  diagnostics.push(...conversionDiagnostics);
  const inputFiles = programs.flatMap((program) =>
    program
      .getSourceFiles()
      // TypeScript's own lib files change only with its version, which is in the settings.
      .filter((sourceFile) => !program.isSourceFileDefaultLibrary(sourceFile))
      .map((sourceFile) => path.resolve(sourceFile.fileName)),
  );
  const model: ApiModel = { version: apiModelVersion, ...converted, inputs: collectInputs(inputFiles, options, settings), warnings: diagnostics };
  return { model, diagnostics, sourceFiles: parsedFiles(programs) };
}

/** TypeDoc's lists of tags: a site lists the tags it adds, and TypeDoc's own must stay known. */
const tagListOptions = new Set(['blockTags', 'inlineTags', 'modifierTags']);

/**
 * Sets `api.typedocOptions` over the tsconfig's, one by one so that each refusal names its key,
 * and declares `api.linkTags` as inline tags so that TypeDoc parses them. A tag list adds to the
 * one TypeDoc has (its defaults, or the tsconfig's): set alone it would replace them, and every
 * `@param` would then be an unknown tag.
 */
function applyConfigOptions(app: Application, options: ApiModelOptions, diagnostics: Diagnostic[]): void {
  for (const [name, given] of Object.entries(options.typedocOptions)) {
    try {
      const value = tagListOptions.has(name) && Array.isArray(given) ? [...new Set([...(app.options.getValue(name) as string[]), ...given])] : given;
      app.options.setValue(name, value as never, path.dirname(options.configFile));
    } catch (error) {
      // TypeDoc's message lists near names on lines of their own, after a sentence without its full stop.
      const reason = (error as Error).message.replace(/(\S) (You may have meant)/, '$1. $2').replace(/\s*\n\s*/g, ' ').replace(/:\s*$/, '').trim();
      diagnostics.push({
        severity: 'error',
        code: typedocOptionCode,
        message: `api.typedocOptions.${name}: TypeDoc refuses it: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`,
        file: options.configFile,
        hint: 'See https://typedoc.org/documents/Options.html for the options and their values.',
      });
    }
  }
  if (options.linkTags.length > 0) {
    const declared = app.options.getValue('inlineTags');
    app.options.setValue('inlineTags', [...new Set([...declared, ...options.linkTags])] as `@${string}`[]);
  }
}

/**
 * Makes each `api.linkTags` alias an `{@link}`, which TypeDoc then resolves like any other, and
 * notes the links whose text the author wrote (`{@link Actor actors}`, `{@link Actor | actors}`):
 * after resolution TypeDoc keeps only the text shown, which is then the author's, not a name.
 */
function prepareLinks(project: ProjectReflection, linkTags: ReadonlySet<string>, ownLinkText: WeakSet<CommentDisplayPart>): void {
  const visit = (parts: readonly CommentDisplayPart[]) => {
    for (const part of parts) {
      if (part.kind !== 'inline-tag') continue;
      if (linkTags.has(part.tag)) part.tag = '@link';
      if (!linkTagNames.includes(part.tag)) continue;
      if (hasLabel(part.text)) ownLinkText.add(part);
    }
  };
  for (const reflection of Object.values(project.reflections)) {
    const comment = reflection.comment;
    if (!comment) continue;
    visit(comment.summary);
    for (const tag of comment.blockTags) visit(tag.content);
  }
}

const linkTagNames = ['@link', '@linkcode', '@linkplain'];

/** True when a link's text as written has words after its target (`Actor actors`, `Actor | actors`). */
function hasLabel(written: string): boolean {
  return /^\S+\s*\|\s*\S|^\S+\s+\S/.test(written.trim());
}

/**
 * Runs TypeDoc's checks of the project (a type used but not documented, a `@mergeModuleWith` that
 * names nothing, as the SDK's `typedocOptions.validation` asks) and gives each of its warnings a
 * place and a fix. Broken `{@link}`s are left to sdkdocs' link rules, which report them at their line.
 */
function validateProject(app: Application, project: ProjectReflection, diagnostics: Diagnostic[], entryPoint: string | undefined): void {
  app.options.setValue('validation', { ...app.options.getValue('validation'), invalidLink: false });
  const first = diagnostics.length;
  app.validate(project);
  const byName = new Map<string, Reflection>();
  for (const reflection of Object.values(project.reflections)) {
    const name = reflection.getFriendlyFullName();
    if (!byName.has(name)) byName.set(name, reflection);
  }
  for (const diagnostic of diagnostics.slice(first)) {
    const unexported = /^(.+), defined in (.+), is referenced by (.+) but not included in the documentation\.$/.exec(diagnostic.message);
    if (!unexported) continue;
    const [, name, , owner] = unexported;
    diagnostic.code = 'api-not-exported';
    diagnostic.hint = `Export \`${name}\` from a file in api.entryPoints so it gets a page, or list it in the tsconfig's typedocOptions.intentionallyNotExported if it is meant to stay private.`;
    if (diagnostic.file) continue;
    const source = nearestSourceOf(byName.get(owner));
    Object.assign(diagnostic, source ?? { file: entryPoint });
  }
}

/** The declaration position of a reflection, or of the nearest parent that has one. */
function nearestSourceOf(reflection: Reflection | undefined): Pick<Diagnostic, 'file' | 'line' | 'column'> | undefined {
  for (let current = reflection; current && !current.isProject(); current = current.parent) {
    const source = (current as { sources?: { fullFileName: string; line: number; character: number }[] }).sources?.[0];
    if (source) return { file: path.resolve(source.fullFileName), line: source.line, column: source.character + 1 };
  }
  return undefined;
}

/** The files the programs have parsed, by absolute path. */
function parsedFiles(programs: readonly ts.Program[]): Map<string, ts.SourceFile> {
  const files = new Map<string, ts.SourceFile>();
  for (const program of programs) for (const sourceFile of program.getSourceFiles()) files.set(path.resolve(sourceFile.fileName), sourceFile);
  return files;
}

/**
 * Puts a plugin function first in TypeDoc's `plugin` option, after the other readers have set
 * it: plugins load in that order, so ours installs the logger before the SDK's plugins log.
 */
class FirstPluginReader implements OptionsReader {
  readonly name = 'sdkdocs-plugin';
  // After TSConfigReader (200).
  readonly order = 1000;
  readonly supportsPackages = false;

  constructor(private readonly plugin: (app: Application) => void) {}

  read(container: Options): void {
    container.setValue('plugin', [this.plugin, ...container.getValue('plugin')]);
  }
}

/** Ends TypeDoc's conversion early when the SDK does not type-check. */
class TypeCheckFailed extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super('The SDK has TypeScript errors');
  }
}

/** TypeScript's own errors in the SDK, each at its `file:line:col`. */
function typeErrors(programs: readonly ts.Program[], tsconfig: string): Diagnostic[] {
  const all = programs.flatMap((program) => ts.getPreEmitDiagnostics(program)).filter((d) => d.category === ts.DiagnosticCategory.Error);
  const listed = all.slice(0, maxTypeErrors).map((d) => fromTypeScriptDiagnostic(d, tsconfig));
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
function fromTypeScriptDiagnostic(d: ts.Diagnostic, tsconfig: string): Diagnostic {
  const severity = 'error';
  const message = `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  const missingTypes = d.code === 2688 ? /Cannot find type definition file for '([^']+)'/.exec(message)?.[1] : undefined;
  if (missingTypes) return missingTypesDiagnostic(missingTypes, severity, tsconfig);
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

/** What to do about a tag TypeDoc does not know. */
function tagHint(message: string): string | undefined {
  const tag = /^Encountered an unknown (block|inline) tag (@\S+)$/.exec(message) ?? /^Treating unrecognized tag (@\S+) as a (modifier) tag$/.exec(message)?.reverse();
  if (!tag) return undefined;
  const [, kind, name] = tag;
  const option = kind === 'block' ? 'blockTags' : kind === 'inline' ? 'inlineTags' : 'modifierTags';
  const syntax = kind === 'modifier' ? 'modifier' : kind;
  const declare = `If ${name} is a tag of yours, add it to \`api.typedocOptions.${option}\` in the config (or declare it in a tsdoc.json next to the SDK's tsconfig: { "tagDefinitions": [{ "tagName": "${name}", "syntaxKind": "${syntax}" }] })`;
  const link = kind === 'inline' ? `; if it links to a declaration as {@link} does, list it in \`api.linkTags\` instead` : '';
  return `${declare}${link}; otherwise fix its spelling.`;
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
    // A sentence of its own, ahead of the hint.
    const sentence = /[.!?:]$/.test(text) ? text : `${text}.`;
    const diagnostic: Diagnostic = this.fromTypeScriptReport(text, severity) ?? { severity, code: 'typedoc', message: sentence, ...location };
    const hint = tagHint(text);
    if (hint) diagnostic.hint = hint;
    this.diagnostics.push(diagnostic);
  }

  /**
   * TypeDoc prints TypeScript's own reports (a tsconfig that cannot be read) formatted for a
   * terminal: `file:line:col - error TS2345: message`, then the source line. Taken apart again.
   */
  private fromTypeScriptReport(text: string, severity: Diagnostic['severity']): Diagnostic | undefined {
    const match = /^(?:(.+?):(\d+):(\d+) - )?(?:error|warning|message) (TS\d+): ([\s\S]*?)(?:\n\s*\n|$)/.exec(text);
    if (!match) return undefined;
    const [, file, line, column, code, body] = match;
    const missingTypes = code === 'TS2688' ? /Cannot find type definition file for '([^']+)'/.exec(body)?.[1] : undefined;
    if (missingTypes) return missingTypesDiagnostic(missingTypes, severity, this.tsconfig);
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

/**
 * TS2688: a `compilerOptions.types` entry names type definitions that are not installed. TypeScript
 * gives no place; the entry in the tsconfig (or one it extends) is where the writer acts.
 */
function missingTypesDiagnostic(name: string, severity: Diagnostic['severity'], tsconfig: string): Diagnostic {
  const place = typesEntryPlace(tsconfig, name);
  const typesPackage = name.startsWith('@') || name.startsWith('.') ? name : `@types/${name}`;
  return {
    severity,
    code: 'typescript',
    message: `TS2688: Cannot find type definition file for '${name}', which compilerOptions.types names.`,
    hint: `Install it where the SDK's packages are (\`npm install -D ${typesPackage}\`), or take '${name}' out of compilerOptions.types.`,
    ...(place ?? { file: tsconfig }),
  };
}

/** Where `"name"` is written in the `types` array of a tsconfig or of the tsconfigs it extends. */
function typesEntryPlace(tsconfig: string, name: string, seen = new Set<string>()): Pick<Diagnostic, 'file' | 'line' | 'column'> | undefined {
  if (seen.has(tsconfig) || !existsSync(tsconfig)) return undefined;
  seen.add(tsconfig);
  const text = readFileSync(tsconfig, 'utf8');
  const types = /"types"\s*:\s*\[/.exec(text);
  const entry = types ? text.indexOf(JSON.stringify(name), types.index) : -1;
  const closing = types ? text.indexOf(']', types.index) : -1;
  if (entry !== -1 && entry < closing) {
    const before = text.slice(0, entry).split('\n');
    return { file: tsconfig, line: before.length, column: before.at(-1)!.length + 1 };
  }
  const parsed = ts.parseConfigFileTextToJson(tsconfig, text).config as { extends?: string | string[] } | undefined;
  for (const extended of [parsed?.extends ?? []].flat()) {
    if (!extended.startsWith('.')) continue;
    const file = path.resolve(path.dirname(tsconfig), extended.endsWith('.json') ? extended : `${extended}.json`);
    const found = typesEntryPlace(file, name, seen);
    if (found) return found;
  }
  return undefined;
}
