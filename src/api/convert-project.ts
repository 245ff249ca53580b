import GithubSlugger from 'github-slugger';
import {
  type Comment,
  type CommentDisplayPart,
  type ContainerReflection,
  type DeclarationReflection,
  type ParameterReflection,
  type ProjectReflection,
  type ReferenceType,
  type Reflection,
  ReflectionKind,
  type SignatureReflection,
  type SomeType,
  type SourceReference,
  type TypeParameterReflection,
} from 'typedoc';
import type { Diagnostic } from '../core/diagnostic.js';
import type {
  ApiComment,
  ApiCommentPart,
  ApiDeclarationRef,
  ApiFlags,
  ApiGrouping,
  ApiMember,
  ApiMemberKind,
  ApiModel,
  ApiModule,
  ApiParameter,
  ApiProperty,
  ApiRef,
  ApiSignature,
  ApiSignatureKind,
  ApiSource,
  ApiSymbol,
  ApiSymbolKind,
  ApiTypeParameter,
} from '../core/api-model.js';
import { linkOpening, type LinkLocator } from './locate-comment.js';
import { linkedName, namesTarget, TypePrinter } from './type-tokens.js';

const symbolKinds = new Map<ReflectionKind, ApiSymbolKind>([
  [ReflectionKind.Class, 'class'],
  [ReflectionKind.Interface, 'interface'],
  [ReflectionKind.Enum, 'enum'],
  [ReflectionKind.Function, 'function'],
  [ReflectionKind.TypeAlias, 'type'],
  [ReflectionKind.Variable, 'variable'],
  [ReflectionKind.Namespace, 'namespace'],
]);

const memberKinds = new Map<ReflectionKind, ApiMemberKind>([
  [ReflectionKind.Constructor, 'constructor'],
  [ReflectionKind.Property, 'property'],
  [ReflectionKind.Accessor, 'accessor'],
  [ReflectionKind.Method, 'method'],
  [ReflectionKind.EnumMember, 'enumMember'],
]);

const signatureKinds = new Map<ReflectionKind, ApiSignatureKind>([
  [ReflectionKind.CallSignature, 'call'],
  [ReflectionKind.ConstructorSignature, 'constructor'],
  [ReflectionKind.GetSignature, 'get'],
  [ReflectionKind.SetSignature, 'set'],
  [ReflectionKind.IndexSignature, 'index'],
]);

const linkTags = new Set(['@link', '@linkcode', '@linkplain']);

export interface ConvertOptions {
  /** Reads a source file, to find the line of each `{@link}` for the link rules. */
  readSource: (file: string) => string | undefined;
  /** Finds a `{@link}` in the comment of a declaration; the source lines above it are searched otherwise. */
  locateLink?: LinkLocator;
  /** `api.linkTags`: aliases of `{@link}` (already made `@link` parts), to find where they are written. */
  linkTags?: readonly string[];
  /** True for a link whose text the author wrote after its target, which is then not a name to check. */
  hasOwnLinkText?: (part: CommentDisplayPart) => boolean;
}

/**
 * Turns TypeDoc's reflection model into the plain {@link ApiModel}: every exported class, enum,
 * interface, function, type alias, variable and namespace becomes a symbol with its members,
 * comments, signatures and types printed as tokens that link to the pages of other symbols.
 */
export function convertProject(
  project: ProjectReflection,
  options: ConvertOptions,
): Pick<ApiModel, 'comment' | 'symbols' | 'modules' | 'categories'> & { diagnostics: Diagnostic[] } {
  const pages = collectPages(project);
  const refOf = (reflection: Reflection): ApiRef | undefined => {
    for (let current: Reflection | undefined = reflection; current && !current.isProject(); current = current.parent) {
      const ref = pages.refs.get(current.id);
      if (ref) return ref;
    }
    return undefined;
  };
  const exactRefOf = (reflection: Reflection): ApiRef | undefined => pages.refs.get(reflection.id);
  const unresolved = new UnresolvedTypes(options.readSource);
  const converter: ReflectionConverter = new ReflectionConverter(
    new TypePrinter(exactRefOf, (name) => unresolved.add(converter.writtenName(name), converter.location)),
    refOf,
    exactRefOf,
    options,
  );
  const symbols = pages.symbols.map(({ reflection, key, kind, qualifiedName, memberIds, children, module, grouping }) => {
    const symbol = converter.symbol(reflection, { key, kind, qualifiedName, memberIds, children });
    return { ...(module === undefined ? {} : { module }), ...grouping, ...symbol };
  });
  const modules = pages.modules.map(
    ({ reflection, categories }): ApiModule => ({
      name: reflection.name,
      ...(reflection.comment ? { comment: converter.comment(reflection.comment, reflection) } : {}),
      ...(categories ? { categories } : {}),
    }),
  );
  return {
    comment: converter.comment(project.comment, undefined),
    symbols,
    ...(modules.length > 1 ? { modules } : {}),
    ...(modules.length <= 1 && pages.categories ? { categories: pages.categories } : {}),
    diagnostics: unresolved.diagnostics(),
  };
}

