import path from 'node:path';
import GithubSlugger from 'github-slugger';
import type {
  ApiIndexItemView,
  ApiText,
  ApiIndexView,
  ApiSymbolView,
  CommentView,
  LinkView,
  MemberView,
  ParameterView,
  PropertyView,
  SectionView,
  SignatureView,
  SourceView,
  TokenView,
  TypeParameterView,
} from '../shared/api-views.js';
import type { MarkdownFragmentCompiler } from '../model/markdown-fragments.js';
import { addPage, type Page, type Site } from '../core/site.js';
import type { SourceLink } from '../model/compiled-doc.js';
import type { ApiPageContent } from '../model/api-page-content.js';
import { apiSidebarName, groupLabels, joinTokens, kindLabels, maxSignatureWidth, memberKindSections, signatureTokens, typeParameterTokens, widthOf } from '../core/api-display.js';
import { joinUrlPath } from '../shared/paths.js';
import { formatThemeString, type ThemeStringKey } from '../shared/theme-strings.js';
import type { Crumb, NavLink, SidebarItem, TocItem } from '../shared/types.js';
import {
  apiSymbolKinds,
  type ApiComment,
  type ApiCommentPart,
  type ApiDeclarationRef,
  type ApiMember,
  type ApiModel,
  type ApiParameter,
  type ApiProperty,
  type ApiRef,
  type ApiSignature,
  type ApiSource,
  type ApiSymbol,
  type ApiTypeParameter,
  type TypeToken,
} from '../core/api-model.js';
import { documentTitleOf } from '../shared/document-title.js';

/** The API reference of one model: the index page, a page per symbol, and the API sidebar. */
export interface ApiPages {
  pages: Page[];
  sidebar: SidebarItem[];
}

/** The part of the config the API pages are made from. */
export type ApiPagesConfig = Pick<Site['config'], 'title' | 'titleDelimiter' | 'baseUrl' | 'siteDir'> & {
  routes: Pick<Site['config']['routes'], 'api'>;
  docs: Pick<Site['config']['docs'], 'breadcrumbs'>;
  api?: Pick<NonNullable<Site['config']['api']>, 'sourceRoot' | 'sourceLinkTemplate'>;
};

/** Adds the API reference ({@link makeApiPages}) to the site. */
export async function createApiPages(site: Site, model: ApiModel): Promise<void> {
  const compileMarkdown = site.compileMarkdownFragment;
  if (!compileMarkdown) throw new Error('createApiPages: parseMarkdown, which sets site.compileMarkdownFragment, has not run.');
  const { pages, sidebar } = await makeApiPages(site.config, model, compileMarkdown);
  site.sidebars[apiSidebarName] = sidebar;
  for (const page of pages) addPage(site, page);
}

/**
 * Makes the API reference of a model. Each page is left as data: the view templates/api renders
 * (TSDoc as trees, compiled by the docs' markdown pipeline; no HTML), its outline, its members'
 * anchors and its TSDoc links for the link rules. renderApiPages (src/render) makes its HTML and
 * search sections.
 */
