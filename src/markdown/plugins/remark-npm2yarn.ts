import { parse } from 'acorn';
import type { Code, Root, RootContent } from 'mdast';
import npmToYarn from 'npm-to-yarn';
import { namesDefinedByDoc } from '../mdx-definitions.js';

/*
 * ```bash npm2yarn fences, as Docusaurus sites write them for @docusaurus/remark-plugin-npm2yarn:
 * one npm command shown as tabs for npm, Yarn and pnpm, all such tabs of a site switching
 * together (one group, remembered). Built in, so a site gets them with or without the plugin
 * installed; the plugin then finds no fence left to change.
 */

// Its types describe an ES module's default export, which TypeScript reads as a CommonJS module's.
const convert = npmToYarn as unknown as typeof npmToYarn.default;

/** The word in a fence's meta that asks for package-manager tabs. */
const npm2yarnMeta = /(^|\s)npm2yarn(\s|$)/;

/** The tab group all package-manager tabs share, as the plugin's `sync` option makes it. */
const tabGroup = 'npm2yarn';

/** Names the tabs are imported under, so a doc's own `Tabs` import cannot clash. */
const tabsName = 'SdkdocsPackageManagerTabs';
const tabItemName = 'SdkdocsPackageManagerTabItem';

const packageManagers = [
  { value: 'npm', label: 'npm' },
  { value: 'yarn', label: 'Yarn' },
  { value: 'pnpm', label: 'pnpm' },
] as const;

/** Whether a doc's text may hold such a fence: the cheap test before any parse. */
export function mayHaveNpm2YarnFence(raw: string): boolean {
  return raw.includes('npm2yarn') && /^\s*(```|~~~)[^\n]*\bnpm2yarn\b/m.test(raw);
}

function attribute(name: string, value: string) {
  return { type: 'mdxJsxAttribute', name, value };
}

function tabsOf(code: Code): RootContent {
  const meta = (code.meta ?? '').replace(npm2yarnMeta, ' ').trim() || null;
  const items = packageManagers.map(({ value, label }) => ({
    type: 'mdxJsxFlowElement',
    name: tabItemName,
    attributes: [attribute('value', value), attribute('label', label)],
    children: [{ type: 'code', lang: code.lang, meta, value: value === 'npm' ? code.value : convert(code.value, value) }],
  }));
  return { type: 'mdxJsxFlowElement', name: tabsName, attributes: [attribute('groupId', tabGroup)], children: items, position: code.position } as unknown as RootContent;
}

/** Turns each npm2yarn fence of an MDX-compiled doc into package-manager tabs. */
export default function remarkNpm2Yarn() {
  return (tree: Root) => {
    let found = false;
    const visit = (parent: { children: RootContent[] }) => {
      parent.children = parent.children.map((node) => {
        if (node.type === 'code' && node.meta && npm2yarnMeta.test(node.meta)) {
          found = true;
          return tabsOf(node);
        }
        if ('children' in node && Array.isArray(node.children)) visit(node as { children: RootContent[] });
        return node;
      });
    };
    visit(tree);
    if (!found) return;
    // Other plugins (docusaurus-remark-plugin-tab-blocks, Docusaurus' own npm2yarn) see this
    // import of @theme/Tabs and leave out their own, then write <Tabs> and <TabItem>: the usual
    // names come with it, unless the doc gives those names a meaning of its own.
    const taken = namesDefinedByDoc(tree);
    const usualNames = [`import ${tabsName} from '@theme/Tabs';`, `import ${tabItemName} from '@theme/TabItem';`];
    if (!taken.has('Tabs')) usualNames.push(`import Tabs from '@theme/Tabs';`);
    if (!taken.has('TabItem')) usualNames.push(`import TabItem from '@theme/TabItem';`);
    const source = usualNames.join('\n');
    const estree = parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
    tree.children.unshift({ type: 'mdxjsEsm', value: source, data: { estree } } as unknown as RootContent);
  };
}