/**
 * Where TypeDoc's group and category plugins filed each child of a container (by reflection id),
 * and the container's category titles in their order. A group named after the child's kind is
 * TypeDoc's default and left out.
 */
function groupingsOf(container: ContainerReflection): { byId: Map<number, ApiGrouping>; categories?: string[] } {
  const byId = new Map<number, ApiGrouping>();
  const entry = (id: number) => byId.get(id) ?? byId.set(id, {}).get(id)!;
  const categoryTitles: string[] = [];
  const file = (category: { title: string; children: { id: number }[] }) => {
    if (!categoryTitles.includes(category.title)) categoryTitles.push(category.title);
    for (const child of category.children) (entry(child.id).categories ??= []).push(category.title);
  };
  for (const group of container.groups ?? []) {
    for (const child of group.children) {
      if (child.isDeclaration() && group.title !== ReflectionKind.pluralString(child.kind)) entry(child.id).group = group.title;
    }
    for (const category of group.categories ?? []) file(category);
  }
  for (const category of container.categories ?? []) file(category);
  return categoryTitles.length > 0 ? { byId, categories: categoryTitles } : { byId };
}

/**
 * Type names TypeScript could not resolve, each reported once, where it is first used: they show
 * as plain text, and the reader of the build output should know why.
 */
class UnresolvedTypes {
  private readonly uses = new Map<string, { source?: ApiSource; count: number }>();

  constructor(private readonly readSource: (file: string) => string | undefined) {}

  add(name: string, source: ApiSource | undefined): void {
    const use = this.uses.get(name);
    if (use) use.count++;
    else this.uses.set(name, { source, count: 1 });
  }

  diagnostics(): Diagnostic[] {
    return [...this.uses].map(([name, { source, count }]) => {
      const module = source ? importedFrom(this.readSource(source.file), name) : undefined;
      const others = count > 1 ? ` (and ${count - 1} more ${count === 2 ? 'use' : 'uses'})` : '';
      return {
        severity: 'warning',
        code: 'api-unresolved-type',
        message: `The type \`${name}\` cannot be resolved${module ? ` (imported from '${module}')` : ''}, so it is shown without a link${others}.`,
        ...(source ? { file: source.file, line: source.line, column: source.column } : {}),
        hint: module
          ? `Install '${module}' where the SDK's tsconfig can find it, or leave it: the API pages name the type without linking it.`
          : 'Install the package that declares it where the SDK\'s tsconfig can find it, or export it from an entry point.',
      };
    });
  }
}

/** The module a file imports `name` (or the namespace `name.X`) from, read from its import statements. */
function importedFrom(text: string | undefined, name: string): string | undefined {
  if (!text) return undefined;
  const local = name.split('.')[0].replace(/[$]/g, '\\$');
  const statement = new RegExp(`(?:import|export)\\s[^;]*?\\b${local}\\b[^;]*?\\sfrom\\s*['"]([^'"]+)['"]`);
  return statement.exec(text)?.[1];
}

interface PageEntry {
  reflection: DeclarationReflection;
  /** The entry module, when the SDK has several. */
  module?: string;
  grouping: ApiGrouping;
  key: string;
  kind: ApiSymbolKind;
  qualifiedName: string;
  memberIds: Map<number, string>;
  children: string[];
}

/**
 * First pass: which reflections get a page and which anchor every member gets, so that types and
 * links anywhere can point to them.
 */
