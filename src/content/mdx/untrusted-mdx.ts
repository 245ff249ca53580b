import type { Element } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { VFile } from 'vfile';
import { addDocMessage } from '../../markdown/plugins/doc-messages.js';
import { judgeElement, reportSanitized, type ElementVerdict } from '../../markdown/plugins/untrusted-html.js';
import type { EstreeNode, MdxNode } from '../../markdown/mdx-nodes.js';

/*
 * Safe mode (`--untrusted`) for MDX: a pull request's MDX doc is compiled only when it holds no
 * code of its own, so that the module the build renders (and the browser runs) is made of
 * markdown and the trusted site's components alone. Refused, each at its line: `export`, an
 * `import` of anything but the trusted site's and sdkdocs' components, `{expressions}` and
 * attributes written as expressions (`values={[…]}`, `{...props}`), but for comments and literals.
 * Lower-case elements (`<img>`, `<details>`) are HTML: the sanitizer's schema cleans them as it
 * cleans raw HTML in markdown. Components (`<Tabs>`) must be defined by an allowed import or be
 * provided to every doc; remarkMdxNames refuses any other, as in the default mode.
 */

/**
 * The imports a safe-mode doc may make: components and hooks of the theme (`@theme/Tabs`,
 * `@theme-original/…`, sdkdocs' `@docusaurus/…` modules) and the trusted site's own components
 * (`@site/src/components/…`, `@site/src/theme/…`), which `@site` resolves in the trusted checkout.
 */
const trustedImport = /^(?:@theme(?:-original)?\/|@docusaurus\/|@site\/src\/(?:components|theme)\/)[\w@./-]+$/;

/** Whether an import names only trusted code: an allowed specifier, with no `..` step nor webpack loader. */
function isTrustedImport(source: string): boolean {
  return trustedImport.test(source) && !source.split('/').includes('..');
}

/** The remark plugin: refuses the doc's code (all of it, in one compile) and cleans its HTML elements. */
export function remarkUntrustedMdx() {
  return (tree: MdastRoot, file: VFile) => {
    const problems: ReturnType<VFile['message']>[] = [];
    const refuse = (at: MdxNode | Place, message: string, hint: string) => {
      const place = 'type' in at ? (at.position as never) : at;
      const problem = file.message(`Safe mode (--untrusted) runs no code from the pull request: ${message}`, { place, ruleId: 'untrusted-mdx', source: 'sdkdocs' });
      problem.note = hint;
      problems.push(problem);
    };
    const visit = (parent: MdxNode) => {
      const children = parent.children ?? [];
      for (let index = 0; index < children.length; index++) {
        const node = children[index];
        switch (node.type) {
          case 'mdxjsEsm':
            refuseModuleCode(node, refuse);
            continue;
          case 'mdxFlowExpression':
          case 'mdxTextExpression':
            if (!isInert(node.data?.estree?.body ?? [])) {
              refuse(node, `\`{${excerpt(node.value ?? '')}}\` is a JavaScript expression.`, 'Write `\\{` for a literal brace. A value the page computes belongs in a component of the site (src/components), reviewed on its own.');
            }
            continue;
          case 'mdxJsxFlowElement':
          case 'mdxJsxTextElement':
            refuseAttributeCode(node, refuse);
            if (node.name === 'head' || node.name === 'Head') {
              leaveOutHeadTags(node, file);
              children.splice(index--, 1);
              continue;
            }
            if (node.name && /^[a-z][\w-]*$/.test(node.name)) {
              const kept = cleanHtmlElement(node, file);
              if (kept === 'kept') break;
              // Its tag refused: the element goes, with its content (`<script>`) or leaving it in its place (`<iframe>`).
              children.splice(index--, 1, ...(kept === 'stripped' ? [] : (node.children ?? [])));
              continue;
            }
            break;
          default:
            break;
        }
        visit(node);
      }
    };
    visit(tree as unknown as MdxNode);
    if (problems.length > 0) {
      for (const problem of problems) file.messages.splice(file.messages.indexOf(problem), 1);
      throw Object.assign(problems[0], { fatal: true, others: problems.slice(1) });
    }
  };
}

interface Place {
  line: number;
  column: number;
}

type Refuse = (at: MdxNode | Place, message: string, hint: string) => void;

function refuseModuleCode(node: MdxNode, refuse: Refuse): void {
  const statements = node.data?.estree?.body ?? [];
  const importHint = 'Use a component the base branch provides (@theme/…, @site/src/components/…), or merge the component in a pull request of its own first.';
  for (const statement of statements) {
    const source = statement.source?.value;
    // Several lines of imports and exports are one node: each statement is blamed at its own line.
    const start = statement.loc?.start;
    const at = start ? { line: start.line, column: start.column + 1 } : node;
    if (statement.type !== 'ImportDeclaration') {
      refuse(at, `\`${excerpt(statementText(node, statement) ?? 'export')}\` is a module statement that runs when the doc loads.`, 'Move the value into a component of the site (src/components), reviewed on its own; safe mode builds the doc once the line is gone.');
    } else if (typeof source !== 'string' || !isTrustedImport(source)) {
      refuse(at, `\`import … from ${JSON.stringify(source)}\`: an MDX doc may import only the trusted site's and sdkdocs' components (@theme/…, @docusaurus/…, @site/src/components/…).`, importHint);
    }
  }
}

