/** One heading of a doc as the `toc` an MDX doc exports, in Docusaurus' shape. */
export interface TOCInlineItem {
  /** The heading's text, as HTML. */
  value: string;
  id: string;
  /** 2 for `##`, 3 for `###`, … */
  level: number;
}

export interface TOCInlineProps {
  /** Usually the doc's own `toc` (`<TOCInline toc={toc} />`), or a part of it (`toc.slice(2)`). */
  toc: readonly TOCInlineItem[];
  /** @defaultValue 2 */
  minHeadingLevel?: number;
  /** @defaultValue 3 */
  maxHeadingLevel?: number;
  className?: string;
}

interface TOCInlineNode {
  item: TOCInlineItem;
  children: TOCInlineNode[];
}

/**
 * `@theme/TOCInline`: a doc's table of contents inside its content, as a nested list of links
 * (headings between the two levels, each under the closest shallower one before it).
 */
export default function TOCInline({ toc, minHeadingLevel = 2, maxHeadingLevel = 3, className }: TOCInlineProps) {
  const roots: TOCInlineNode[] = [];
  const open: TOCInlineNode[] = [];
  for (const item of toc) {
    if (item.level < minHeadingLevel || item.level > maxHeadingLevel) continue;
    const node: TOCInlineNode = { item, children: [] };
    while (open.length > 0 && open[open.length - 1].item.level >= item.level) open.pop();
    (open.length > 0 ? open[open.length - 1].children : roots).push(node);
    open.push(node);
  }
  if (roots.length === 0) return null;
  const list = (nodes: TOCInlineNode[]) => (
    <ul>
      {nodes.map(({ item, children }) => (
        <li key={item.id}>
          {/* The value is the heading's HTML, as Docusaurus gives it (inline code, emphasis). */}
          <a href={`#${item.id}`} dangerouslySetInnerHTML={{ __html: item.value }} />
          {children.length > 0 ? list(children) : null}
        </li>
      ))}
    </ul>
  );
  return <div className={['toc-inline', className].filter(Boolean).join(' ')}>{list(roots)}</div>;
}