function collectPages(project: ProjectReflection): {
  symbols: PageEntry[];
  refs: Map<number, ApiRef>;
  modules: { reflection: DeclarationReflection; categories?: string[] }[];
  categories?: string[];
} {
  const symbols: PageEntry[] = [];
  const refs = new Map<number, ApiRef>();
  const modules: { reflection: DeclarationReflection; categories?: string[] }[] = [];
  const keys = new Set<string>();
  const several = (project.children ?? []).filter((child) => child.kindOf(ReflectionKind.Module)).length > 1;
  const visit = (container: DeclarationReflection | ProjectReflection, prefix: string, module: string | undefined): string[] => {
    const found: string[] = [];
    const groupings = groupingsOf(container);
    for (const reflection of container.children ?? []) {
      // With several entry points TypeDoc makes a module per file; each is a part of the API.
      if (reflection.kindOf(ReflectionKind.Module)) {
        const categories = groupingsOf(reflection).categories;
        modules.push(categories ? { reflection, categories } : { reflection });
        found.push(...visit(reflection, prefix, several ? reflection.name : undefined));
        continue;
      }
      const kind = symbolKinds.get(reflection.kind);
      if (!kind) continue;
      const qualifiedName = prefix ? `${prefix}.${reflection.name}` : reflection.name;
      // Two modules may export different declarations of one name: the later one's route names its module.
      let key = `${kind}/${qualifiedName}`;
      if (keys.has(key) && module !== undefined) key = `${kind}/${module.replace(/[^\w./-]+/g, '-')}/${qualifiedName}`;
      keys.add(key);
      const grouping = prefix ? {} : (groupings.byId.get(reflection.id) ?? {});
      const entry: PageEntry = { reflection, module, grouping, key, kind, qualifiedName, memberIds: new Map(), children: [] };
      symbols.push(entry);
      found.push(key);
      refs.set(reflection.id, { symbol: key });
      const slugger = new GithubSlugger();
      for (const member of membersOf(reflection)) {
        const id = slugger.slug(member.name);
        entry.memberIds.set(member.id, id);
        refs.set(member.id, { symbol: key, member: id });
      }
      if (kind === 'namespace') entry.children = visit(reflection, qualifiedName, module);
    }
    return found;
  };
  visit(project, '', undefined);
  const categories = groupingsOf(project).categories;
  return categories ? { symbols, refs, modules, categories } : { symbols, refs, modules };
}

/** The members shown on a symbol's page: own members first in source order, then inherited ones. */
function membersOf(reflection: DeclarationReflection): DeclarationReflection[] {
  if (reflection.kindOf(ReflectionKind.Namespace)) return [];
  const children =
    reflection.children ??
    (reflection.type?.type === 'reflection' && reflection.kindOf(ReflectionKind.TypeAlias | ReflectionKind.Variable)
      ? reflection.type.declaration.children
      : undefined) ??
    [];
  const members = children.filter((child) => memberKinds.has(child.kind));
  const own = members.filter((member) => !member.inheritedFrom);
  const inherited = members.filter((member) => member.inheritedFrom);
  return [...own, ...inherited];
}

class ReflectionConverter {
  /** The declaration being converted: where a type that cannot be resolved is reported. */
  location: ApiSource | undefined;
  /** The written name of the heritage clause being printed, when TypeScript knows it only as `unknown`. */
  private heritageName: string | undefined;

  constructor(
    private readonly printer: TypePrinter,
    private readonly refOf: (reflection: Reflection) => ApiRef | undefined,
    private readonly exactRefOf: (reflection: Reflection) => ApiRef | undefined,
    private readonly options: ConvertOptions,
  ) {}

