import type { Root } from 'hast';

/**
 * What the API templates render: the API model with routes filled in and TSDoc compiled by the
 * markdown pipeline into trees ({@link ApiText}), which the templates turn into elements. Plain
 * data, so the templates stay pure and the API stage makes no HTML.
 */

/** A piece of TSDoc (a summary, a tag's text) as the docs' markdown pipeline compiled it. */
export type ApiText = Root;

/** A piece of a type or signature; `href` when the name has a page of its own. */
export interface TokenView {
  text: string;
  kind?: 'keyword' | 'type' | 'literal' | 'name' | 'punctuation';
  href?: string;
}

export interface LinkView {
  text: string;
  href?: string;
}

/** Where a declaration is, and the link to it in the repository when the site has a template. */
export interface SourceView {
  label: string;
  href?: string;
}

/** A TSDoc comment, each part compiled. */
export interface CommentView {
  summary?: ApiText;
  remarks?: ApiText;
  /** Set (possibly to an empty tree) when the declaration is `@deprecated`. */
  deprecated?: ApiText;
  returns?: ApiText;
  throws: ApiText[];
  examples: { title?: string; text: ApiText }[];
  defaultValue?: ApiText;
  see: ApiText[];
  /** Other block tags, such as `@since`, by their name without `@`. */
  otherTags: { tag: string; text: ApiText }[];
  /** Modifier tags without `@`: `beta`, `alpha`, `experimental`. */
  modifiers: string[];
}

export interface TypeParameterView {
  name: string;
  constraint?: TokenView[];
  default?: TokenView[];
  description?: ApiText;
}

export interface PropertyView {
  name: string;
  type: TokenView[];
  optional: boolean;
  readonly: boolean;
  description?: ApiText;
  properties: PropertyView[];
}

export interface ParameterView {
  name: string;
  type: TokenView[];
  optional: boolean;
  rest: boolean;
  defaultValue?: string;
  description?: ApiText;
  properties: PropertyView[];
}

export interface SignatureView {
  /** The whole signature as code: `playRound(bet: number): Promise<RoundResult>`. */
  code: TokenView[];
  comment: CommentView;
  typeParameters: TypeParameterView[];
  parameters: ParameterView[];
  returns?: { type: TokenView[]; description?: ApiText; properties: PropertyView[] };
  source?: SourceView;
}

export interface MemberView {
  /** Anchor id: `/api/class/PlaykitSdk#init`. */
  id: string;
  /** A second anchor, the name as written (`#Box` beside `#box`): docusaurus-plugin-typedoc-api's. */
  caseKeptId?: string;
  name: string;
  badges: string[];
  deprecated: boolean;
  /** Declaration of a property or enum member: `readonly code: string`, `Symbol = "symbol"`. */
  code?: TokenView[];
  comment: CommentView;
  properties: PropertyView[];
  signatures: SignatureView[];
  /** The signatures are overloads (not an accessor's getter and setter): number them. */
  overloaded: boolean;
  inheritedFrom?: LinkView;
  overrides?: LinkView;
  implementationOf?: LinkView;
  source?: SourceView;
}

export interface SectionView {
  id: string;
  title: string;
  members: MemberView[];
}

export interface ApiSymbolView {
  name: string;
  /** Route segment of the kind: `class`, `enum`, … */
  kind: string;
  kindLabel: string;
  deprecated: boolean;
  /** `class RgsError extends Error`, `type Handler = (…) => void`. Absent for functions. */
  declaration?: TokenView[];
  comment: CommentView;
  typeParameters: TypeParameterView[];
  /** What extends or implements this symbol; what it extends is in `declaration`. */
  hierarchy: { extendedBy: LinkView[]; implementedBy: LinkView[] };
  /** Functions: every overload. */
  signatures: SignatureView[];
  sections: SectionView[];
  /**
   * Members kept apart, collapsed: `protected` ones (for subclasses only) and those inherited
   * from outside the SDK (such as `Error`'s), each group with its sections.
   */
  memberGroups: { id: string; title: string; sections: SectionView[] }[];
  /** Namespaces: what they hold. */
  children: ApiIndexItemView[];
  source?: SourceView;
}

export interface ApiIndexItemView {
  name: string;
  href: string;
  kindLabel: string;
  summary?: ApiText;
  deprecated: boolean;
}

export interface ApiIndexView {
  title: string;
  /** The entry point's `@packageDocumentation`. */
  intro?: ApiText;
  groups: ApiIndexGroupView[];
  /** SDKs with several entry points: a part per module, each with its own groups. */
  modules: { id: string; title: string; intro?: ApiText; groups: ApiIndexGroupView[] }[];
}

export interface ApiIndexGroupView {
  id: string;
  title: string;
  items: ApiIndexItemView[];
}

/** One change as the page shows it, with links to both versions' pages. */
export interface ApiChangeView {
  kind: 'removed' | 'changed' | 'deprecated' | 'added';
  breaking: boolean;
  name: string;
  symbolKind: string;
  details: string[];
  fromHref?: string;
  toHref?: string;
}

/** The changes between two versions of the API, as the changes page lists them. */
export interface ApiChangesView {
  fromLabel: string;
  toLabel: string;
  changes: ApiChangeView[];
}
