/*
 * The parts of MDX's syntax tree (mdast with MDX nodes, and the ESTree of their code) that the
 * compile checks and safe mode read: only what they look at, not the full node types.
 */

/** An ESTree node of an MDX expression or ESM block. */
export interface EstreeNode {
  type: string;
  source?: { value: unknown };
  loc?: { start: { line: number; column: number } };
  [key: string]: unknown;
}

/** An mdast node as MDX makes it: JSX elements, expressions and ESM blocks among the markdown. */
export interface MdxNode {
  type: string;
  name?: string | null;
  value?: string;
  position?: { start: { line: number; column: number } };
  data?: { estree?: { body: EstreeNode[] } };
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: MdxNode[];
}