  symbol(
    reflection: DeclarationReflection,
    page: { key: string; kind: ApiSymbolKind; qualifiedName: string; memberIds: Map<number, string>; children: string[] },
  ): ApiSymbol {
    const source = sourceOf(reflection);
    this.location = source;
    const memberContainer = reflection.children ? reflection : reflection.type?.type === 'reflection' ? reflection.type.declaration : undefined;
    const memberGroupings = memberContainer && !reflection.kindOf(ReflectionKind.Namespace) ? groupingsOf(memberContainer) : undefined;
    const members = membersOf(reflection).map((member) => ({ ...this.member(member, page.memberIds.get(member.id)!), ...memberGroupings?.byId.get(member.id) }));
    this.location = source;
    for (const [index, signature] of (reflection.indexSignatures ?? []).entries()) {
      members.push({
        id: index === 0 ? 'index-signature' : `index-signature-${index}`,
        name: '[index]',
        kind: 'indexSignature',
        flags: {},
        signatures: [this.signature(signature)],
        source: sourceOf(signature),
      });
    }
    const isFunction = page.kind === 'function';
    if (!isFunction && reflection.signatures?.length) {
      members.unshift({
        id: 'call-signature',
        name: '(call)',
        kind: 'callSignature',
        flags: {},
        signatures: reflection.signatures.map((signature) => this.signature(signature)),
        source: sourceOf(reflection.signatures[0]),
      });
    }
    const showsType = page.kind === 'type' || page.kind === 'variable';
    return {
      key: page.key,
      kind: page.kind,
      name: reflection.name,
      qualifiedName: page.qualifiedName,
      flags: flagsOf(reflection),
      comment: this.comment(reflection.comment, reflection),
      source,
      typeParameters: this.typeParameters(reflection.typeParameters, reflection),
      extends: this.heritage(reflection.extendedTypes, 'extends', source),
      implements: this.heritage(reflection.implementedTypes, 'implements', source),
      extendedBy: (reflection.extendedBy ?? []).filter((type) => inherits(type, reflection, 'extendedTypes')).map((type) => this.declarationRef(type)),
      implementedBy: (reflection.implementedBy ?? []).filter((type) => inherits(type, reflection, 'implementedTypes')).map((type) => this.declarationRef(type)),
      members,
      signatures: isFunction ? (reflection.signatures ?? []).map((signature) => this.signature(signature)) : [],
      type: showsType && reflection.type ? this.printer.type(reflection.type) : undefined,
      defaultValue: page.kind === 'variable' ? reflection.defaultValue : undefined,
      children: page.children,
      ...(memberGroupings?.categories ? { memberCategories: memberGroupings.categories } : {}),
    };
  }

  /** The name to report for a type TypeScript could not resolve. */
  writtenName(name: string): string {
    return name === 'unknown' && this.heritageName ? this.heritageName : name;
  }

  /**
   * `extends` or `implements` types. A base class from a dependency that is not installed is
   * TypeScript's `unknown`: the name written in the source is shown (and reported) instead.
   */
  private heritage(types: SomeType[] | undefined, clause: 'extends' | 'implements', source: ApiSource | undefined): ApiSymbol['extends'] {
    const written = source ? heritageNames(this.options.readSource(source.file), source, clause) : [];
    return (types ?? []).map((type, index) => {
      const unresolvedBase = type.type === 'reference' && type.name === 'unknown' ? written[index] : undefined;
      this.heritageName = unresolvedBase;
      try {
        const tokens = this.printer.type(type);
        return unresolvedBase ? [{ text: unresolvedBase, kind: 'type' as const }, ...tokens.slice(1)] : tokens;
      } finally {
        this.heritageName = undefined;
      }
    });
  }

  private member(reflection: DeclarationReflection, id: string): ApiMember {
    const kind = memberKinds.get(reflection.kind)!;
    const outer = this.location;
    try {
      this.location = sourceOf(reflection) ?? outer;
      return this.convertMember(reflection, id, kind);
    } finally {
      this.location = outer;
    }
  }

  private convertMember(reflection: DeclarationReflection, id: string, kind: ApiMemberKind): ApiMember {
    const member: ApiMember = {
      id,
      name: reflection.name,
      kind,
      flags: flagsOf(reflection),
      comment: this.comment(reflection.comment, reflection),
      signatures: (reflection.signatures ?? []).map((signature) => this.signature(signature)),
      source: sourceOf(reflection),
    };
    if (kind === 'property' || kind === 'enumMember') {
      const properties = this.properties(reflection.type);
      member.type = this.printer.type(reflection.type, { collapseObjects: properties !== undefined });
      if (properties) member.properties = properties;
      if (reflection.defaultValue !== undefined && reflection.defaultValue !== '...') member.defaultValue = reflection.defaultValue;
    }
    if (reflection.getSignature) member.getter = this.signature(reflection.getSignature);
    if (reflection.setSignature) member.setter = this.signature(reflection.setSignature);
    if (reflection.inheritedFrom) member.inheritedFrom = this.declarationRef(reflection.inheritedFrom);
    if (reflection.overwrites) member.overrides = this.declarationRef(reflection.overwrites);
    if (reflection.implementationOf) member.implementationOf = this.declarationRef(reflection.implementationOf);
    return member;
  }

