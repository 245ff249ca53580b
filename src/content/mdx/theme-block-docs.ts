import type { Root } from 'mdast';
import type { ParseContext, ParseOutcome } from '../parse-task.js';
import type { DocMessage } from '../../model/compiled-doc.js';
import type { ThemeBlockName } from '../../markdown/plugins/rehype-theme-blocks.js';
import { skipChildren, walkTree } from '../../markdown/plugins/walk-tree.js';

/** How each construct is named in a message. */
const constructNames: Record<ThemeBlockName, string> = {
  Admonition: 'admonitions',
  CodeBlock: 'code blocks',
  Details: '`<details>` blocks',
};

export interface ThemeBlockDoc {
  /** The constructs of the doc that the site's components should render, each with its first place. */
  found: Map<ThemeBlockName, { line?: number; column?: number }>;
  /** The warning for a doc that cannot be compiled as a module: it keeps the theme's own rendering. */
  fallbackWarning(error: NonNullable<ParseOutcome['error']>): DocMessage;
}

/**
 * Whether a markdown doc holds a construct whose component the site overrides (`:::` blocks and
 * GitHub alerts, code blocks, `<details>`): such a doc is compiled to an MDX module (MDX's
 * markdown format), which renders them through the site's components. Other docs keep the plain
 * markdown path and its static HTML.
 */
export function themeBlocksOf(mdast: Root, context: ParseContext): ThemeBlockDoc | undefined {
  const wanted = new Set(context.themeBlocks);
  const found = new Map<ThemeBlockName, { line?: number; column?: number }>();
  const add = (name: ThemeBlockName, node: { position?: { start: { line: number; column: number } } }) => {
    if (wanted.has(name) && !found.has(name)) found.set(name, { line: node.position?.start.line, column: node.position?.start.column });
  };
  walkTree(mdast, (node) => {
    if (node.type === 'containerDirective') add('Admonition', node);
    else if (node.type === 'blockquote' && isGithubAlert(node)) add('Admonition', node);
    else if (node.type === 'code') {
      // A mermaid block is a diagram, or (diagrams off) code that rehype-code leaves as it is.
      if ((node as { lang?: string | null }).lang !== 'mermaid') add('CodeBlock', node);
      return skipChildren;
    } else if (node.type === 'html' && /<details[\s>]/i.test((node as unknown as { value: string }).value)) add('Details', node);
  });
  if (found.size === 0) return undefined;
  return {
    found,
    fallbackWarning(error) {
      const place = [...found.values()].sort((a, b) => (a.line ?? 0) - (b.line ?? 0))[0];
      const names = [...found.keys()];
      const constructs = names.map((name) => constructNames[name]).join(', ');
      const tooDeep = /call stack/i.test(error.message);
      const reason = tooDeep ? 'its markdown or HTML nests too deeply' : `${error.line === undefined ? '' : `line ${error.line}: `}${error.message.replace(/^MDX: /, '').replace(/\.$/, '')}`;
      return {
        severity: 'warning',
        code: 'theme-override',
        message: `The doc's ${constructs} are rendered by the theme's own ${names.join(', ')}, not by the site's override${names.length > 1 ? 's' : ''} in src/theme/: the doc cannot be compiled to a module (${reason}).`,
        hint: tooDeep
          ? 'Flatten the nesting (HTML elements inside each other) so that the doc renders through the site\'s components.'
          : 'Fix what the message names so that the doc renders through the site\'s components.',
        line: place.line,
        column: place.column,
      };
    },
  };
}

function isGithubAlert(node: unknown): boolean {
  const paragraph = (node as { children: { type: string; children?: { type: string; value?: string }[] }[] }).children[0];
  const text = paragraph?.type === 'paragraph' ? paragraph.children?.[0] : undefined;
  return text?.type === 'text' && /^\[!(?:note|tip|important|warning|caution)\]/i.test(text.value ?? '');
}
