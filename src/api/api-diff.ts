import type { ApiComment, ApiMember, ApiModel, ApiParameter, ApiRef, ApiSignature, ApiSymbol, TypeToken } from '../core/api-model.js';

export type ApiChangeKind = 'removed' | 'changed' | 'deprecated' | 'added';

/** One difference between two versions of the API. */
export interface ApiChange {
  kind: ApiChangeKind;
  /** Code written against the older version may no longer compile. */
  breaking: boolean;
  /** `PlaykitSdk.init`, `connect`. */
  name: string;
  /** The symbol's kind: `class`, `function`… */
  symbolKind: string;
  /** What changed, one line each: `parameter port added (required)`. */
  details: string[];
  /** Where it is in the older version (absent for an addition). */
  from?: ApiRef;
  /** Where it is in the newer version (absent for a removal). */
  to?: ApiRef;
}

const kindOrder: Record<ApiChangeKind, number> = { removed: 0, changed: 1, deprecated: 2, added: 3 };

/**
 * What changed from one API model to the next: declarations added, removed and deprecated, and
 * signatures changed (parameters, their types and optionality, return types, property types),
 * breaking changes first. A change is breaking when code that compiled against the older version
 * may not compile against the newer: a removal, a new required parameter or property, a parameter
 * or type that changed. Private members are left out: no caller can see them.
 */
export function diffApiModels(from: ApiModel, to: ApiModel): ApiChange[] {
  const changes: ApiChange[] = [];
  const older = new Map(from.symbols.map((symbol) => [symbol.key, symbol]));
  const newer = new Map(to.symbols.map((symbol) => [symbol.key, symbol]));
  for (const [key, symbol] of older) {
    if (!newer.has(key)) changes.push({ kind: 'removed', breaking: true, name: symbol.qualifiedName, symbolKind: symbol.kind, details: [], from: { symbol: key } });
  }
  for (const [key, symbol] of newer) {
    const before = older.get(key);
    if (!before) {
      changes.push({ kind: 'added', breaking: false, name: symbol.qualifiedName, symbolKind: symbol.kind, details: [], to: { symbol: key } });
      continue;
    }
    diffSymbol(before, symbol, changes);
  }
  return changes.sort((a, b) => Number(b.breaking) - Number(a.breaking) || kindOrder[a.kind] - kindOrder[b.kind] || a.name.localeCompare(b.name, 'en'));
}

/** One line of a change, and whether it alone breaks code written against the older version. */
interface Detail {
  text: string;
  breaking: boolean;
}

/** A `changed` entry when there are details, breaking when one of them is. */
function pushChanged(changes: ApiChange[], details: Detail[], entry: Omit<ApiChange, 'kind' | 'breaking' | 'details'>): void {
  if (details.length === 0) return;
  changes.push({ kind: 'changed', breaking: details.some((detail) => detail.breaking), details: details.map((detail) => detail.text), ...entry });
}

const breakingDetail = (text: string): Detail => ({ text, breaking: true });

