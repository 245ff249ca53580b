import type { Element, ElementContent, Root } from 'hast';
import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';

/** Thrown for what a page's tree holds that is not a host element, text or a pure function component. */
class UnsupportedNode extends Error {}

/**
 * The hast of a React tree of host elements and pure function components (the API templates),
 * holding what its static HTML holds, for search: the page's sections are split from the tree the
 * page is rendered from instead of from its HTML parsed back. Undefined when the tree holds
 * anything else (a class component, hooks, a context, HTML set with `dangerouslySetInnerHTML`):
 * the caller then reads the HTML.
 */
export function hastOfReactTree(node: ReactNode): Root | undefined {
  try {
    return { type: 'root', children: contentOf(node) };
  } catch (error) {
    if (error instanceof UnsupportedNode) return undefined;
    throw error;
  }
}

function contentOf(node: ReactNode): ElementContent[] {
  if (node === null || node === undefined || typeof node === 'boolean') return [];
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return [{ type: 'text', value: String(node) }];
  if (Array.isArray(node)) return node.flatMap((child: ReactNode) => contentOf(child));
  if (!isValidElement(node)) throw new UnsupportedNode();
  const element = node as ReactElement<Record<string, unknown>>;
  const { type, props } = element;
  if (type === Fragment) return contentOf(props.children as ReactNode);
  if (typeof type === 'function') {
    if ((type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent) throw new UnsupportedNode();
    let rendered: ReactNode;
    try {
      rendered = (type as (props: Record<string, unknown>) => ReactNode)(props);
    } catch {
      // A component that uses hooks cannot run outside React's renderer.
      throw new UnsupportedNode();
    }
    return contentOf(rendered);
  }
  if (typeof type !== 'string') throw new UnsupportedNode();
  const properties: Element['properties'] = {};
  if (typeof props.id === 'string') properties.id = props.id;
  if (typeof props.className === 'string') properties.className = props.className.split(/\s+/).filter(Boolean);
  const inner = props.dangerouslySetInnerHTML as { __html?: string } | undefined;
  if (inner?.__html) throw new UnsupportedNode();
  return [{ type: 'element', tagName: type, properties, children: contentOf(props.children as ReactNode) }];
}
