import type { Element, ElementContent } from 'hast';
import type { VFile } from 'vfile';
import type { ElementVisitor } from './rehype-element-pass.js';

/** Elements that end a task's text: what follows them is not part of the checkbox's label. */
const blockTags = new Set(['ul', 'ol', 'p', 'div', 'pre', 'table', 'blockquote', 'figure', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'details', 'section']);

/**
 * GFM task list items (`- [x] Ship it`) render a checkbox with no accessible name, which screen
 * readers announce as a bare "checkbox" (axe rule `label`). The checkbox and the task's text
 * after it are wrapped in a `<label>`, so the task is the checkbox's name and is read once.
 */
export function taskListLabelVisitor(file: VFile): ElementVisitor | undefined {
  // Only a text with a `[ ]` or `[x]` (or such an item written as HTML) can have a task list item.
  if (typeof file.value === 'string' && !/\[[\sxX]\]|task-list-item/.test(file.value)) return undefined;
  return (item) => {
    if (item.tagName !== 'li' || !hasClass(item, 'task-list-item')) return;
    // A loose list puts the checkbox in the item's first paragraph.
    const paragraph = item.children.find((child): child is Element => child.type === 'element');
    for (const holder of paragraph?.tagName === 'p' ? [item, paragraph] : [item]) labelCheckbox(holder);
  };
}

function labelCheckbox(holder: Element): void {
  const siblings = holder.children;
  const index = siblings.findIndex((child) => child.type === 'element' && child.tagName === 'input' && child.properties.type === 'checkbox');
  if (index === -1) return;
  let end = index + 1;
  while (end < siblings.length && !isBlock(siblings[end]!)) end++;
  const label: Element = { type: 'element', tagName: 'label', properties: {}, children: siblings.slice(index, end) };
  siblings.splice(index, end - index, label);
}

function hasClass(element: Element, name: string): boolean {
  const className = element.properties.className;
  return Array.isArray(className) && className.includes(name);
}

function isBlock(node: ElementContent): boolean {
  return node.type === 'element' && blockTags.has(node.tagName);
}