function diffSymbol(before: ApiSymbol, after: ApiSymbol, changes: ApiChange[]): void {
  const ref: Pick<ApiChange, 'from' | 'to' | 'symbolKind'> = { from: { symbol: before.key }, to: { symbol: after.key }, symbolKind: after.kind };
  if (isDeprecated(after.comment) && !isDeprecated(before.comment)) changes.push({ kind: 'deprecated', breaking: false, name: after.qualifiedName, details: [], ...ref });
  pushChanged(changes, [...typeDetails('type', before.type, after.type), ...signaturesDetails(before.signatures, after.signatures)], { name: after.qualifiedName, ...ref });

  const visible = (members: ApiMember[]) => new Map(members.filter((member) => !member.flags.private).map((member) => [member.id, member]));
  const olderMembers = visible(before.members);
  const newerMembers = visible(after.members);
  const memberRef = (member: ApiMember, side: 'from' | 'to' | 'both') => ({
    name: `${after.qualifiedName}.${member.name}`,
    symbolKind: after.kind,
    ...(side !== 'to' ? { from: { symbol: before.key, member: member.id } } : {}),
    ...(side !== 'from' ? { to: { symbol: after.key, member: member.id } } : {}),
  });
  for (const [id, member] of olderMembers) {
    if (!newerMembers.has(id)) changes.push({ kind: 'removed', breaking: true, details: [], ...memberRef(member, 'from') });
  }
  for (const [id, member] of newerMembers) {
    const earlier = olderMembers.get(id);
    if (!earlier) {
      // An object literal typed by the interface must now give the property.
      const breaking = after.kind === 'interface' && member.kind === 'property' && !member.flags.optional;
      changes.push({ kind: 'added', breaking, details: breaking ? ['required property'] : [], ...memberRef(member, 'to') });
      continue;
    }
    const memberDeprecated = isDeprecated(member.comment) || member.signatures.some((signature) => isDeprecated(signature.comment));
    const wasDeprecated = isDeprecated(earlier.comment) || earlier.signatures.some((signature) => isDeprecated(signature.comment));
    if (memberDeprecated && !wasDeprecated) changes.push({ kind: 'deprecated', breaking: false, details: [], ...memberRef(member, 'both') });
    // Optionality either way breaks someone: readers get a possible undefined, writers a new duty.
    const memberDetails: Detail[] = [
      ...(earlier.flags.optional !== member.flags.optional ? [breakingDetail(member.flags.optional ? 'now optional' : 'now required')] : []),
      ...(earlier.flags.static !== member.flags.static ? [breakingDetail(member.flags.static ? 'now static' : 'no longer static')] : []),
      ...(!earlier.flags.readonly && member.flags.readonly ? [breakingDetail('now readonly')] : []),
      ...(!earlier.flags.protected && member.flags.protected ? [breakingDetail('now protected')] : []),
      ...typeDetails('type', earlier.type, member.type),
      ...signaturesDetails(earlier.signatures, member.signatures),
    ];
    pushChanged(changes, memberDetails, memberRef(member, 'both'));
  }
}

function isDeprecated(comment: ApiComment | undefined): boolean {
  return comment?.blockTags.some((tag) => tag.tag === '@deprecated') ?? false;
}

/** A printed type, as the pages show it. */
export function typeText(tokens: TypeToken[] | undefined): string {
  return (tokens ?? []).map((token) => token.text).join('');
}

/** A changed type is taken as breaking: whether the new one accepts all the old one did is TypeScript's to know, not a text comparison's. */
function typeDetails(what: string, before: TypeToken[] | undefined, after: TypeToken[] | undefined): Detail[] {
  const older = typeText(before);
  const newer = typeText(after);
  return older === newer ? [] : [breakingDetail(`${what} ${older || 'none'} → ${newer || 'none'}`)];
}

/** Overloads compared in order; a lost overload is a change, as is a parameter or return type. */
function signaturesDetails(before: ApiSignature[], after: ApiSignature[]): Detail[] {
  const details: Detail[] = [];
  const many = Math.max(before.length, after.length) > 1;
  for (let index = 0; index < Math.max(before.length, after.length); index++) {
    const older = before[index];
    const newer = after[index];
    const prefix = many ? `overload ${index + 1}: ` : '';
    if (!newer) details.push(breakingDetail(`${prefix}removed`));
    else if (!older) details.push({ text: `${prefix}added`, breaking: false });
    else details.push(...signatureDetails(older, newer).map((detail) => ({ ...detail, text: prefix + detail.text })));
  }
  return details;
}

function signatureDetails(before: ApiSignature, after: ApiSignature): Detail[] {
  const details: Detail[] = [];
  const olderParameters = new Map(before.parameters.map((parameter, index) => [parameter.name, { parameter, index }]));
  const newerNames = new Set(after.parameters.map((parameter) => parameter.name));
  for (const parameter of before.parameters) if (!newerNames.has(parameter.name)) details.push(breakingDetail(`parameter ${parameter.name} removed`));
  for (const [index, parameter] of after.parameters.entries()) {
    const earlier = olderParameters.get(parameter.name);
    if (!earlier) {
      const required = isRequired(parameter);
      details.push({ text: `parameter ${parameter.name} added${required ? ' (required)' : ' (optional)'}`, breaking: required });
      continue;
    }
    if (earlier.index !== index) details.push(breakingDetail(`parameter ${parameter.name} moved from position ${earlier.index + 1} to ${index + 1}`));
    const required = isRequired(parameter);
    if (isRequired(earlier.parameter) !== required) details.push({ text: `parameter ${parameter.name} now ${required ? 'required' : 'optional'}`, breaking: required });
    details.push(...typeDetails(`parameter ${parameter.name}:`, earlier.parameter.type, parameter.type));
  }
  details.push(...typeDetails('returns', before.returnType, after.returnType));
  return details;
}

function isRequired(parameter: ApiParameter): boolean {
  return !parameter.optional && !parameter.rest && parameter.defaultValue === undefined;
}
