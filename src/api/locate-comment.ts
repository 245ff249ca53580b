import path from 'node:path';
import ts from 'typescript';
import type { ApiSource } from '../core/api-model.js';

/** Finds where a `{@link}` is written, given the declaration its comment belongs to. */
export type LinkLocator = (declaration: ApiSource, text: string) => ApiSource | undefined;

/**
 * Locates `{@link}`s through the doc comments TypeScript attached to the declarations: TypeDoc
 * keeps the position of a declaration but not of its comment, and the line to edit is the link's.
 */
export function createLinkLocator(sourceFiles: ReadonlyMap<string, ts.SourceFile>, linkTags: readonly string[] = []): LinkLocator {
  const opening = linkOpening(linkTags);
  return (declaration, text) => {
    const sourceFile = sourceFiles.get(path.resolve(declaration.file));
    if (!sourceFile) return undefined;
    let position: number;
    try {
      position = sourceFile.getPositionOfLineAndCharacter(declaration.line - 1, declaration.column - 1);
    } catch {
      return undefined;
    }
    for (const comment of docCommentsAround(sourceFile, position)) {
      const found = findLink(sourceFile, comment, text, opening);
      if (found) return found;
    }
    return undefined;
  };
}

/** The doc comments of the innermost node at `position` and of the nodes around it, nearest first. */
function docCommentsAround(sourceFile: ts.SourceFile, position: number): ts.JSDoc[] {
  let innermost: ts.Node = sourceFile;
  const descend = (node: ts.Node): void => {
    if (position >= node.getStart(sourceFile) && position < node.getEnd()) {
      innermost = node;
      ts.forEachChild(node, descend);
    }
  };
  ts.forEachChild(sourceFile, descend);
  const comments: ts.JSDoc[] = [];
  for (let node: ts.Node | undefined = innermost; node && !ts.isSourceFile(node); node = node.parent) {
    // TypeScript keeps each declaration's doc comments on the node; the last one is the one that applies.
    const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc;
    if (docs) comments.push(...[...docs].reverse());
  }
  return comments;
}

/** The position of `{@link text}` inside one comment, with the comment's `*` line prefixes ignored. */
function findLink(sourceFile: ts.SourceFile, comment: ts.JSDoc, text: string, opening: RegExp): ApiSource | undefined {
  const source = sourceFile.text.slice(comment.pos, comment.end);
  const wanted = text.replace(/\s+/g, ' ').trim();
  for (const match of source.matchAll(new RegExp(`${opening.source}\\s+`, 'g'))) {
    const after = source.slice(match.index + match[0].length, source.indexOf('}', match.index));
    const written = after
      .split('\n')
      .map((line) => line.replace(/^\s*\*/, ''))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (!writtenAs(written, wanted)) continue;
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(comment.pos + match.index);
    return { file: path.resolve(sourceFile.fileName), line: line + 1, column: character + 1 };
  }
  return undefined;
}

/** The start of an inline link tag: `{@link`, `{@linkcode`, `{@linkplain` or one of `api.linkTags`. */
export function linkOpening(linkTags: readonly string[]): RegExp {
  const names = ['link', 'linkcode', 'linkplain', ...linkTags.map((tag) => tag.slice(1))];
  return new RegExp(`\\{@(?:${names.map((name) => name.replace(/[^\w-]/g, '')).join('|')})(?=\\s)`);
}

/**
 * Whether a link written `written` (what follows the tag) shows `text`: TypeDoc's text of a
 * resolved `{@link Target | label}` or `{@link Target label}` is the label alone.
 */
export function writtenAs(written: string, text: string): boolean {
  if (written === text) return true;
  const label = /^\S+?\s*\|\s*([\s\S]+)$/.exec(written)?.[1] ?? /^\S+\s+([\s\S]+)$/.exec(written)?.[1];
  return label?.trim() === text;
}