export async function makeApiPages(config: ApiPagesConfig, model: ApiModel, compileMarkdown: MarkdownFragmentCompiler): Promise<ApiPages> {
  const apiRoot = config.routes.api;
  const routeOf = (key: string) => joinUrlPath(apiRoot, key);
  const hrefOf = (ref: ApiRef) => `${routeOf(ref.symbol)}${ref.member ? `#${ref.member}` : ''}`;
  const context: PageContext = { config, compileMarkdown, hrefOf, brokenTsdocLinks: new Set() };
  const pages: Page[] = [];
  const symbolsByKey = new Map(model.symbols.map((symbol) => [symbol.key, symbol]));
  // One part per entry module when the SDK has several; one untitled part otherwise.
  const parts = (model.modules ?? [{ name: '', categories: model.categories }]).map((module) => ({
    module: model.modules ? module : undefined,
    sections: indexSections(
      model.symbols.filter((symbol) => (model.modules ? symbol.module === module.name : true)),
      module.categories,
    ),
  }));
  const sidebarSections = (sections: IndexSection[]): SidebarItem[] =>
    sections.map(
      (section): SidebarItem => ({
        type: 'category',
        label: section.title,
        collapsible: true,
        collapsed: false,
        items: section.symbols.map((symbol) => ({
          type: 'link',
          label: symbol.qualifiedName,
          to: routeOf(symbol.key),
          ...(isSymbolDeprecated(symbol) ? { className: 'api-deprecated', deprecated: true } : {}),
        })),
      }),
    );
  const sidebar: SidebarItem[] = [
    { type: 'link', label: formatThemeString('apiOverview'), to: apiRoot },
    ...parts.flatMap(({ module, sections }): SidebarItem[] =>
      module ? [{ type: 'category', label: module.name, collapsible: true, collapsed: false, items: sidebarSections(sections) }] : sidebarSections(sections),
    ),
  ];
  const order: NavLink[] = [{ label: formatThemeString('apiOverview'), to: apiRoot }];
  const listedRoutes = new Set<string>();
  for (const { sections } of parts) {
    for (const section of sections) {
      for (const symbol of section.symbols) {
        const to = routeOf(symbol.key);
        // A symbol in several categories is one stop in the previous/next order.
        if (!listedRoutes.has(to)) order.push({ label: symbol.qualifiedName, to });
        listedRoutes.add(to);
      }
    }
  }
  const neighbours = (route: string) => {
    const index = order.findIndex((link) => link.to === route);
    return { previous: index > 0 ? order[index - 1] : undefined, next: index >= 0 && index < order.length - 1 ? order[index + 1] : undefined };
  };

  const indexPage = new PageRenderer(context, apiRoot);
  const indexItem = async (symbol: ApiSymbol): Promise<ApiIndexItemView> => ({
    name: symbol.qualifiedName,
    href: routeOf(symbol.key),
    kindLabel: formatThemeString(kindLabels[symbol.kind]),
    summary: await indexPage.parts(firstParagraph(summaryOf(symbol)), summarySourceOf(symbol)),
    deprecated: isSymbolDeprecated(symbol),
  });
  const title = formatThemeString('apiIndexTitle');
  const index: ApiIndexView = {
    title,
    intro: model.comment ? await indexPage.parts(model.comment.summary, undefined) : undefined,
    groups: [],
    modules: [],
  };
  const ids = new GithubSlugger();
  const indexGroups = (sections: IndexSection[], prefix: string) =>
    Promise.all(sections.map(async (section) => ({ id: ids.slug(`${prefix}${section.title}`), title: section.title, items: await Promise.all(section.symbols.map(indexItem)) })));
  for (const { module, sections } of parts) {
    if (!module) {
      index.groups.push(...(await indexGroups(sections, '')));
      continue;
    }
    index.modules.push({
      id: ids.slug(module.name),
      title: module.name,
      intro: module.comment ? await indexPage.parts(module.comment.summary, undefined) : undefined,
      groups: await indexGroups(sections, `${module.name} `),
    });
  }
  const crumbs = (trail: Crumb[]): Crumb[] =>
    config.docs.breadcrumbs ? [{ label: formatThemeString('homePage'), to: config.baseUrl }, ...trail] : [];
  pages.push(
    indexPage.page({
      title,
      description: model.comment ? plainText(firstParagraph(model.comment.summary)) : undefined,
      content: { template: 'index', view: index },
      toc: [
        ...index.groups.map((group) => ({ id: group.id, text: group.title, depth: 2 })),
        ...index.modules.flatMap((module) => [
          { id: module.id, text: module.title, depth: 2 },
          ...module.groups.map((group) => ({ id: group.id, text: group.title, depth: 3 })),
        ]),
      ],
      breadcrumbs: crumbs([{ label: title }]),
      ...neighbours(apiRoot),
    }),
  );

  for (const symbol of model.symbols) {
    const route = routeOf(symbol.key);
    const renderer = new PageRenderer(context, route, symbol.source?.file);
    const view = await renderer.symbol(symbol, (key) => symbolsByKey.get(key), indexItem);
    const namespaces = symbol.qualifiedName.split('.').slice(0, -1);
    const trail: Crumb[] = [
      { label: title, to: apiRoot },
      ...(symbol.module !== undefined ? [{ label: symbol.module }] : []),
      { label: formatThemeString(groupLabels[symbol.kind]) },
    ];
    namespaces.forEach((_, i) => trail.push({ label: namespaces.slice(0, i + 1).join('.'), to: routeOf(`namespace/${namespaces.slice(0, i + 1).join('.')}`) }));
    trail.push({ label: symbol.name });
    pages.push(
      renderer.page({
        title: symbol.qualifiedName,
        description: plainText(firstParagraph(summaryOf(symbol))) || undefined,
        content: { template: 'symbol', view },
        toc: tocOf(view),
        // Members in collapsed groups are not in the outline but are link targets all the same.
        anchors: [
          ...[...view.sections, ...view.memberGroups.flatMap((group) => group.sections)].flatMap((section) => section.members.flatMap((member) => (member.caseKeptId ? [member.caseKeptId] : []))),
          ...view.memberGroups.flatMap((group) => [group.id, ...group.sections.flatMap((section) => [section.id, ...section.members.map((member) => member.id)])]),
        ],
        breadcrumbs: crumbs(trail),
        ...neighbours(route),
      }),
    );
  }
  return { pages, sidebar };
}

