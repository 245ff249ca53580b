import { groupLabels, kindLabels, memberKindSections, signatureTokens } from '../core/api-display.js';
import {
  apiSymbolKinds,
  type ApiComment,
  type ApiCommentPart,
  type ApiMember,
  type ApiModel,
  type ApiParameter,
  type ApiProperty,
  type ApiRef,
  type ApiSignature,
  type ApiSymbol,
  type ApiTypeParameter,
  type TypeToken,
} from '../core/api-model.js';
import { formatThemeString } from '../shared/theme-strings.js';

/** Where links in the markdown lead: a symbol's page (and member anchor) as a URL. */
export interface ApiMarkdownLinks {
  hrefOf(ref: ApiRef): string;
}

/**
 * The markdown of the API index page, written from the model (not read back from HTML): the
 * package comment, then each kind's symbols with their summaries.
 */
export function apiIndexMarkdown(model: ApiModel, links: ApiMarkdownLinks): string {
  const out: string[] = [`# ${formatThemeString('apiIndexTitle')}`];
  if (model.comment) out.push(commentText(model.comment.summary, links));
  for (const kind of apiSymbolKinds) {
    const symbols = model.symbols.filter((symbol) => symbol.kind === kind).sort((a, b) => a.qualifiedName.localeCompare(b.qualifiedName, 'en', { sensitivity: 'base' }));
    if (symbols.length === 0) continue;
    out.push(`## ${formatThemeString(groupLabels[kind])}`);
    out.push(symbols.map((symbol) => listItem(symbol, links)).join('\n'));
  }
  return finish(out);
}

/** The markdown of one symbol's page: its declaration, comment, and every member with its signatures. */
export function apiSymbolMarkdown(symbol: ApiSymbol, model: ApiModel, links: ApiMarkdownLinks): string {
  const out: string[] = [`# ${formatThemeString(kindLabels[symbol.kind])}: ${symbol.qualifiedName}`];
  const declaration = declarationOf(symbol);
  if (declaration) out.push(codeBlock(declaration));
  for (const signature of symbol.signatures) out.push(...signatureMarkdown(signature, symbol.name, links));
  if (symbol.comment) out.push(...commentMarkdown(symbol.comment, links));
  out.push(...typeParametersMarkdown(symbol.typeParameters, links));
  const own = symbol.members.filter((member) => !member.flags.private);
  for (const section of memberKindSections) {
    const members = own.filter((member) => section.kinds.includes(member.kind));
    if (members.length === 0) continue;
    out.push(`## ${formatThemeString(section.title)}`);
    for (const member of members) out.push(...memberMarkdown(member, links));
  }
  const children = symbol.children.map((key) => model.symbols.find((candidate) => candidate.key === key)).filter((child): child is ApiSymbol => child !== undefined);
  if (children.length > 0) out.push(children.map((child) => listItem(child, links)).join('\n'));
  return finish(out);
}

function listItem(symbol: ApiSymbol, links: ApiMarkdownLinks): string {
  const summary = firstParagraph(commentText(summaryOf(symbol), links));
  return `- [${escapeText(symbol.qualifiedName)}](${links.hrefOf({ symbol: symbol.key })})${summary ? `: ${summary}` : ''}`;
}

function memberMarkdown(member: ApiMember, links: ApiMarkdownLinks): string[] {
  const notes = [
    member.flags.static && 'static',
    member.flags.protected && 'protected',
    member.flags.optional && 'optional',
    member.inheritedFrom && `inherited from ${member.inheritedFrom.text}`,
  ].filter(Boolean);
  const out = [`### ${escapeText(member.name)}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`];
  if (member.kind === 'enumMember') out.push(codeBlock(`${member.name} = ${tokenText(member.type)}`));
  if (member.kind === 'property') {
    out.push(codeBlock(`${member.flags.readonly ? 'readonly ' : ''}${member.name}${member.flags.optional ? '?' : ''}: ${tokenText(member.type)}${member.defaultValue ? ` = ${member.defaultValue}` : ''}`));
  }
  if (member.comment) out.push(...commentMarkdown(member.comment, links));
  out.push(...propertiesMarkdown(member.properties, links));
  const signatures = member.kind === 'accessor' ? [member.getter, member.setter].filter((s): s is ApiSignature => s !== undefined) : member.signatures;
  for (const signature of signatures) out.push(...signatureMarkdown(signature, member.name, links));
  return out;
}

