import path from 'node:path';
import ts from 'typescript';
import type { Diagnostic } from '../core/diagnostic.js';
import { noCheckMeta, type DocSample, type SampleCompileSettings, type SampleName } from '../core/doc-samples.js';

/**
 * Type-checks every sample against the SDK, each as its own module, in one TypeScript program:
 * `import … from '<packageName>'` resolves to the SDK's entry point through `paths`. Returns the
 * diagnostics per sample, in order, and the program's parsed files other than the samples.
 * `reusable`: files already parsed for the SDK as it is now.
 */
export function typeCheckSamples(
  samples: DocSample[],
  settings: SampleCompileSettings,
  reusable: ReadonlyMap<string, ts.SourceFile> = new Map(),
): { diagnostics: Diagnostic[][]; names: SampleName[][]; sourceFiles: Map<string, ts.SourceFile> } {
  const compilerOptions = sampleCompilerOptions(settings);
  const virtualFiles = new Map<string, DocSample>();
  for (const sample of samples) {
    // Next to its doc, so that other imports resolve from the site's node_modules like the doc's reader's would.
    virtualFiles.set(path.resolve(`${sample.file}.sample-${sample.line}.ts`), sample);
  }
  const host = ts.createCompilerHost(compilerOptions, true);
  const readFromHost = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const absolute = path.resolve(fileName);
    const sample = virtualFiles.get(absolute);
    if (sample) return ts.createSourceFile(fileName, sample.code, languageVersion, true, ts.ScriptKind.TS);
    return reusable.get(absolute) ?? readFromHost(fileName, languageVersion, onError, shouldCreate);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => virtualFiles.has(path.resolve(fileName)) || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => virtualFiles.get(path.resolve(fileName))?.code ?? readFile(fileName);

  const program = ts.createProgram({ rootNames: [...virtualFiles.keys()], options: compilerOptions, host });
  const perSample = new Map<DocSample, Diagnostic[]>();
  const namesPerSample = new Map<DocSample, SampleName[]>();
  const checker = program.getTypeChecker();
  for (const [fileName, sample] of virtualFiles) {
    const diagnostics: Diagnostic[] = [];
    perSample.set(sample, diagnostics);
    const sourceFile = program.getSourceFile(fileName);
    if (!sourceFile) continue;
    namesPerSample.set(sample, resolvedNames(sourceFile, checker, program));
    const problems = [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)];
    for (const problem of problems) {
      if (problem.category !== ts.DiagnosticCategory.Error) continue;
      const { line, character } = sourceFile.getLineAndCharacterOfPosition(problem.start ?? 0);
      const what = /\.mdx?$/i.test(sample.file) ? 'This code sample' : 'This @example';
      diagnostics.push({
        severity: 'error',
        code: 'doc-sample',
        message: `${what} does not compile against the SDK: TS${problem.code}: ${ts.flattenDiagnosticMessageText(problem.messageText, '\n')}`,
        file: sample.file,
        line: sample.line + line,
        column: sample.indent + character + 1,
        hint: `Update the sample to match the SDK, or mark the block \`\`\`ts ${noCheckMeta} if it is not meant to compile.`,
      });
    }
  }
  const sourceFiles = new Map<string, ts.SourceFile>();
  for (const sourceFile of program.getSourceFiles()) {
    const absolute = path.resolve(sourceFile.fileName);
    if (!virtualFiles.has(absolute)) sourceFiles.set(absolute, sourceFile);
  }
  return { diagnostics: samples.map((sample) => perSample.get(sample) ?? []), names: samples.map((sample) => namesPerSample.get(sample) ?? []), sourceFiles };
}

/**
 * Every identifier of a sample that names a declaration outside TypeScript's own lib files, with
 * where that declaration's name is: the same question an editor's "go to definition" answers.
 * A property written in an object literal (`{ gameId: 'x' }`) is the property of the type the
 * literal is given to, as an editor shows it.
 */
function resolvedNames(sourceFile: ts.SourceFile, checker: ts.TypeChecker, program: ts.Program): SampleName[] {
  const names: SampleName[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) {
      const declaration = declarationOf(node, checker);
      const target = declaration?.getSourceFile();
      if (declaration && target && target !== sourceFile && !program.isSourceFileDefaultLibrary(target)) {
        const name = ts.getNameOfDeclaration(declaration) ?? declaration;
        const at = target.getLineAndCharacterOfPosition(name.getStart(target));
        const start = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
        names.push({
          line: start.line,
          character: start.character,
          length: node.text.length,
          declaration: { file: path.resolve(target.fileName), line: at.line + 1, column: at.character + 1 },
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

function declarationOf(node: ts.Identifier, checker: ts.TypeChecker): ts.Declaration | undefined {
  const parent = node.parent;
  let symbol: ts.Symbol | undefined;
  if ((ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent)) && parent.name === node && ts.isObjectLiteralExpression(parent.parent)) {
    symbol = checker.getContextualType(parent.parent)?.getProperty(node.text);
  } else {
    symbol = checker.getSymbolAtLocation(node);
  }
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.declarations?.[0];
}

/** The SDK's compiler options, loosened where samples differ from library code. */
function sampleCompilerOptions(options: SampleCompileSettings): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(options.tsconfig, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  });
  const base = parsed?.options ?? {};
  const entry = options.entryPoint;
  return {
    ...base,
    noEmit: true,
    // A sample shows one thing; declarations it does not use are not mistakes.
    noUnusedLocals: false,
    noUnusedParameters: false,
    moduleDetection: ts.ModuleDetectionKind.Force,
    paths: { ...base.paths, [options.packageName]: [entry] },
    rootDir: undefined,
    rootDirs: undefined,
    outDir: undefined,
    declaration: false,
    declarationMap: false,
    composite: false,
    incremental: false,
    tsBuildInfoFile: undefined,
  };
}