/**
 * Gives each member whose name is not its anchor (`Box`, anchored `#box`) a second anchor of its
 * name as written, the anchor docusaurus-plugin-typedoc-api gives it: links written for that plugin
 * (`/api/class/Actor#Box`) keep working. A name that another id of the page already is, or that
 * holds a space, gets none.
 */
function addCaseKeptAnchors(sections: SectionView[], otherIds: Iterable<string>): void {
  const members = sections.flatMap((section) => section.members);
  const taken = new Set([...otherIds, ...sections.map((section) => section.id), ...members.map((member) => member.id)]);
  for (const member of members) {
    if (member.name === member.id || /\s/.test(member.name) || member.name === '' || taken.has(member.name)) continue;
    member.caseKeptId = member.name;
    taken.add(member.name);
  }
}

/** A titled list of symbols on the index and in the sidebar. */
interface IndexSection {
  title: string;
  symbols: ApiSymbol[];
}

const byQualifiedName = (a: ApiSymbol, b: ApiSymbol) => a.qualifiedName.localeCompare(b.qualifiedName, 'en', { sensitivity: 'base' });

/**
 * The sections TypeDoc would list symbols in: by `@category` when the container uses categories
 * (TypeDoc's order of them), else by kind, with each `@group` of its own after the kinds.
 */
function indexSections(symbols: ApiSymbol[], categories: string[] | undefined): IndexSection[] {
  const kindOrder = (symbol: ApiSymbol) => apiSymbolKinds.indexOf(symbol.kind);
  const sections: IndexSection[] = categories
    ? categories.map((category) => ({
        title: category,
        symbols: symbols.filter((symbol) => symbol.categories?.includes(category)).sort((a, b) => kindOrder(a) - kindOrder(b) || byQualifiedName(a, b)),
      }))
    : [
        ...apiSymbolKinds.map((kind) => ({
          title: formatThemeString(groupLabels[kind]),
          symbols: symbols.filter((symbol) => symbol.kind === kind && symbol.group === undefined).sort(byQualifiedName),
        })),
        ...[...new Set(symbols.flatMap((symbol) => (symbol.group === undefined ? [] : [symbol.group])))]
          .sort((a, b) => a.localeCompare(b))
          .map((group) => ({ title: group, symbols: symbols.filter((symbol) => symbol.group === group).sort(byQualifiedName) })),
      ];
  return sections.filter((section) => section.symbols.length > 0);
}

interface PageContext {
  config: ApiPagesConfig;
  compileMarkdown: MarkdownFragmentCompiler;
  hrefOf: (ref: ApiRef) => string;
  /**
   * `{@link}`s without a target already recorded, by place and text: a comment shows on several
   * pages (a summary on the index, an inherited member), and its broken link is one mistake.
   */
  brokenTsdocLinks: Set<string>;
}

function tocOf(view: ApiSymbolView): TocItem[] {
  const sectionItems = (list: SectionView[]) =>
    list.flatMap((section) => [{ id: section.id, text: section.title, depth: 2 }, ...section.members.map((member) => ({ id: member.id, text: member.name, depth: 3 }))]);
  // A collapsed group is one entry: its members are a click away, not part of the outline.
  return [...sectionItems(view.sections), ...view.memberGroups.map((group) => ({ id: group.id, text: group.title, depth: 2 }))];
}

/** Builds one API page's views and collects its anchors and links. */
class PageRenderer {
  private readonly anchors = new Set<string>();
  private readonly links: SourceLink[] = [];

  constructor(
    private readonly context: PageContext,
    private readonly route: string,
    private readonly sourceFile?: string,
  ) {}

  /** The page of a template's view; renderApiPages renders its HTML and splits its search sections. */
  page(data: { title: string; description?: string; content: ApiPageContent; toc: TocItem[]; anchors?: string[]; breadcrumbs: Crumb[]; previous?: NavLink; next?: NavLink }): Page {
    const { config } = this.context;
    for (const id of [...data.toc.map((item) => item.id), ...(data.anchors ?? [])]) this.anchors.add(id);
    return {
      route: this.route,
      kind: 'api',
      sourceFile: this.sourceFile,
      anchors: this.anchors,
      links: this.links,
      api: data.content,
      data: {
        path: this.route,
        kind: 'api',
        title: data.title,
        documentTitle: documentTitleOf(data.title, config.title, config.titleDelimiter),
        description: data.description,
        // Rendered from `api` by renderApiPages.
        html: '',
        toc: data.toc,
        breadcrumbs: data.breadcrumbs,
        sidebar: apiSidebarName,
        previous: data.previous,
        next: data.next,
      },
    };
  }

  private symbolOf: (key: string) => ApiSymbol | undefined = () => undefined;