function signatureMarkdown(signature: ApiSignature, name: string, links: ApiMarkdownLinks): string[] {
  const out = [codeBlock(tokenText(signatureTokens(signature, name)))];
  const comment = signature.comment;
  if (comment) out.push(commentText(comment.summary, links));
  out.push(...typeParametersMarkdown(signature.typeParameters, links));
  if (signature.parameters.length > 0) {
    out.push(`${strong(formatThemeString('apiParameters'))}\n\n${signature.parameters.map((parameter) => parameterItem(parameter, links)).join('\n')}`);
  }
  const returns = comment?.blockTags.find((tag) => tag.tag === '@returns' || tag.tag === '@return');
  if (signature.returnType && signature.kind !== 'constructor' && (returns || tokenText(signature.returnType) !== 'void')) {
    const description = returns ? commentText(returns.content, links) : '';
    out.push(`${strong(formatThemeString('apiReturns'))} \`${tokenText(signature.returnType)}\`${description ? `: ${description}` : ''}`);
    out.push(...propertiesMarkdown(signature.returnProperties, links));
  }
  if (comment) out.push(...blockTagsMarkdown(comment, links, ['@returns', '@return']));
  return out.filter(Boolean);
}

function parameterItem(parameter: ApiParameter, links: ApiMarkdownLinks, depth = 0): string {
  const indent = '  '.repeat(depth);
  const name = `${parameter.rest ? '...' : ''}${parameter.name}${parameter.optional ? '?' : ''}`;
  const description = parameter.comment ? commentText(parameter.comment.summary, links) : '';
  const head = `${indent}- \`${name}\`: \`${tokenText(parameter.type)}\`${parameter.defaultValue ? ` = \`${parameter.defaultValue}\`` : ''}${description ? ` — ${oneLine(description)}` : ''}`;
  return [head, ...(parameter.properties ?? []).map((property) => propertyItem(property, links, depth + 1))].join('\n');
}

function propertyItem(property: ApiProperty, links: ApiMarkdownLinks, depth: number): string {
  const indent = '  '.repeat(depth);
  const description = property.comment ? commentText(property.comment.summary, links) : '';
  const head = `${indent}- \`${property.readonly ? 'readonly ' : ''}${property.name}${property.optional ? '?' : ''}\`: \`${tokenText(property.type)}\`${description ? ` — ${oneLine(description)}` : ''}`;
  return [head, ...(property.properties ?? []).map((child) => propertyItem(child, links, depth + 1))].join('\n');
}

function propertiesMarkdown(properties: ApiProperty[] | undefined, links: ApiMarkdownLinks): string[] {
  return properties?.length ? [properties.map((property) => propertyItem(property, links, 0)).join('\n')] : [];
}

