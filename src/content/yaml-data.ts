import { visit, type Document } from 'yaml';

/** Aliases a YAML document may expand (the `yaml` package's own default, named here). */
const maxAliasCount = 100;

/** Matches characters no text of a page may carry: C0 controls but tab, line feed and carriage return, and DEL. */
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A problem with a value of a YAML document, at an offset of its text. */
export interface YamlDataProblem {
  offset: number;
  message: string;
  hint: string;
}

/**
 * A parsed YAML document as plain data, or the problems that stop it from being: an alias with no
 * anchor before it (`a: *u`), aliases that expand into too much data (a "billion laughs"), and
 * strings holding control characters (a `"\0"` escape), which would reach the page's HTML.
 */
export function yamlToData(document: Document.Parsed): { data?: unknown; problems: YamlDataProblem[] } {
  const problems: YamlDataProblem[] = [];
  let firstAlias: number | undefined;
  visit(document, {
    Alias(_key, node) {
      const offset = node.range?.[0] ?? 0;
      firstAlias ??= offset;
      if (node.resolve(document) === undefined) {
        problems.push({
          offset,
          message: `Malformed front matter: the alias *${node.source} names no anchor &${node.source} set before it.`,
          hint: `Set the anchor on an earlier value (\`base: &${node.source} value\`), or quote the text if the \`*\` is meant literally: "*${node.source}".`,
        });
      }
    },
    Scalar(_key, node) {
      if (typeof node.value !== 'string') return;
      const found = controlCharacter.exec(node.value);
      if (!found) return;
      problems.push({
        offset: node.range?.[0] ?? 0,
        message: `Malformed front matter: a value holds the control character U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}, which no page can show.`,
        hint: 'Remove the escape (`\\0`, `\\x01`…) from the value.',
      });
    },
  });
  if (problems.length > 0) return { problems };
  try {
    return { data: document.toJS({ maxAliasCount }), problems };
  } catch (error) {
    const tooMany = /excessive alias count/i.test((error as Error).message);
    return {
      problems: [
        {
          offset: firstAlias ?? 0,
          message: tooMany
            ? `Malformed front matter: its aliases expand to more than ${maxAliasCount} copies of their anchors' values.`
            : `Malformed front matter: ${(error as Error).message}`,
          hint: tooMany ? 'Write the values out instead of nesting aliases of aliases.' : 'Front matter is YAML between two `---` lines.',
        },
      ],
    };
  }
}