  async symbol(
    symbol: ApiSymbol,
    symbolOf: (key: string) => ApiSymbol | undefined,
    indexItem: (symbol: ApiSymbol) => Promise<ApiIndexItemView>,
  ): Promise<ApiSymbolView> {
    const slugger = new GithubSlugger();
    // Members keep the ids the model gave them (the link targets); sections take what is left.
    for (const member of symbol.members) slugger.slug(member.id);
    const groupOf = (member: ApiMember): 'own' | 'protected' | 'inherited' =>
      member.flags.protected ? 'protected' : member.inheritedFrom && !inheritedOrigin(member, symbolOf).ref ? 'inherited' : 'own';
    this.symbolOf = symbolOf;
    // As TypeDoc files them: by `@category` when a member has one, else by kind, then each `@group`.
    const memberSections = (members: ApiMember[]): { title: string; members: ApiMember[] }[] => {
      if (symbol.memberCategories) {
        return symbol.memberCategories.map((category) => ({ title: category, members: members.filter((member) => member.categories?.includes(category)) }));
      }
      const customGroups = [...new Set(members.flatMap((member) => (member.group === undefined ? [] : [member.group])))].sort((a, b) => a.localeCompare(b));
      return [
        ...memberKindSections.map((section) => ({
          title: formatThemeString(section.title),
          members: members.filter((member) => section.kinds.includes(member.kind) && member.group === undefined),
        })),
        ...customGroups.map((group) => ({ title: group, members: members.filter((member) => member.group === group) })),
      ];
    };
    const sectionsOf = async (members: ApiMember[], prefix = ''): Promise<SectionView[]> => {
      const views: SectionView[] = [];
      for (const section of memberSections(members)) {
        if (section.members.length === 0) continue;
        views.push({ id: slugger.slug(`${prefix}${section.title}`), title: section.title, members: await Promise.all(section.members.map((member) => this.member(member))) });
      }
      return views;
    };
    const sectionViews = await sectionsOf(symbol.members.filter((member) => groupOf(member) === 'own'));
    const memberGroups: ApiSymbolView['memberGroups'] = [];
    for (const [group, key] of [
      ['inherited', 'apiGroupInherited'],
      ['protected', 'apiGroupProtected'],
    ] as const) {
      const members = symbol.members.filter((member) => groupOf(member) === group);
      if (members.length === 0) continue;
      const title = formatThemeString(key);
      memberGroups.push({ id: slugger.slug(title), title, sections: await sectionsOf(members, `${title} `) });
    }
    addCaseKeptAnchors([...sectionViews, ...memberGroups.flatMap((group) => group.sections)], [...this.anchors, ...memberGroups.map((group) => group.id)]);
    const children = symbol.children.map(symbolOf).filter((child): child is ApiSymbol => child !== undefined);
    return {
      name: symbol.qualifiedName,
      kind: symbol.kind,
      kindLabel: formatThemeString(kindLabels[symbol.kind]),
      deprecated: isDeprecated(symbol.comment),
      declaration: this.declaration(symbol),
      comment: await this.comment(symbol.comment, symbol.source),
      typeParameters: await this.typeParameters(symbol.typeParameters, symbol.source),
      hierarchy: {
        extendedBy: symbol.extendedBy.map((ref) => this.declarationLink(ref)),
        implementedBy: symbol.implementedBy.map((ref) => this.declarationLink(ref)),
      },
      signatures: await Promise.all(symbol.signatures.map((signature) => this.signature(signature, symbol.name))),
      sections: sectionViews,
      memberGroups,
      children: await Promise.all(children.map(indexItem)),
      // A function's signatures each show where they are.
      source: symbol.kind === 'function' ? undefined : this.source(symbol.source),
    };
  }

  /** `class RgsError extends Error`, `type Handler = …`; functions show their signatures instead. */
  private declaration(symbol: ApiSymbol): TokenView[] | undefined {
    const tokens: TypeToken[] = [];
    const keyword = (text: string) => tokens.push({ text, kind: 'keyword' });
    switch (symbol.kind) {
      case 'function':
        return undefined;
      case 'class':
        if (symbol.flags.abstract) keyword('abstract ');
        keyword('class ');
        break;
      case 'interface':
        keyword('interface ');
        break;
      case 'enum':
        keyword(symbol.flags.const ? 'const enum ' : 'enum ');
        break;
      case 'type':
        keyword('type ');
        break;
      case 'variable':
        keyword(symbol.flags.const ? 'const ' : 'let ');
        break;
      case 'namespace':
        keyword('namespace ');
        break;
    }
    tokens.push({ text: symbol.name, kind: 'name' });
    tokens.push(...typeParameterTokens(symbol.typeParameters));
    const clauses = (separator: string): TypeToken[] => [
      ...(symbol.extends.length > 0 ? [{ text: `${separator}extends `, kind: 'keyword' as const }, ...joinTokens(symbol.extends, ', ')] : []),
      ...(symbol.implements.length > 0 ? [{ text: `${separator}implements `, kind: 'keyword' as const }, ...joinTokens(symbol.implements, ', ')] : []),
    ];
    // A long `class … extends … implements …` puts each clause on a line of its own.
    const oneLine = clauses(' ');
    tokens.push(...(widthOf([...tokens, ...oneLine]) > maxSignatureWidth ? clauses('\n  ') : oneLine));
    if (symbol.type && symbol.kind === 'type') tokens.push({ text: ' = ', kind: 'punctuation' }, ...symbol.type);
    if (symbol.type && symbol.kind === 'variable') tokens.push({ text: ': ', kind: 'punctuation' }, ...symbol.type);
    return this.tokens(tokens);
  }