  private signature(reflection: SignatureReflection): ApiSignature {
    const outer = this.location;
    try {
      this.location = sourceOf(reflection) ?? sourceOf(reflection.parent) ?? outer;
      return this.convertSignature(reflection);
    } finally {
      this.location = outer;
    }
  }

  private convertSignature(reflection: SignatureReflection): ApiSignature {
    const kind = signatureKinds.get(reflection.kind) ?? 'call';
    const returnProperties = kind === 'set' ? undefined : this.properties(reflection.type);
    return {
      kind,
      name: reflection.name,
      typeParameters: this.typeParameters(reflection.typeParameters, reflection),
      parameters: (reflection.parameters ?? []).map((parameter) => this.parameter(parameter, reflection)),
      returnType: kind === 'set' ? undefined : this.printer.type(reflection.type, { collapseObjects: returnProperties !== undefined }),
      returnProperties,
      comment: this.comment(reflection.comment, reflection),
      source: sourceOf(reflection) ?? sourceOf(reflection.parent),
    };
  }

  /**
   * The properties of the inline object type inside `type` (through promises, `Readonly`, arrays
   * and `| undefined`), so that their comments show: `@inline` types have no page of their own.
   * Undefined when no property has a comment, as the type alone then says it all.
   */
  private properties(type: SomeType | undefined, depth = 0): ApiProperty[] | undefined {
    const declaration = inlineObjectOf(type);
    if (!declaration || depth > 3) return undefined;
    const properties = (declaration.children ?? []).map((child): ApiProperty => {
      const signature = child.signatures?.[0];
      const nested = signature ? undefined : this.properties(child.type, depth + 1);
      const property: ApiProperty = {
        name: child.name,
        // A method of an object type reads best as the function type it is.
        type: signature ? this.printer.functionType(signature) : this.printer.type(child.type, { collapseObjects: nested !== undefined }),
        optional: child.flags.isOptional,
        readonly: child.flags.isReadonly,
        comment: this.comment(child.comment ?? signature?.comment, child),
      };
      if (nested) property.properties = nested;
      return property;
    });
    const documented = (list: ApiProperty[]): boolean => list.some((property) => property.comment || (property.properties && documented(property.properties)));
    return documented(properties) ? properties : undefined;
  }

  private parameter(reflection: ParameterReflection, owner: SignatureReflection): ApiParameter {
    const properties = this.properties(reflection.type);
    return {
      name: reflection.name,
      type: this.printer.type(reflection.type, { collapseObjects: properties !== undefined }),
      optional: reflection.flags.isOptional || reflection.defaultValue !== undefined,
      rest: reflection.flags.isRest,
      // TypeDoc writes `...` for initializers too long to show; they say nothing.
      defaultValue: reflection.defaultValue === '...' ? undefined : reflection.defaultValue,
      comment: this.comment(reflection.comment, owner),
      properties,
    };
  }

  private typeParameters(list: TypeParameterReflection[] | undefined, owner: Reflection): ApiTypeParameter[] {
    return (list ?? []).map((parameter) => ({
      name: parameter.varianceModifier ? `${parameter.varianceModifier} ${parameter.name}` : parameter.name,
      constraint: parameter.type ? this.printer.type(parameter.type) : undefined,
      default: parameter.default ? this.printer.type(parameter.default) : undefined,
      comment: this.comment(parameter.comment, owner),
    }));
  }

  private declarationRef(type: ReferenceType): ApiDeclarationRef {
    const target = type.reflection;
    const shown = target && linkedName(type.name, target);
    const ref = shown ? this.exactRefOf(target) : undefined;
    return ref && shown ? { text: shown, ref } : { text: type.name };
  }

  /** `owner` is the reflection whose source holds the comment, to place its links. */
  comment(comment: Comment | undefined, owner: Reflection | undefined): ApiComment | undefined {
    if (!comment) return undefined;
    // A module's comment sits at the top of its file, not above a declaration.
    const source = owner && !owner.kindOf(ReflectionKind.Module) ? nearestSource(owner) : moduleCommentSource(comment, this.options.readSource);
    const converted: ApiComment = {
      summary: this.parts(comment.summary, source),
      blockTags: comment.blockTags
        .filter((tag) => !tag.skipRendering)
        .map((tag) => {
          const content = this.parts(tag.content, source);
          return tag.name === undefined ? { tag: tag.tag, content } : { tag: tag.tag, name: tag.name, content };
        }),
      modifierTags: [...comment.modifierTags],
    };
    const empty = converted.summary.length === 0 && converted.blockTags.length === 0 && converted.modifierTags.length === 0;
    return empty ? undefined : converted;
  }

