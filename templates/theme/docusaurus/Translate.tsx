import type { ReactNode } from 'react';
import { interpolate, type InterpolateValues } from './Interpolate.js';

/*
 * `@docusaurus/Translate`. sdkdocs builds one locale, the site's default, so every message is the
 * default message written in the code, with its placeholders filled in.
 */

export interface TranslateMessage {
  message: string;
  id?: string;
  description?: string;
}

/** `translate({ message: 'Edit {file}' }, { file })`: the message with its placeholders filled. */
export function translate({ message }: TranslateMessage, values?: Record<string, string | number>): string {
  return String(interpolate(message, values));
}

export interface TranslateProps {
  children: string;
  id?: string;
  description?: string;
  values?: InterpolateValues;
}

/** `<Translate id="home.title">Welcome</Translate>`. */
export default function Translate({ children, values }: TranslateProps): ReactNode {
  return <>{interpolate(children, values)}</>;
}