  private async member(member: ApiMember): Promise<MemberView> {
    const signatures = member.kind === 'accessor' ? [member.getter, member.setter].filter((s): s is ApiSignature => s !== undefined) : member.signatures;
    const deprecated = isDeprecated(member.comment) || (signatures.length > 0 && signatures.every((signature) => isDeprecated(signature.comment)));
    const badges: string[] = [];
    const badge = (on: boolean | undefined, key: ThemeStringKey) => {
      if (on) badges.push(formatThemeString(key));
    };
    badge(member.flags.static, 'apiBadgeStatic');
    badge(member.flags.abstract, 'apiBadgeAbstract');
    badge(member.flags.protected, 'apiBadgeProtected');
    badge(member.flags.readonly || (member.kind === 'accessor' && !member.setter), 'apiBadgeReadonly');
    badge(member.flags.optional, 'apiBadgeOptional');
    badge(member.inheritedFrom !== undefined, 'apiBadgeInherited');
    badge(deprecated, 'apiBadgeDeprecated');
    return {
      id: member.id,
      name: member.name,
      badges,
      deprecated,
      code: this.memberCode(member),
      comment: await this.comment(member.comment, member.source),
      properties: await this.properties(member.properties, member.source),
      signatures: await Promise.all(signatures.map((signature) => this.signature(signature, member.name))),
      overloaded: member.kind !== 'accessor' && signatures.length > 1,
      inheritedFrom: member.inheritedFrom ? this.declarationLink(inheritedOrigin(member, this.symbolOf)) : undefined,
      overrides: member.overrides ? this.declarationLink(member.overrides) : undefined,
      implementationOf: member.implementationOf ? this.declarationLink(member.implementationOf) : undefined,
      source: this.source(member.source),
    };
  }

  private memberCode(member: ApiMember): TokenView[] | undefined {
    if (member.kind === 'enumMember') {
      return this.tokens([{ text: member.name, kind: 'name' }, { text: ' = ', kind: 'punctuation' }, ...(member.type ?? [])]);
    }
    if (member.kind !== 'property') return undefined;
    const tokens: TypeToken[] = [];
    if (member.flags.static) tokens.push({ text: 'static ', kind: 'keyword' });
    if (member.flags.readonly) tokens.push({ text: 'readonly ', kind: 'keyword' });
    tokens.push({ text: member.name, kind: 'name' }, { text: member.flags.optional ? '?: ' : ': ', kind: 'punctuation' }, ...(member.type ?? []));
    return this.tokens(tokens);
  }

  private async signature(signature: ApiSignature, name: string): Promise<SignatureView> {
    const comment = await this.comment(signature.comment, signature.source);
    const returnsTag = signature.comment?.blockTags.find((tag) => tag.tag === '@returns' || tag.tag === '@return');
    const returns =
      signature.returnType && signature.kind !== 'constructor' && !(isVoid(signature.returnType) && !returnsTag)
        ? {
            type: this.tokens(signature.returnType),
            description: comment.returns,
            properties: await this.properties(signature.returnProperties, signature.source),
          }
        : undefined;
    return {
      code: this.tokens(signatureTokens(signature, name)),
      comment,
      typeParameters: await this.typeParameters(signature.typeParameters, signature.source),
      parameters: await Promise.all(signature.parameters.map((parameter) => this.parameter(parameter, signature.source))),
      returns,
      source: this.source(signature.source),
    };
  }

  private async parameter(parameter: ApiParameter, source: ApiSource | undefined): Promise<ParameterView> {
    return {
      name: parameter.name,
      type: this.tokens(parameter.type),
      optional: parameter.optional,
      rest: parameter.rest,
      defaultValue: parameter.defaultValue,
      description: await this.commentText(parameter.comment, source),
      properties: await this.properties(parameter.properties, source),
    };
  }

