import { Children, isValidElement, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import type { TabItemProps } from './TabItem.js';
import { useQueryChoice, useTabGroupChoice } from './tab-choices.js';

export interface TabValue {
  value: string;
  label?: ReactNode;
  attributes?: Record<string, unknown>;
  default?: boolean;
}

export interface TabsProps {
  /** `<TabItem value="…">` elements, one per tab. */
  children?: ReactNode;
  /** Labels for the values, instead of each TabItem's `label`. */
  values?: TabValue[];
  /** The tab selected first (default: the TabItem marked `default`, else the first). */
  defaultValue?: string | null;
  /** Tabs with the same `groupId` switch together on the page, and the choice is remembered. */
  groupId?: string;
  /** Reflect the choice in the URL: `true` uses `groupId` as the key, a string is the key. */
  queryString?: boolean | string;
  /** Render only the selected panel's content. */
  lazy?: boolean;
  block?: boolean;
  className?: string;
}

type TabItemElement = ReactElement<TabItemProps>;

function tabItems(children: ReactNode): TabItemElement[] {
  return Children.toArray(children).flatMap((child) => {
    if (typeof child === 'string' && child.trim() === '') return [];
    if (isValidElement<TabItemProps>(child) && typeof child.props.value === 'string') return [child];
    const name = isValidElement(child) ? (typeof child.type === 'string' ? child.type : ((child.type as { name?: string }).name ?? 'component')) : JSON.stringify(String(child)).slice(0, 40);
    throw new Error(`<Tabs>: every child must be a <TabItem value="…">, found ${isValidElement(child) ? `<${name}>` : name}.`);
  });
}

function queryKeyOf(queryString: TabsProps['queryString'], groupId: string | undefined): string | undefined {
  if (typeof queryString === 'string') return queryString;
  if (queryString === true) {
    if (!groupId) throw new Error('<Tabs queryString> needs a groupId to use as the query-string key, or a key: queryString="os".');
    return groupId;
  }
  return undefined;
}

/**
 * `@theme/Tabs`, with Docusaurus' props, following the ARIA tabs pattern: a labelled tab list
 * (arrow keys, Home and End move between tabs, only the selected tab is in the Tab order) and one
 * panel per tab, labelled by its tab.
 *
 * Without JavaScript every panel is shown, each under its label, and the tab list is hidden (by
 * CSS keyed on `html.js`), so no content is out of reach.
 */
export default function Tabs({ children, values: givenValues, defaultValue: givenDefault, groupId, queryString, lazy, block, className }: TabsProps) {
  const items = tabItems(children);
  const values: TabValue[] = givenValues ?? items.map((item) => ({ value: item.props.value, label: item.props.label, attributes: item.props.attributes, default: item.props.default }));
  const seen = new Set<string>();
  for (const { value } of values) {
    if (seen.has(value)) throw new Error(`<Tabs>: the value "${value}" is used by two tabs; each TabItem needs its own value.`);
    seen.add(value);
  }
  const isValue = (value: string | null | undefined): value is string => typeof value === 'string' && seen.has(value);
  const defaultValue = givenDefault ?? values.find((value) => value.default)?.value ?? values[0]?.value;
  if (givenDefault != null && !isValue(givenDefault)) {
    throw new Error(`<Tabs>: defaultValue "${givenDefault}" is none of the tab values (${values.map((value) => value.value).join(', ')}).`);
  }
  const queryKey = queryKeyOf(queryString, groupId);
  const [local, setLocal] = useState(defaultValue);
  const [groupChoice, setGroupChoice] = useTabGroupChoice(groupId);
  const [queryChoice, setQueryChoice] = useQueryChoice(queryKey);
  const selected = [queryChoice, groupChoice, local].find(isValue) ?? defaultValue;
  // A choice in the URL is the group's choice too, so every Tabs of the group shows it.
  const queryChoiceIsValue = isValue(queryChoice);
  useEffect(() => {
    if (queryChoiceIsValue && groupChoice !== queryChoice) setGroupChoice(queryChoice);
  }, [queryChoice, queryChoiceIsValue]);
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (value: string) => {
    setLocal(value);
    setGroupChoice(value);
    setQueryChoice(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = values.findIndex((value) => value.value === selected);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + values.length) % values.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = values.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    select(values[next].value);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className={['tabs-container', className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-orientation="horizontal" className={['tabs', block ? 'tabs-block' : ''].filter(Boolean).join(' ')} onKeyDown={onKeyDown}>
        {values.map(({ value, label, attributes }, index) => {
          const isSelected = value === selected;
          return (
            <button
              key={value}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={isSelected}
              aria-controls={`${id}-panel-${index}`}
              tabIndex={isSelected ? 0 : -1}
              {...(attributes as object)}
              className={['tabs-item', isSelected ? 'tabs-item-active' : '', (attributes?.className as string | undefined) ?? ''].filter(Boolean).join(' ')}
              onClick={() => select(value)}
            >
              {label ?? value}
            </button>
          );
        })}
      </div>
      {values.map(({ value, label }, index) => {
        const item = items.find((candidate) => candidate.props.value === value);
        const isSelected = value === selected;
        return (
          <div
            key={value}
            role="tabpanel"
            id={`${id}-panel-${index}`}
            aria-labelledby={`${id}-tab-${index}`}
            tabIndex={0}
            hidden={!isSelected}
            className={['tabs-panel', item?.props.className ?? ''].filter(Boolean).join(' ')}
          >
            <p className="tabs-panel-label">{label ?? value}</p>
            {lazy && !isSelected ? null : item?.props.children}
          </div>
        );
      })}
    </div>
  );
}
