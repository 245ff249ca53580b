import type { ThemeStringKey } from '../shared/theme-strings.js';
import type { ApiMemberKind, ApiSignature, ApiSymbolKind, ApiTypeParameter, TypeToken } from './api-model.js';

/*
 * How the API reference names and prints declarations: the labels of kinds and sections and the
 * tokens of a signature. The API pages, their markdown copies and the popovers of names in code
 * samples all print them, so they read the same everywhere.
 */

/** Name of the API sidebar in `site.sidebars` and in each API page's `data.sidebar`. */
export const apiSidebarName = 'api';

export const kindLabels: Record<ApiSymbolKind, ThemeStringKey> = {
  class: 'apiKindClass',
  interface: 'apiKindInterface',
  enum: 'apiKindEnum',
  function: 'apiKindFunction',
  type: 'apiKindType',
  variable: 'apiKindVariable',
  namespace: 'apiKindNamespace',
};

export const groupLabels: Record<ApiSymbolKind, ThemeStringKey> = {
  class: 'apiGroupClass',
  interface: 'apiGroupInterface',
  enum: 'apiGroupEnum',
  function: 'apiGroupFunction',
  type: 'apiGroupType',
  variable: 'apiGroupVariable',
  namespace: 'apiGroupNamespace',
};

/** Member sections in page order (the pages and their markdown copies). */
export const memberKindSections: { kinds: ApiMemberKind[]; title: ThemeStringKey }[] = [
  { kinds: ['callSignature'], title: 'apiSectionCallSignatures' },
  { kinds: ['constructor'], title: 'apiSectionConstructors' },
  { kinds: ['enumMember'], title: 'apiSectionEnumMembers' },
  { kinds: ['property'], title: 'apiSectionProperties' },
  { kinds: ['accessor'], title: 'apiSectionAccessors' },
  { kinds: ['method'], title: 'apiSectionMethods' },
  { kinds: ['indexSignature'], title: 'apiSectionIndexSignatures' },
];

/** Signatures longer than this put each parameter on its own line. */
export const maxSignatureWidth = 80;

export function signatureTokens(signature: ApiSignature, name: string): TypeToken[] {
  if (signature.kind === 'index') {
    const parameter = signature.parameters[0];
    return [
      { text: '[', kind: 'punctuation' },
      { text: parameter?.name ?? 'key', kind: 'name' },
      { text: ': ', kind: 'punctuation' },
      ...(parameter?.type ?? []),
      { text: ']: ', kind: 'punctuation' },
      ...(signature.returnType ?? []),
    ];
  }
  const head: TypeToken[] = [];
  if (signature.kind === 'constructor') head.push({ text: 'new ', kind: 'keyword' });
  if (signature.kind === 'get') head.push({ text: 'get ', kind: 'keyword' });
  if (signature.kind === 'set') head.push({ text: 'set ', kind: 'keyword' });
  head.push({ text: signature.kind === 'constructor' ? signature.name : name, kind: 'name' });
  const typeParameters = typeParameterTokens(signature.typeParameters);
  // Type parameters with long constraints get a line each too, as rustdoc prints them.
  head.push(...(widthOf([...head, ...typeParameters]) > maxSignatureWidth ? typeParameterTokens(signature.typeParameters, true) : typeParameters));
  const parameters = signature.parameters.map((parameter): TypeToken[] => [
    ...(parameter.rest ? [{ text: '...', kind: 'punctuation' as const }] : []),
    { text: parameter.name, kind: 'name' },
    { text: parameter.optional ? '?: ' : ': ', kind: 'punctuation' },
    ...parameter.type,
  ]);
  const tail: TypeToken[] = signature.kind === 'set' || !signature.returnType ? [] : [{ text: '): ', kind: 'punctuation' }, ...signature.returnType];
  const close: TypeToken[] = tail.length > 0 ? tail : [{ text: ')', kind: 'punctuation' }];
  const oneLine = [...head, { text: '(', kind: 'punctuation' as const }, ...joinTokens(parameters, ', '), ...close];
  if (parameters.length === 0 || widthOf(oneLine) <= maxSignatureWidth) return oneLine;
  // One parameter per line, the inner lines of multi-line object types indented with them.
  const indented = parameters.map((tokens) => [{ text: '\n  ' }, ...tokens.map((token) => ({ ...token, text: token.text.replaceAll('\n', '\n  ') }))]);
  return [...head, { text: '(', kind: 'punctuation' }, ...joinTokens(indented, ','), { text: '\n' }, ...close];
}

/** The length of the longest line of some tokens. */
export function widthOf(tokens: TypeToken[]): number {
  return Math.max(
    ...tokens
      .map((token) => token.text)
      .join('')
      .split('\n')
      .map((line) => line.length),
  );
}

/** `<K extends string, V = number>`; with `multiline`, one type parameter per line. */
export function typeParameterTokens(parameters: ApiTypeParameter[], multiline = false): TypeToken[] {
  if (parameters.length === 0) return [];
  const each = parameters.map((parameter): TypeToken[] => [
    { text: parameter.name, kind: 'type' },
    ...(parameter.constraint ? [{ text: ' extends ', kind: 'keyword' as const }, ...parameter.constraint] : []),
    ...(parameter.default ? [{ text: ' = ', kind: 'punctuation' as const }, ...parameter.default] : []),
  ]);
  if (!multiline) return [{ text: '<', kind: 'punctuation' }, ...joinTokens(each, ', '), { text: '>', kind: 'punctuation' }];
  const indented = each.map((tokens) => [{ text: '\n  ' }, ...tokens]);
  return [{ text: '<', kind: 'punctuation' }, ...joinTokens(indented, ','), { text: '\n' }, { text: '>', kind: 'punctuation' }];
}

export function joinTokens(lists: TypeToken[][], separator: string): TypeToken[] {
  return lists.flatMap((list, index) => (index > 0 ? [{ text: separator, kind: 'punctuation' as const }, ...list] : list));
}