  private async properties(properties: ApiProperty[] | undefined, source: ApiSource | undefined): Promise<PropertyView[]> {
    return Promise.all(
      (properties ?? []).map(async (property) => ({
        name: property.name,
        type: this.tokens(property.type),
        optional: property.optional,
        readonly: property.readonly,
        description: await this.commentText(property.comment, source),
        properties: await this.properties(property.properties, source),
      })),
    );
  }

  private async typeParameters(parameters: ApiTypeParameter[], source: ApiSource | undefined): Promise<TypeParameterView[]> {
    return Promise.all(
      parameters.map(async (parameter) => ({
        name: parameter.name,
        constraint: parameter.constraint ? this.tokens(parameter.constraint) : undefined,
        default: parameter.default ? this.tokens(parameter.default) : undefined,
        description: await this.commentText(parameter.comment, source),
      })),
    );
  }

  private declarationLink(ref: ApiDeclarationRef): LinkView {
    return ref.ref ? { text: ref.text, href: this.context.hrefOf(ref.ref) } : { text: ref.text };
  }

  private tokens(tokens: TypeToken[]): TokenView[] {
    return tokens.map((token) => {
      const view: TokenView = { text: token.text };
      if (token.kind) view.kind = token.kind;
      if (token.ref) view.href = this.context.hrefOf(token.ref);
      return view;
    });
  }

  private source(source: ApiSource | undefined): SourceView | undefined {
    if (!source) return undefined;
    const { siteDir, api } = this.context.config;
    const root = path.resolve(siteDir, api?.sourceRoot ?? '.');
    const relative = path.relative(root, source.file).split(path.sep).join('/');
    const own = !relative.startsWith('../') && !path.isAbsolute(relative) && !relative.split('/').includes('node_modules');
    const template = api?.sourceLinkTemplate;
    if (own) {
      const label = `${relative}:${source.line}`;
      return template ? { label, href: template.replaceAll('{path}', relative).replaceAll('{line}', String(source.line)) } : { label };
    }
    // Declarations from dependencies (lib.es5.d.ts for `Error.message`) are named by their package path.
    const file = source.file.split(path.sep).join('/');
    const inPackage = file.lastIndexOf('/node_modules/');
    const label = inPackage === -1 ? path.relative(siteDir, source.file).split(path.sep).join('/') : file.slice(inPackage + '/node_modules/'.length);
    return { label: `${label}:${source.line}` };
  }

  /** The summary alone, for parameters, properties and type parameters. */
  private async commentText(comment: ApiComment | undefined, source: ApiSource | undefined): Promise<ApiText | undefined> {
    if (!comment) return undefined;
    return this.parts(comment.summary, source);
  }

  async comment(comment: ApiComment | undefined, source: ApiSource | undefined): Promise<CommentView> {
    const view: CommentView = { throws: [], examples: [], see: [], otherTags: [], modifiers: [] };
    if (!comment) return view;
    view.summary = await this.parts(comment.summary, source);
    view.modifiers = comment.modifierTags.map((tag) => tag.slice(1)).filter((tag) => !hiddenModifiers.has(tag));
    const remarks: ApiText[] = [];
    for (const tag of comment.blockTags) {
      const text = (await this.parts(tag.tag === '@throws' ? codeLeadingErrorName(tag.content) : tag.content, source)) ?? emptyText();
      switch (tag.tag) {
        case '@remarks':
          remarks.push(text);
          break;
        case '@deprecated':
          view.deprecated = text;
          break;
        case '@returns':
        case '@return':
          view.returns = text;
          break;
        case '@throws':
          view.throws.push(text);
          break;
        case '@example':
          view.examples.push(tag.name ? { title: tag.name, text } : { text });
          break;
        case '@defaultValue':
        case '@default':
          view.defaultValue = text;
          break;
        case '@see':
          view.see.push(text);
          break;
        case '@param':
        case '@typeParam':
        case '@template':
        case '@privateRemarks':
        // Where the index and the sidebar list the declaration, not text for the reader.
        case '@category':
        case '@categoryDescription':
        case '@group':
        case '@groupDescription':
          break;
        default:
          view.otherTags.push({ tag: tag.tag.slice(1), text });
      }
    }
    if (remarks.length > 0) view.remarks = { type: 'root', children: remarks.flatMap((part) => part.children) };
    return view;
  }

