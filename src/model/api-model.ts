/**
 * The API model: what the TypeDoc run yields, as plain JSON data. It holds no routes and no HTML,
 * so one model serves any base URL, and it can be cached on disk and reused by `serve --watch`
 * while the SDK's files do not change.
 */

import type { Diagnostic } from './diagnostic.js';

/** Kinds of top-level symbols; each is also the route segment of its page (`/api/class/Foo`). */
export type ApiSymbolKind = 'class' | 'interface' | 'enum' | 'function' | 'type' | 'variable' | 'namespace';

export interface ApiModel {
  version: number;
  /** The `@packageDocumentation` comment of the entry point, shown on the index page. */
  comment?: ApiComment;
  /** Every exported symbol that gets a page, namespaces' contents included. */
  symbols: ApiSymbol[];
  /**
   * The entry modules, in TypeDoc's order, when the SDK has several entry points; absent for one
   * (its symbols are the API). Each lists its own symbols on `/api` and in the sidebar.
   */
  modules?: ApiModule[];
  /** The `@category` titles of the top-level symbols in TypeDoc's order (one-module SDKs), when any is used. */
  categories?: string[];
  /** The files the model was made from, to tell whether a cached model is still valid. */
  inputs: ApiInputs;
  /** TypeDoc's warnings when the model was made: a build that reuses the model reports them again. */
  warnings: Diagnostic[];
}

/** What a model depends on, each file with a hash of its contents. */
export interface ApiInputs {
  /** Hash of everything besides the files: options, tool versions, model version. */
  settings: string;
  files: { file: string; hash: string }[];
  /** Folders of the SDK's own sources, with a hash of their file names: a new file means a new model. */
  folders: { folder: string; hash: string }[];
}

/** A pointer into the model: a symbol's page, and optionally a member's anchor on it. */
export interface ApiRef {
  /** `ApiSymbol.key` of the page, e.g. `class/PlaykitSdk`. */
  symbol: string;
  /** `ApiMember.id` on that page, e.g. `init`. */
  member?: string;
}

/** A place in the SDK's source. */
export interface ApiSource {
  /** Absolute path. */
  file: string;
  line: number;
  column: number;
}

/** One piece of a printed type or signature: text, optionally linked to the page of a symbol. */
export interface TypeToken {
  text: string;
  /** For highlighting: keywords (`readonly`, `keyof`), type names, literals, parameter and property names. */
  kind?: 'keyword' | 'type' | 'literal' | 'name' | 'punctuation';
  /** Set when the token names a symbol with its own page. */
  ref?: ApiRef;
}

export type ApiCommentPart =
  | { kind: 'text'; text: string }
  /** Markdown code as written, backticks or fences included. */
  | { kind: 'code'; text: string }
  | ApiCommentLink;

/** A `{@link …}`, `{@linkcode …}` or `{@linkplain …}` inline tag. */
export interface ApiCommentLink {
  kind: 'link';
  /** The text shown: the alias after `|`, or the declaration reference itself. */
  text: string;
  /** `{@linkcode}`: shown as code. */
  code: boolean;
  /** The symbol (and member) it points to, when that has a page. */
  target?: ApiRef;
  /** An external URL target (`{@link https://…}`). */
  url?: string;
  /** TypeDoc resolved the reference, but to something without a page of its own. */
  resolvedWithoutPage?: boolean;
  /** Where the tag is written, for the link rules. */
  source?: ApiSource;
}

export interface ApiCommentTag {
  /** With the `@`: `@remarks`, `@example`, `@throws`, `@returns`, `@defaultValue`, `@deprecated`, `@see`. */
  tag: string;
  /** `@example` title, when the example has one. */
  name?: string;
  content: ApiCommentPart[];
}

export interface ApiComment {
  summary: ApiCommentPart[];
  blockTags: ApiCommentTag[];
  /** Such as `@beta`, `@sealed`, `@readonly`, `@eventProperty`. */
  modifierTags: string[];
}

export interface ApiTypeParameter {
  name: string;
  constraint?: TypeToken[];
  default?: TypeToken[];
  comment?: ApiComment;
}

