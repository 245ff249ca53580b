import { createElement, Fragment, type FunctionComponent, type ReactElement } from 'react';
import type { EstreeNode } from '../../markdown/mdx-nodes.js';

/*
 * Where in an MDX doc a component threw while the page was rendered at build time. React renders
 * without a word of where the element was written, so the compiled module carries it: each
 * element the doc wrote is made by an alias of the JSX runtime named after its place
 * (`_jsxAt_12_1`, `import { jsx as _jsxAt_12_1 } from "react/jsx-runtime"`). In the browser the
 * aliases are the runtime itself, which the bundler links into one name: nothing is shipped for
 * it. The build-time render rebinds them (withLocatableJsx) to a function that, once a render has
 * failed, renders the doc again with each element wrapped to record the elements being rendered:
 * the innermost one when the error is thrown is the place to report.
 */

/** A place in the doc: 1-based line and column, as diagnostics give them. */
export interface JsxPosition {
  line: number;
  column: number;
}

const aliasPattern = /^_(jsxs?)At_(\d+)_(\d+)$/;

/**
 * A recma plugin: the calls of the JSX runtime that make the doc's own elements (those with a
 * place in the doc) go through aliases named after that place, imported in one declaration of
 * their own, which the build-time render finds by its shape.
 */
export function recmaJsxPositions() {
  return (tree: EstreeNode) => {
    const body = tree.body as EstreeNode[];
    const runtimeImport = body.find((node) => node.type === 'ImportDeclaration' && (node.source as { value: unknown }).value === 'react/jsx-runtime');
    if (!runtimeImport) return;
    // The local names MDX gave the runtime's functions (`_jsx`, `_jsxs`).
    const imported = new Map<string, 'jsx' | 'jsxs'>();
    for (const specifier of runtimeImport.specifiers as EstreeNode[]) {
      const name = (specifier.imported as { name?: string } | undefined)?.name;
      if (name === 'jsx' || name === 'jsxs') imported.set((specifier.local as { name: string }).name, name);
    }
    const aliases = new Map<string, 'jsx' | 'jsxs'>();
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!node || typeof node !== 'object') return;
      const current = node as EstreeNode;
      if (current.type === 'CallExpression') {
        const callee = current.callee as EstreeNode;
        const runtime = callee.type === 'Identifier' ? imported.get(callee.name as string) : undefined;
        const start = current.loc?.start;
        if (runtime && start) {
          const alias = `_${runtime}At_${start.line}_${start.column + 1}`;
          aliases.set(alias, runtime);
          current.callee = { type: 'Identifier', name: alias };
        }
      }
      for (const [key, child] of Object.entries(current)) if (key !== 'loc' && key !== 'position' && key !== 'data') visit(child);
    };
    visit(body);
    if (aliases.size === 0) return;
    const specifiers = [...aliases].map(([alias, runtime]) => ({
      type: 'ImportSpecifier',
      imported: { type: 'Identifier', name: runtime },
      local: { type: 'Identifier', name: alias },
    }));
    const declaration: EstreeNode = { type: 'ImportDeclaration', specifiers, source: { type: 'Literal', value: 'react/jsx-runtime' } as EstreeNode['source'] };
    body.splice(body.indexOf(runtimeImport) + 1, 0, declaration);
  };
}

/** The declaration recmaJsxPositions adds, as the compiled code prints it. */
const aliasImportLine = /^import \{((?:jsxs? as _jsxs?At_\d+_\d+(?:, )?)+)\} from "react\/jsx-runtime";$/m;

/**
 * The compiled module of a doc as the build-time render runs it: the place aliases are functions
 * that make elements as the runtime does, until `__sdkdocsLocateWith` hands them a locator.
 */
export function withLocatableJsx(code: string): string {
  const match = aliasImportLine.exec(code);
  if (!match) return code;
  const declarations = match[1].split(', ').map((specifier) => {
    const [runtime, alias] = specifier.split(' as ');
    const [, , line, column] = aliasPattern.exec(alias)!;
    return `${alias} = __sdkdocsAt(${runtime === 'jsx' ? '__sdkdocsJsx' : '__sdkdocsJsxs'}, ${line}, ${column})`;
  });
  const replacement = [
    'import {jsx as __sdkdocsJsx, jsxs as __sdkdocsJsxs} from "react/jsx-runtime";',
    'let __sdkdocsLocate;',
    'export function __sdkdocsLocateWith(locate) { __sdkdocsLocate = locate; }',
    'const __sdkdocsAt = (make, line, column) => (type, props, key) => __sdkdocsLocate === undefined ? make(type, props, key) : __sdkdocsLocate(make, type, props, key, line, column);',
    `const ${declarations.join(', ')};`,
  ].join('\n');
  return code.slice(0, match.index) + replacement + code.slice(match.index + match[0].length);
}

/** What a module made locatable by {@link withLocatableJsx} exports for it. */
export type LocateWith = (locate: JsxLocator['locate'] | undefined) => void;

type MakeElement = (type: unknown, props: Record<string, unknown>, key?: unknown) => ReactElement;

/** Records the doc's elements being rendered, for one render of one doc. */
export interface JsxLocator {
  locate: (make: MakeElement, type: unknown, props: Record<string, unknown>, key: unknown, line: number, column: number) => ReactElement;
  /** The innermost of the doc's elements whose rendering had begun and not ended. */
  innermost: () => JsxPosition | undefined;
}

/**
 * Wraps each of the doc's elements in a component that marks its place as open, then renders the
 * element, then a marker that closes it: React renders on the server depth first, so the places
 * open when an error is thrown are the elements around the throw. The wrapping changes the tree
 * (its ids), so it is only for the render that finds the place, never the one published.
 */
export function createJsxLocator(): JsxLocator {
  const open: JsxPosition[] = [];
  const wrappers = new Map<unknown, Map<string, FunctionComponent<Record<string, unknown>>>>();
  const Close = () => {
    open.pop();
    return null;
  };
  const wrapperOf = (make: MakeElement, type: unknown, line: number, column: number) => {
    const byPlace = wrappers.get(type) ?? new Map<string, FunctionComponent<Record<string, unknown>>>();
    wrappers.set(type, byPlace);
    const place = `${line}:${column}`;
    let wrapper = byPlace.get(place);
    if (!wrapper) {
      wrapper = (props) => {
        open.push({ line, column });
        return createElement(Fragment, null, make(type, props), createElement(Close));
      };
      byPlace.set(place, wrapper);
    }
    return wrapper;
  };
  return {
    locate: (make, type, props, key, line, column) => make(wrapperOf(make, type, line, column), props, key),
    innermost: () => open.at(-1),
  };
}