function refuseAttributeCode(node: MdxNode, refuse: Refuse): void {
  for (const attribute of node.attributes ?? []) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      refuse(node, `\`<${node.name} ${excerpt(String(attribute.value ?? ''), '{', '}')}>\` spreads a JavaScript expression into the attributes.`, 'Write each attribute as a string: name="value".');
    } else if (attribute.value !== null && typeof attribute.value === 'object' && !isInert((attribute.value as MdxNode).data?.estree?.body ?? [])) {
      const code = (attribute.value as { value?: string }).value ?? '';
      refuse(node, `\`<${node.name} ${attribute.name}={${excerpt(code)}}>\`: the attribute is a JavaScript expression.`, `Give it a string (${attribute.name}="…"), or leave it out.`);
    }
  }
}

/**
 * An HTML element written in MDX, cleaned as raw HTML is: an attribute the schema refuses is
 * removed. What becomes of the element is the verdict's: kept, or its tag refused (`<iframe>`,
 * `<script>`), for the caller to unwrap or remove.
 */
function cleanHtmlElement(node: MdxNode, file: VFile): ElementVerdict['kind'] {
  const stringAttributes = (node.attributes ?? []).filter((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name && (attribute.value === null || typeof attribute.value === 'string'));
  const propertyOf = new Map(stringAttributes.map((attribute) => [hastPropertyName(attribute.name!), attribute.name!]));
  const properties: Element['properties'] = Object.fromEntries(stringAttributes.map((attribute) => [hastPropertyName(attribute.name!), attribute.value === null ? true : (attribute.value as string)]));
  const verdict = judgeElement(node.name!, properties);
  reportSanitized(file, node.name!, verdict, node.position?.start, (property) => propertyOf.get(property) ?? property);
  if (verdict.kind !== 'kept') return verdict.kind;
  const removed = new Set(verdict.removed.map((property) => propertyOf.get(property)));
  node.attributes = (node.attributes ?? []).filter((attribute) => !removed.has(attribute.name));
  return 'kept';
}

/**
 * `<head>` (Docusaurus' Head) puts its children into the page's head, where no sanitizer schema
 * for content applies (`<meta http-equiv="refresh">`, `<base>`, `<link>`): a pull request's head
 * tags are left out, with a warning.
 */
function leaveOutHeadTags(node: MdxNode, file: VFile): void {
  addDocMessage(file, {
    severity: 'warning',
    code: 'untrusted-html',
    message: `Safe mode (--untrusted): \`<${node.name}>\` and the tags it holds are left out: a pull request's docs may not set the page's head tags.`,
    hint: 'Set the title and description in the front matter (`title:`, `description:`); the default build applies head tags as written.',
    line: node.position?.start.line,
    column: node.position?.start.column,
  });
}

/**
 * Whether an expression's statements run nothing: none (`{/* comment *\/}`), or one literal
 * (`{'text'}`, `` {`const x = 1;`} `` with no `${}`, `{3}`, `{true}`), as docs write code for
 * `<CodeBlock>` and values for attributes.
 */
function isInert(body: readonly EstreeNode[]): boolean {
  if (body.length === 0) return true;
  if (body.length > 1 || body[0].type !== 'ExpressionStatement') return false;
  const expression = (body[0] as { expression?: { type: string; expressions?: unknown[] } }).expression;
  return expression?.type === 'Literal' || (expression?.type === 'TemplateLiteral' && expression.expressions?.length === 0);
}

/** The hast property a JSX attribute name stands for, as the schema names them (`class` → `className`, `data-x` → `dataX`). */
function hastPropertyName(name: string): string {
  if (name === 'class') return 'className';
  if (name === 'for') return 'htmlFor';
  if (/^(?:data|aria)-/.test(name)) return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return name;
}

/** The text of one statement of an ESM node, by the offsets its estree keeps. */
function statementText(node: MdxNode, statement: EstreeNode): string | undefined {
  const { start, end } = statement as { start?: number; end?: number };
  const nodeStart = (node.position as { start: { offset?: number } } | undefined)?.start.offset;
  if (start === undefined || end === undefined || nodeStart === undefined || node.value === undefined) return node.value;
  return node.value.slice(start - nodeStart, end - nodeStart);
}

/** The start of a piece of code, on one line, for a message. */
function excerpt(code: string, open = '', close = ''): string {
  const line = code.replace(/\s+/g, ' ').trim();
  return `${open}${line.length > 48 ? `${line.slice(0, 47)}…` : line}${close}`;
}
