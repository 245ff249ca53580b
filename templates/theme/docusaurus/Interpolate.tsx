import { Fragment, isValidElement, type ReactNode } from 'react';

export type InterpolateValues = Record<string, ReactNode>;

/** The pieces of `Hello {name}`: text, and the values of the placeholders that have one (others stay as written). */
function pieces(text: string, values: InterpolateValues | undefined): ReactNode[] {
  return text.split(/(\{[\w.-]+\})/g).map((piece) => {
    const name = /^\{([\w.-]+)\}$/.exec(piece)?.[1];
    return name !== undefined && values && Object.hasOwn(values, name) ? values[name] : piece;
  });
}

/** `interpolate('{count} items', { count: 3 })`: a string while every value is one, else the pieces to render. */
export function interpolate(text: string, values?: InterpolateValues): ReactNode {
  const parts = pieces(text, values);
  if (parts.every((part) => !isValidElement(part))) return parts.map((part) => (part === null || part === undefined ? '' : String(part))).join('');
  return parts.map((part, index) => <Fragment key={index}>{part}</Fragment>);
}

/** `@docusaurus/Interpolate`: `<Interpolate values={{ name: <b>x</b> }}>Hello {name}</Interpolate>`. */
export default function Interpolate({ children, values }: { children: string; values?: InterpolateValues }) {
  return <>{interpolate(children, values)}</>;
}
