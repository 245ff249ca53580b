import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

const require = createRequire(import.meta.url);

/** A 1-based place in the config's source text; empty when the key path cannot be found there. */
export interface SourcePlace {
  line?: number;
  column?: number;
}

/** `themeConfig.navbar.items[2].className`, as docs and messages write key paths. */
export function formatKeyPath(keys: readonly PropertyKey[]): string {
  return keys.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}

/** What locating a key needs of the config: its file, and where a translated config's keys were written. */
export interface LocatableConfig {
  configFile: string;
  /** For a config translated from another (a Docusaurus config): the key path there of a key path here. */
  configKeyOrigin?: (keys: readonly PropertyKey[]) => PropertyKey[];
}

/** The key path as the config file writes it: the same, or for a Docusaurus config where it sits there (`themeConfig.navbar.items`). */
export function writtenKeyPath(config: LocatableConfig, segments: readonly PropertyKey[]): PropertyKey[] {
  return config.configKeyOrigin ? config.configKeyOrigin(segments) : [...segments];
}

/** The place of a key path in the config file; empty when the file cannot be read (the problem then names the file only). */
export function locateConfigKey(config: LocatableConfig, segments: readonly PropertyKey[]): SourcePlace {
  let source: string;
  try {
    source = readFileSync(config.configFile, 'utf8');
  } catch {
    return {};
  }
  return locateKey(source, writtenKeyPath(config, segments));
}

/**
 * The place of a key path (`['navbar', 'items', 2, 'position']`) in the config's source text:
 * the key's name, or for an array index the item itself. The config is parsed with TypeScript
 * (only when there is an error to place, so a good config never loads it) and the path is walked
 * through the object and array literals of its default export, so each item of an array gets its
 * own line. Where the path leaves the literals (a key the config does not write, a value made
 * elsewhere), the last place reached is the answer; a config that is not one literal falls back
 * to searching the keys' names in the text.
 */
export function locateKey(source: string, segments: readonly PropertyKey[]): SourcePlace {
  const ts = require('typescript') as typeof TypeScript;
  const file = ts.createSourceFile('sdkdocs.config.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let node: TypeScript.Node | undefined = configLiteral(ts, file);
  if (!node) return searchKeyNames(source, segments);
  let place: TypeScript.Node | undefined;
  for (const segment of segments) {
    if (!node) break;
    const next: { at: TypeScript.Node; value: TypeScript.Node | undefined } | undefined =
      typeof segment === 'number' ? arrayItem(ts, node, segment) : typeof segment === 'string' ? property(ts, node, segment) : undefined;
    if (!next) break;
    place = next.at;
    if (!next.value) break;
    node = literalOf(ts, file, next.value);
  }
  if (!place) return searchKeyNames(source, segments);
  const { line, character } = file.getLineAndCharacterOfPosition(place.getStart(file));
  return { line: line + 1, column: character + 1 };
}

/**
 * The object literal the config exports: `export default defineConfig({…})`, `export default {…}`,
 * `module.exports = {…}` (a Docusaurus config), a const holding it, or what a config function returns.
 */
function configLiteral(ts: typeof TypeScript, file: TypeScript.SourceFile): TypeScript.Node | undefined {
  for (const statement of file.statements) {
    if (ts.isExportAssignment(statement)) return literalOf(ts, file, statement.expression, file.statements);
    if (ts.isFunctionDeclaration(statement) && statement.body && statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)) {
      return returnedLiteral(ts, file, statement.body);
    }
    if (ts.isExpressionStatement(statement) && ts.isBinaryExpression(statement.expression) && statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const target = statement.expression.left.getText(file);
      if (target === 'module.exports' || target === 'exports.default') return literalOf(ts, file, statement.expression.right, file.statements);
    }
  }
  return undefined;
}

/** The literal a config function returns (`async function createConfig() { … return config; }`), its own consts looked up first. */
function returnedLiteral(ts: typeof TypeScript, file: TypeScript.SourceFile, body: TypeScript.Block): TypeScript.Node | undefined {
  for (const statement of [...body.statements].reverse()) {
    if (ts.isReturnStatement(statement) && statement.expression) return literalOf(ts, file, statement.expression, [...body.statements, ...file.statements]);
  }
  return undefined;
}

/** The literal behind an expression: through parentheses, `as`/`satisfies`, a `defineConfig(…)` call, consts of its scope and function bodies. */
function literalOf(ts: typeof TypeScript, file: TypeScript.SourceFile, expression: TypeScript.Node, scope: readonly TypeScript.Statement[] = file.statements, depth = 0): TypeScript.Node | undefined {
  if (depth > 10) return undefined;
  if (ts.isObjectLiteralExpression(expression) || ts.isArrayLiteralExpression(expression)) return expression;
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression) || ts.isAwaitExpression(expression)) {
    return literalOf(ts, file, expression.expression, scope, depth + 1);
  }
  if (ts.isCallExpression(expression) && expression.arguments.length === 1) return literalOf(ts, file, expression.arguments[0]!, scope, depth + 1);
  if ((ts.isArrowFunction(expression) || ts.isFunctionExpression(expression)) && expression.body) {
    return ts.isBlock(expression.body) ? returnedLiteral(ts, file, expression.body) : literalOf(ts, file, expression.body, scope, depth + 1);
  }
  if (ts.isIdentifier(expression)) {
    for (const statement of scope) {
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === expression.text && statement.body) return returnedLiteral(ts, file, statement.body);
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === expression.text && declaration.initializer) {
          return literalOf(ts, file, declaration.initializer, scope, depth + 1);
        }
      }
    }
  }
  return undefined;
}

function property(ts: typeof TypeScript, node: TypeScript.Node, key: string) {
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  // The last one wins in JavaScript, so a repeated key is placed where its value comes from.
  for (const element of [...node.properties].reverse()) {
    if (!element.name || propertyName(ts, element.name) !== key) continue;
    if (ts.isPropertyAssignment(element)) return { at: element.name, value: element.initializer };
    return { at: element.name, value: undefined };
  }
  return undefined;
}

function propertyName(ts: typeof TypeScript, name: TypeScript.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)) return name.expression.text;
  return undefined;
}

function arrayItem(ts: typeof TypeScript, node: TypeScript.Node, index: number) {
  if (!ts.isArrayLiteralExpression(node)) return undefined;
  const before = node.elements.slice(0, index + 1);
  // After a spread, source positions no longer match the array's indexes.
  if (before.some((element) => ts.isSpreadElement(element)) || !node.elements[index]) return undefined;
  return { at: node.elements[index]!, value: node.elements[index] };
}

/**
 * Fallback for configs whose values are not written as literals: each named key is searched for
 * after the previous one in the text.
 */
function searchKeyNames(source: string, segments: readonly PropertyKey[]): SourcePlace {
  let offset = 0;
  let found = -1;
  for (const segment of segments) {
    if (typeof segment !== 'string') continue;
    const escaped = segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`(?:^|[\\s{,])['"]?${escaped}['"]?\\s*:`, 'g');
    pattern.lastIndex = offset;
    const match = pattern.exec(source);
    if (!match) break;
    found = match.index + match[0].search(/['"\w]/);
    offset = found + segment.length;
  }
  if (found === -1) return {};
  const before = source.slice(0, found).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