  /** TSDoc parts → markdown → a tree through the docs' pipeline; `{@link}`s become links to API routes. */
  async parts(parts: ApiCommentPart[], source: ApiSource | undefined): Promise<ApiText | undefined> {
    const generated = new Set<string>();
    let markdown = '';
    for (const part of parts) {
      if (part.kind !== 'link') {
        markdown += part.text;
        continue;
      }
      const text = part.code ? codeSpan(part.text) : escapeLinkText(part.text);
      if (part.target) {
        const href = this.context.hrefOf(part.target);
        generated.add(href);
        markdown += `[${text}](${href})`;
        this.recordTsdocLink(part.text, href, part.source ?? source);
      } else if (part.url) {
        markdown += `[${text}](${part.url})`;
      } else {
        markdown += codeSpan(part.text);
        if (!part.resolvedWithoutPage) this.recordTsdocLink(part.text, undefined, part.source ?? source);
      }
    }
    if (markdown.trim() === '') return undefined;
    return this.markdown(markdown, source, generated);
  }

  private recordTsdocLink(text: string, resolved: string | undefined, source: ApiSource | undefined): void {
    if (!resolved) {
      const key = `${source?.file}:${source?.line}:${source?.column}:${text}`;
      if (this.context.brokenTsdocLinks.has(key)) return;
      this.context.brokenTsdocLinks.add(key);
    }
    const link: SourceLink = { url: text, kind: 'tsdoc', file: source?.file, line: source?.line, column: source?.column };
    if (resolved) link.resolved = resolved;
    this.links.push(link);
  }

  private async markdown(markdown: string, source: ApiSource | undefined, generated: Set<string>): Promise<ApiText> {
    const { compileMarkdown } = this.context;
    // Half of a typical SDK's comments are a sentence or two of plain prose, for which the whole
    // pipeline (a new parser per fragment) would cost most of the API pages' time.
    const plain = plainParagraph(markdown);
    if (plain !== undefined) return { type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: plain }] }] };
    const result = await compileMarkdown(markdown, { file: source?.file, pageRoute: this.route });
    for (const anchor of result.anchors) this.anchors.add(anchor);
    for (const link of result.links) {
      if (generated.has(link.url)) continue;
      // Positions inside a comment chunk are not the file's; the declaration is the nearest known place.
      this.links.push({ ...link, file: source?.file, line: source?.line, column: source?.column });
    }
    return result.hast;
  }
}

/** The text of a tag written without any (a bare `@deprecated`). */
function emptyText(): ApiText {
  return { type: 'root', children: [] };
}

/** Modifiers that only steer TypeDoc and mean nothing to a reader. */
const hiddenModifiers = new Set(['inline', 'inlineType', 'hidden', 'ignore', 'internal', 'override', 'virtual', 'readonly', 'public', 'private', 'protected', 'packageDocumentation']);

function isVoid(tokens: TypeToken[]): boolean {
  return tokens.length === 1 && tokens[0].text === 'void';
}

/**
 * Where an inherited member is declared: TypeDoc names the direct parent, which may have inherited
 * it in turn (`TimeoutError.message` from `ServerError` from `Error`).
 */
function inheritedOrigin(member: ApiMember, symbolOf: (key: string) => ApiSymbol | undefined): ApiDeclarationRef {
  let origin = member.inheritedFrom!;
  for (let depth = 0; origin.ref && depth < 20; depth++) {
    const { symbol, member: id } = origin.ref;
    const parent = symbolOf(symbol)?.members.find((candidate) => candidate.id === id);
    if (!parent?.inheritedFrom) break;
    origin = parent.inheritedFrom;
  }
  return origin;
}

/** A symbol is deprecated by its own comment, or a function when every overload is. */
function isSymbolDeprecated(symbol: ApiSymbol): boolean {
  return isDeprecated(symbol.comment) || (symbol.signatures.length > 0 && symbol.signatures.every((s) => isDeprecated(s.comment)));
}

function isDeprecated(comment: ApiComment | undefined): boolean {
  return comment?.blockTags.some((tag) => tag.tag === '@deprecated') ?? false;
}

/** A function's text lives on its first signature. */
function summaryOf(symbol: ApiSymbol): ApiCommentPart[] {
  return symbol.comment?.summary ?? symbol.signatures[0]?.comment?.summary ?? [];
}

function summarySourceOf(symbol: ApiSymbol): ApiSource | undefined {
  return symbol.comment ? symbol.source : (symbol.signatures[0]?.source ?? symbol.source);
}

/** The parts up to the first blank line. */
function firstParagraph(parts: ApiCommentPart[]): ApiCommentPart[] {
  const result: ApiCommentPart[] = [];
  for (const part of parts) {
    if (part.kind === 'text' && /\n\s*\n/.test(part.text)) {
      result.push({ kind: 'text', text: part.text.split(/\n\s*\n/)[0] });
      break;
    }
    result.push(part);
  }
  return result;
}

