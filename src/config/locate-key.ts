import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

const require = createRequire(import.meta.url);

/** A 1-based place in the config's source text; empty when the key path cannot be found there. */
export interface SourcePlace {
  line?: number;
  column?: number;
}

/** The place of a key path in the config file; empty when the file cannot be read (the problem then names the file only). */
export function locateConfigKey(configFile: string, segments: readonly PropertyKey[]): SourcePlace {
  let source: string;
  try {
    source = readFileSync(configFile, 'utf8');
  } catch {
    return {};
  }
  return locateKey(source, segments);
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

/** The object literal the config exports: `export default defineConfig({…})`, `export default {…}` or a const holding it. */
function configLiteral(ts: typeof TypeScript, file: TypeScript.SourceFile): TypeScript.Node | undefined {
  for (const statement of file.statements) {
    if (ts.isExportAssignment(statement)) return literalOf(ts, file, statement.expression);
  }
  return undefined;
}

/** The literal behind an expression: through parentheses, `as`/`satisfies`, a `defineConfig(…)` call and top-level consts. */
function literalOf(ts: typeof TypeScript, file: TypeScript.SourceFile, expression: TypeScript.Node, depth = 0): TypeScript.Node | undefined {
  if (depth > 10) return undefined;
  if (ts.isObjectLiteralExpression(expression) || ts.isArrayLiteralExpression(expression)) return expression;
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression)) {
    return literalOf(ts, file, expression.expression, depth + 1);
  }
  if (ts.isCallExpression(expression) && expression.arguments.length === 1) return literalOf(ts, file, expression.arguments[0]!, depth + 1);
  if (ts.isIdentifier(expression)) {
    for (const statement of file.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === expression.text && declaration.initializer) {
          return literalOf(ts, file, declaration.initializer, depth + 1);
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