  private parts(parts: readonly CommentDisplayPart[], source: ApiSource | undefined): ApiCommentPart[] {
    return parts.map((part): ApiCommentPart => {
      switch (part.kind) {
        case 'text':
          return { kind: 'text', text: part.text };
        case 'code':
          return { kind: 'code', text: part.text };
        case 'relative-link':
          return { kind: 'text', text: part.text };
        case 'inline-tag': {
          if (!linkTags.has(part.tag)) return { kind: 'text', text: part.text };
          const link: Extract<ApiCommentPart, { kind: 'link' }> = { kind: 'link', text: part.text, code: part.tag === '@linkcode' };
          const target = part.target;
          if (typeof target === 'string') {
            link.url = target;
          } else if (target && 'variant' in target) {
            const intended = exportedNameShadowedBy(target) ?? target;
            // TypeDoc may resolve a name it cannot find to an unrelated declaration: such a link
            // is left unresolved, so that the link checker reports it at its comment line.
            if (!this.options.hasOwnLinkText?.(part) && !linkTextNamesTarget(part.text, intended)) {
              if (source) link.source = this.options.locateLink?.(source, part.text) ?? locateLink(source, part.text, this.options);
              return link;
            }
            const ref = this.refOf(intended);
            if (ref) link.target = ref;
            else link.resolvedWithoutPage = true;
          } else if (target) {
            // A symbol outside the documented package, such as `Promise`: resolved, but no page here.
            link.resolvedWithoutPage = true;
          }
          if (source) link.source = this.options.locateLink?.(source, part.text) ?? locateLink(source, part.text, this.options);
          return link;
        }
      }
    });
  }
}

/**
 * False when a `{@link}` written as a name (`ProtocolModifier.TIMED`, `Room#leave`) leads to a
 * declaration of another name; link text of the author's own words is not judged.
 */
/**
 * TypeScript resolves `{@link TokenParams}` in a function's comment to the function's parameter
 * when one is named `TokenParams`; the author means the exported declaration of that name.
 */
function exportedNameShadowedBy(target: Reflection): Reflection | undefined {
  if (!target.kindOf(ReflectionKind.Parameter | ReflectionKind.TypeParameter)) return undefined;
  const search = (container: ContainerReflection): Reflection | undefined => {
    const children = container.children ?? [];
    return children.find((child) => child.name === target.name && !child.kindOf(ReflectionKind.Module)) ??
      children.filter((child) => child.kindOf(ReflectionKind.Module)).map(search).find(Boolean);
  };
  return search(target.project);
}