/** Text for meta descriptions and search: no markdown. */
function plainText(parts: ApiCommentPart[]): string {
  return parts
    .map((part) => (part.kind === 'code' ? part.text.replace(/^`+|`+$/g, '') : part.text))
    .join('')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** TSDoc `@throws RangeError when …` names the error type first: show it as code. */
function codeLeadingErrorName(parts: ApiCommentPart[]): ApiCommentPart[] {
  const [first, ...rest] = parts;
  if (first?.kind !== 'text') return parts;
  const match = /^(\s*)([A-Z][\w.]*(?:Error|Exception))\b/.exec(first.text);
  if (!match) return parts;
  return [{ kind: 'text', text: match[1] }, { kind: 'code', text: `\`${match[2]}\`` }, { kind: 'text', text: first.text.slice(match[0].length) }, ...rest];
}

/** Letters, digits, spaces and the punctuation no markdown or GFM syntax starts with. */
const plainProse = /^[\p{L}\p{N} ,.;'"()?!/\n-]+$/u;

/**
 * The text of markdown that can only be one paragraph of plain text, as the markdown pipeline
 * would give it: no syntax character, no line a block could start with (`- `, `1. `), no blank
 * line, no space a line ending would drop or turn into a break, nothing GFM would autolink.
 * Undefined for anything else.
 */
export function plainParagraph(markdown: string): string | undefined {
  const text = markdown.replace(/^[ \t\n]+|[ \t\n]+$/g, '');
  if (text === '' || !plainProse.test(text) || /www\./i.test(text)) return undefined;
  const lines = text.split('\n');
  if (lines.some((line) => line === '' || line !== line.trim() || /^(-|\d+[.)])/.test(line))) return undefined;
  return text;
}

function codeSpan(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${fence.length > 1 ? ' ' : ''}${text}${fence.length > 1 ? ' ' : ''}${fence}`;
}

function escapeLinkText(text: string): string {
  return text.replace(/[[\]\\*_`]/g, '\\$&');
}

/** What the popover of a name in a code sample shows: the declaration's signature and first sentence. */
export interface ApiHoverCard {
  signature: string;
  summary: string;
}

/** The popover text of a symbol, or of one of its members. */
export function apiHoverCard(symbol: ApiSymbol, member?: ApiMember): ApiHoverCard {
  const text = (tokens: TypeToken[]) => tokens.map((token) => token.text).join('');
  const overloads = (signatures: ApiSignature[]) => (signatures.length > 1 ? ` (+${signatures.length - 1} overload${signatures.length > 2 ? 's' : ''})` : '');
  if (member) {
    const signatures = member.kind === 'accessor' ? [member.getter ?? member.setter].filter((s): s is ApiSignature => s !== undefined) : member.signatures;
    let signature: string;
    if (member.kind === 'enumMember') signature = `${symbol.name}.${member.name}${member.type ? ` = ${text(member.type)}` : ''}`;
    else if (member.kind === 'property') signature = `${member.flags.readonly ? 'readonly ' : ''}${symbol.name}.${member.name}${member.flags.optional ? '?' : ''}: ${text(member.type ?? [])}`;
    else if (signatures[0]) signature = `${text(signatureTokens(signatures[0], member.kind === 'constructor' ? symbol.name : `${symbol.name}.${member.name}`))}${overloads(signatures)}`;
    else signature = `${symbol.name}.${member.name}`;
    const comment = member.comment ?? signatures[0]?.comment;
    return { signature: cutSignature(signature), summary: plainText(firstParagraph(comment?.summary ?? [])) };
  }
  let signature: string;
  if (symbol.kind === 'function' && symbol.signatures[0]) {
    signature = `function ${text(signatureTokens(symbol.signatures[0], symbol.qualifiedName))}${overloads(symbol.signatures)}`;
  } else {
    const keyword = symbol.kind === 'type' ? 'type' : symbol.kind === 'variable' ? (symbol.flags.const ? 'const' : 'let') : symbol.kind;
    const heritage = [
      ...(symbol.extends.length > 0 ? [` extends ${symbol.extends.map(text).join(', ')}`] : []),
      ...(symbol.implements.length > 0 ? [` implements ${symbol.implements.map(text).join(', ')}`] : []),
    ].join('');
    const type = symbol.type ? `${symbol.kind === 'type' ? ' = ' : ': '}${text(symbol.type)}` : '';
    signature = `${keyword} ${symbol.qualifiedName}${text(typeParameterTokens(symbol.typeParameters))}${heritage}${type}`;
  }
  return { signature: cutSignature(signature), summary: plainText(firstParagraph(summaryOf(symbol))) };
}

/** Longest signature a popover shows: a long type alias or inline type is cut, its page has it all. */
const maxCardSignature = 300;

function cutSignature(signature: string): string {
  return signature.length > maxCardSignature ? `${signature.slice(0, maxCardSignature - 1)}…` : signature;
}