function typeParametersMarkdown(parameters: ApiTypeParameter[], links: ApiMarkdownLinks): string[] {
  const described = parameters.filter((parameter) => parameter.comment);
  if (described.length === 0) return [];
  return [
    `${strong(formatThemeString('apiTypeParameters'))}\n\n${described.map((parameter) => `- \`${parameter.name}\` — ${oneLine(commentText(parameter.comment!.summary, links))}`).join('\n')}`,
  ];
}

function commentMarkdown(comment: ApiComment, links: ApiMarkdownLinks): string[] {
  return [commentText(comment.summary, links), ...blockTagsMarkdown(comment, links, [])].filter(Boolean);
}

/** Block tags as labelled paragraphs: `@remarks`, `@example` (its code as written), `@throws`, `@deprecated`, … */
function blockTagsMarkdown(comment: ApiComment, links: ApiMarkdownLinks, skip: string[]): string[] {
  return comment.blockTags
    .filter((tag) => !skip.includes(tag.tag))
    .map((tag) => {
      const text = commentText(tag.content, links);
      if (tag.tag === '@remarks') return text;
      const label = tagLabel(tag.tag) + (tag.name ? `: ${tag.name}` : '');
      return text.includes('\n') ? `${strong(label)}\n\n${text}` : `${strong(label)} ${text}`;
    })
    .filter(Boolean);
}

function tagLabel(tag: string): string {
  const name = tag.replace(/^@/, '');
  const labels: Record<string, string> = { defaultValue: 'Default value', throws: 'Throws', example: 'Example', deprecated: 'Deprecated', see: 'See', since: 'Since' };
  return labels[name] ?? name.charAt(0).toUpperCase() + name.slice(1);
}

/** Comment parts as markdown: text and code as written, `{@link}`s as links to their pages. */
function commentText(parts: ApiCommentPart[], links: ApiMarkdownLinks): string {
  return parts
    .map((part) => {
      if (part.kind !== 'link') return part.text;
      const text = part.code ? `\`${part.text}\`` : escapeText(part.text);
      const href = part.target ? links.hrefOf(part.target) : part.url;
      return href ? `[${text}](${href})` : text;
    })
    .join('')
    .trim();
}

/** A function's text lives on its first signature. */
function summaryOf(symbol: ApiSymbol): ApiCommentPart[] {
  return symbol.comment?.summary ?? symbol.signatures[0]?.comment?.summary ?? [];
}

function declarationOf(symbol: ApiSymbol): string | undefined {
  const typeParameters = symbol.typeParameters.length > 0 ? `<${symbol.typeParameters.map((p) => `${p.name}${p.constraint ? ` extends ${tokenText(p.constraint)}` : ''}${p.default ? ` = ${tokenText(p.default)}` : ''}`).join(', ')}>` : '';
  const clauses = [
    symbol.extends.length > 0 ? ` extends ${symbol.extends.map(tokenText).join(', ')}` : '',
    symbol.implements.length > 0 ? ` implements ${symbol.implements.map(tokenText).join(', ')}` : '',
  ].join('');
  switch (symbol.kind) {
    case 'function':
      return undefined;
    case 'class':
      return `${symbol.flags.abstract ? 'abstract ' : ''}class ${symbol.name}${typeParameters}${clauses}`;
    case 'interface':
      return `interface ${symbol.name}${typeParameters}${clauses}`;
    case 'enum':
      return `${symbol.flags.const ? 'const ' : ''}enum ${symbol.name}`;
    case 'type':
      return `type ${symbol.name}${typeParameters} = ${tokenText(symbol.type)}`;
    case 'variable':
      return `${symbol.flags.const ? 'const' : 'let'} ${symbol.name}: ${tokenText(symbol.type)}${symbol.defaultValue ? ` = ${symbol.defaultValue}` : ''}`;
    case 'namespace':
      return `namespace ${symbol.name}`;
  }
}

function tokenText(tokens: TypeToken[] | undefined): string {
  return (tokens ?? []).map((token) => token.text).join('');
}

function codeBlock(code: string): string {
  const fence = '`'.repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((match) => match[0].length + 1)));
  return `${fence}ts\n${code}\n${fence}`;
}

function strong(text: string): string {
  return `**${text}**`;
}

function firstParagraph(text: string): string {
  return oneLine(text.split(/\n\s*\n/)[0] ?? '');
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

function escapeText(text: string): string {
  return text.replace(/[[\]\\*_`<]/g, '\\$&');
}

function finish(blocks: string[]): string {
  return `${blocks.filter((block) => block.trim() !== '').join('\n\n')}\n`;
}