function linkTextNamesTarget(text: string, target: Reflection): boolean {
  const written = text.trim().replace(/\(\)$/, '');
  if (!/^[\w$]+(?:[.#~][\w$]+)*$/.test(written)) return true;
  return namesTarget(written.replace(/[#~]/g, '.'), target);
}

/** Wrappers looked through to find an inline object type worth listing property by property. */
const transparentWrappers = new Set(['Promise', 'PromiseLike', 'Readonly', 'Partial', 'Required', 'Array', 'ReadonlyArray']);

function inlineObjectOf(type: SomeType | undefined): DeclarationReflection | undefined {
  switch (type?.type) {
    case 'reflection':
      return type.declaration.children?.length ? type.declaration : undefined;
    case 'reference':
      return transparentWrappers.has(type.name) && type.typeArguments?.length === 1 ? inlineObjectOf(type.typeArguments[0]) : undefined;
    case 'array':
      return inlineObjectOf(type.elementType);
    case 'union': {
      const defined = type.types.filter((member) => !(member.type === 'intrinsic' && (member.name === 'undefined' || member.name === 'null')));
      return defined.length === 1 ? inlineObjectOf(defined[0]) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * True when `derived` (from `base.extendedBy` or `implementedBy`) really names `base` in its
 * heritage: TypeDoc files a class whose base TypeScript cannot resolve under whatever declaration
 * the unresolved symbol was attached to.
 */
function inherits(derived: ReferenceType, base: DeclarationReflection, clause: 'extendedTypes' | 'implementedTypes'): boolean {
  const target = derived.reflection;
  if (!target || !target.isDeclaration()) return true;
  return (target[clause] ?? []).some((type) => type.type === 'reference' && type.reflection === base && namesTarget(type.name, base));
}

/** The types of a declaration's `extends` or `implements` clause as written, from its source. */
function heritageNames(text: string | undefined, source: ApiSource, clause: 'extends' | 'implements'): string[] {
  if (!text) return [];
  const lines = text.split('\n');
  const start = lines.slice(0, source.line - 1).reduce((sum, line) => sum + line.length + 1, 0) + source.column - 1;
  const head = text.slice(start, text.indexOf('{', start) === -1 ? undefined : text.indexOf('{', start));
  const match = new RegExp(`\\b${clause}\\s+([\\s\\S]*?)(?:\\b(?:extends|implements)\\b|$)`).exec(head);
  if (!match) return [];
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of match[1]) {
    if (char === '<') depth++;
    if (char === '>') depth--;
    if (char === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  names.push(current);
  return names.map((name) => /^[\w$.]+/.exec(name.trim())?.[0] ?? name.trim());
}

function flagsOf(reflection: Reflection): ApiFlags {
  const flags: ApiFlags = {};
  if (reflection.flags.isStatic) flags.static = true;
  if (reflection.flags.isReadonly) flags.readonly = true;
  if (reflection.flags.isOptional) flags.optional = true;
  if (reflection.flags.isAbstract) flags.abstract = true;
  if (reflection.flags.isProtected) flags.protected = true;
  if (reflection.flags.isPrivate) flags.private = true;
  if (reflection.flags.isConst) flags.const = true;
  return flags;
}

function sourceOf(reflection: { sources?: SourceReference[] } | undefined): ApiSource | undefined {
  const first = reflection?.sources?.[0];
  if (!first) return undefined;
  return { file: first.fullFileName, line: first.line, column: first.character + 1 };
}

function nearestSource(reflection: Reflection): ApiSource | undefined {
  for (let current: Reflection | undefined = reflection; current && !current.isProject(); current = current.parent) {
    const source = sourceOf(current as { sources?: SourceReference[] });
    if (source) return source;
  }
  return undefined;
}

/**
 * Where a module's (or, with one entry point, the project's) comment ends: the line below the
 * file's `@module` / `@packageDocumentation` comment, else below its first doc comment, so that
 * {@link locateLink} finds its `{@link}`s going up from there as for any declaration's comment.
 */
function moduleCommentSource(comment: Comment, readSource: (file: string) => string | undefined): ApiSource | undefined {
  const file = comment.sourcePath;
  const contents = file ? readSource(file) : undefined;
  if (!file || !contents) return undefined;
  const comments = [...contents.matchAll(/\/\*\*[\s\S]*?\*\//g)];
  const chosen = comments.find((match) => /@(module|packageDocumentation)\b/.test(match[0])) ?? comments[0];
  if (!chosen) return undefined;
  const endLine = contents.slice(0, chosen.index + chosen[0].length).split('\n').length;
  return { file, line: endLine + 1, column: 1 };
}

/**
 * The line of a `{@link}` in the doc comment above a declaration: TypeDoc keeps only the
 * declaration's position, but the link rules report the line the author has to edit.
 */
function locateLink(declaration: ApiSource, text: string, options: ConvertOptions): ApiSource {
  const contents = options.readSource(declaration.file);
  const opening = linkOpening(options.linkTags ?? []);
  if (!contents) return declaration;
  const lines = contents.split('\n');
  let fallback: ApiSource | undefined;
  for (let index = declaration.line - 2; index >= 0; index--) {
    const line = lines[index];
    const column = line.search(opening);
    if (column !== -1) {
      const candidate = { file: declaration.file, line: index + 1, column: column + 1 };
      if (line.includes(text)) return candidate;
      fallback ??= candidate;
    }
    // The doc comment ends (going up) at its `/**`; code above it belongs to another declaration.
    if (/^\s*\/\*\*/.test(line)) break;
    if (!/^\s*(\*|\/\/|@|$)/.test(line)) break;
  }
  return fallback ?? declaration;
}