export interface ApiParameter {
  name: string;
  type: TypeToken[];
  optional: boolean;
  rest: boolean;
  /** The initializer as written in the source, e.g. `{}`. */
  defaultValue?: string;
  comment?: ApiComment;
  /** When the type is an inline object type: its properties, with their own comments. */
  properties?: ApiProperty[];
}

/** A property of an inline object type (a parameter's, a return value's, a property's). */
export interface ApiProperty {
  name: string;
  type: TypeToken[];
  optional: boolean;
  readonly: boolean;
  comment?: ApiComment;
  properties?: ApiProperty[];
}

export type ApiSignatureKind = 'call' | 'constructor' | 'get' | 'set' | 'index';

export interface ApiSignature {
  kind: ApiSignatureKind;
  name: string;
  typeParameters: ApiTypeParameter[];
  parameters: ApiParameter[];
  returnType?: TypeToken[];
  /** When the return type is (a promise of) an inline object type: its properties. */
  returnProperties?: ApiProperty[];
  comment?: ApiComment;
  source?: ApiSource;
}

export type ApiMemberKind = 'constructor' | 'property' | 'accessor' | 'method' | 'enumMember' | 'indexSignature' | 'callSignature';

/** Modifiers that show as badges next to a member. */
export interface ApiFlags {
  static?: boolean;
  readonly?: boolean;
  optional?: boolean;
  abstract?: boolean;
  protected?: boolean;
  private?: boolean;
  const?: boolean;
}

/** A reference to another declaration, as TypeDoc records `inheritedFrom`, `overwrites` and `implementationOf`. */
export interface ApiDeclarationRef {
  /** `Error.message`, `Base.init`. */
  text: string;
  /** Set when the declaration has a page in this API. */
  ref?: ApiRef;
}

export interface ApiMember extends ApiGrouping {
  /** Anchor id on the page: the member name's slug, unique on the page. */
  id: string;
  name: string;
  kind: ApiMemberKind;
  flags: ApiFlags;
  /** Comment of a property or enum member; methods carry theirs on each signature. */
  comment?: ApiComment;
  /** Type of a property or enum member. */
  type?: TypeToken[];
  /** Initializer of a property or value of an enum member, as written. */
  defaultValue?: string;
  /** When a property's type is an inline object type: its properties. */
  properties?: ApiProperty[];
  /** Methods, constructors: every overload; index and call signatures. */
  signatures: ApiSignature[];
  getter?: ApiSignature;
  setter?: ApiSignature;
  inheritedFrom?: ApiDeclarationRef;
  overrides?: ApiDeclarationRef;
  implementationOf?: ApiDeclarationRef;
  source?: ApiSource;
}

/** One entry point of an SDK with several. */
export interface ApiModule {
  /** TypeDoc's module name: the entry file's path without extension, or its `@module` name. */
  name: string;
  /** Its `@module` / `@packageDocumentation` comment. */
  comment?: ApiComment;
  /** The `@category` titles of its symbols in TypeDoc's order, when any is used. */
  categories?: string[];
}

/**
 * Where TypeDoc files a declaration in its container's lists: a `@group` of its own (absent for
 * the kind's default group) and its `@category`s.
 */
export interface ApiGrouping {
  group?: string;
  categories?: string[];
}

export interface ApiSymbol extends ApiGrouping {
  /** The entry module that exports it, when the SDK has several. */
  module?: string;
  /** `{kind}/{qualifiedName}`: unique, and the route of its page below the API root. */
  key: string;
  kind: ApiSymbolKind;
  name: string;
  /** `Outer.Inner` for symbols inside namespaces, otherwise the name. */
  qualifiedName: string;
  flags: ApiFlags;
  comment?: ApiComment;
  source?: ApiSource;
  typeParameters: ApiTypeParameter[];
  extends: TypeToken[][];
  implements: TypeToken[][];
  extendedBy: ApiDeclarationRef[];
  implementedBy: ApiDeclarationRef[];
  members: ApiMember[];
  /** Functions: every overload. */
  signatures: ApiSignature[];
  /** Type aliases: the aliased type; variables: their type. */
  type?: TypeToken[];
  /** Variables: the initializer as written. */
  defaultValue?: string;
  /** Namespaces: keys of the symbols inside. */
  children: string[];
  /** The `@category` titles of its members in TypeDoc's order, when any member has one. */
  memberCategories?: string[];
}
