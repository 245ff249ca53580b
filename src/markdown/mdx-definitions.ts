import type { Parent } from 'unist';
import type { MdxImport } from '../model/compiled-doc.js';
import { skipChildren, walkTree } from './plugins/walk-tree.js';
import type { EstreeNode, MdxNode } from './mdx-nodes.js';

/**
 * The names an MDX doc's own imports and exports define, from every `import`/`export` of the
 * doc: ESM inside a container (an `import` in a `:::note` of a .md read as MDX) is the module's
 * all the same. `imports` receives each import with its place.
 */
export function namesDefinedByDoc(tree: Parent, imports?: MdxImport[]): Set<string> {
  const defined = new Set<string>();
  walkTree(tree, (unknownNode) => {
    const node = unknownNode as unknown as MdxNode;
    if (node.type !== 'mdxjsEsm') return;
    for (const statement of node.data?.estree?.body ?? []) collectDefinitions(statement, defined, imports);
    return skipChildren;
  });
  return defined;
}

function collectDefinitions(statement: EstreeNode, defined: Set<string>, imports: MdxImport[] | undefined): void {
  if (statement.type === 'ImportDeclaration') {
    const source = (statement.source as { value: string }).value;
    const start = statement.loc?.start;
    imports?.push({ source, line: start?.line ?? 1, column: (start?.column ?? 0) + 1 });
    for (const specifier of statement.specifiers as { local: { name: string } }[]) defined.add(specifier.local.name);
    return;
  }
  const declaration = (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement) as EstreeNode | null;
  if (!declaration) return;
  if (declaration.type === 'VariableDeclaration') {
    for (const declarator of declaration.declarations as { id: EstreeNode }[]) collectPatternNames(declarator.id, defined);
  } else if ((declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') && declaration.id) {
    defined.add((declaration.id as { name: string }).name);
  }
}

function collectPatternNames(pattern: EstreeNode, defined: Set<string>): void {
  if (pattern.type === 'Identifier') {
    defined.add(pattern.name as string);
  } else if (pattern.type === 'ObjectPattern') {
    for (const property of pattern.properties as EstreeNode[]) collectPatternNames((property.value ?? property.argument) as EstreeNode, defined);
  } else if (pattern.type === 'ArrayPattern') {
    for (const element of pattern.elements as (EstreeNode | null)[]) if (element) collectPatternNames(element, defined);
  } else if (pattern.type === 'AssignmentPattern') {
    collectPatternNames(pattern.left as EstreeNode, defined);
  } else if (pattern.type === 'RestElement') {
    collectPatternNames(pattern.argument as EstreeNode, defined);
  }
}
