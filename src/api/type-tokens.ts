import type { DeclarationReflection, Reflection, ReferenceType, SignatureReflection, SomeType } from 'typedoc';
import type { ApiRef, TypeToken } from '../core/api-model.js';

/** Finds the page (and anchor) of a reflection, when it has one. */
export type RefResolver = (reflection: Reflection) => ApiRef | undefined;

/** Told the name of each type reference that TypeScript could not resolve, as it is printed. */
export type UnresolvedReporter = (name: string) => void;

/** Type names that are keywords: never a link, whatever TypeDoc attached to them. */
const keywordTypeNames = new Set(['unknown', 'any', 'never', 'void', 'undefined', 'null', 'object', 'string', 'number', 'boolean', 'bigint', 'symbol', 'this', 'intrinsic']);

/** TypeDoc's package name for a symbol with no declaration: TypeScript's stand-in for what it cannot resolve. */
const unknownPackage = '<unknown>';

/**
 * True when `target` is the declaration the name `shown` stands for. An import TypeScript cannot
 * resolve (a dependency that is not installed) is its one "unknown" symbol, which TypeDoc may
 * attach to any re-export of such an import: following it links unrelated names to that page.
 */
export function namesTarget(shown: string, target: Reflection): boolean {
  if (keywordTypeNames.has(shown)) return false;
  const last = shown.slice(shown.lastIndexOf('.') + 1);
  if (last === target.name) return true;
  // `export { Base as Renamed }`: the page has the exported name, the type its declared one.
  const declared = (target as DeclarationReflection).escapedName;
  return declared !== undefined && !keywordTypeNames.has(declared) && declared === last;
}

/**
 * The name to show on a link to `target` for a type written as `shown`, or undefined when the
 * link would be wrong. The written name can be right about the declaration yet show a name the
 * page does not have: a default export is written `default`, and a member inherited through a
 * utility type is written `Omit.email` while it is declared in `UserAttributes`; the link then
 * shows the declaration's own name.
 */
export function linkedName(shown: string, target: Reflection): string | undefined {
  if (!namesTarget(shown, target)) return undefined;
  const owners = shown.split('.').slice(0, -1);
  const last = shown.slice(shown.lastIndexOf('.') + 1);
  const name = last === 'default' && target.name !== 'default' ? target.name : last;
  const parent = target.parent;
  if (owners.length > 0 && parent && parent.name !== owners.at(-1) && !parent.isProject()) return `${parent.name}.${name}`;
  return [...owners, name].join('.');
}

/** A reference TypeScript could not resolve, or one TypeDoc resolved to a declaration of another name. */
export function isUnresolvedReference(type: ReferenceType): boolean {
  if (type.refersToTypeParameter) return false;
  if (type.reflection) return !namesTarget(type.name, type.reflection);
  if (type.name === 'unknown') return true;
  const symbol = type.symbolId;
  return symbol !== undefined && symbol.packageName === unknownPackage && symbol.fileName === '';
}

/** Object types printed on one line longer than this are broken into one member per line. */
const maxInlineObjectWidth = 60;

/**
 * Prints TypeDoc types as TypeScript source, in tokens: a name of a symbol that has its own page
 * carries a reference to it, so the page can link it; built-in and external types stay plain text.
 */
export class TypePrinter {
  private tokens: TypeToken[] = [];
  private indent = 0;
  private collapseObjects = false;

  constructor(
    private readonly resolveRef: RefResolver,
    private readonly reportUnresolved: UnresolvedReporter = () => {},
  ) {}

  /**
   * The tokens of one type. With `collapseObjects`, an object type too long for one line is
   * printed `{ … }`: for types whose properties the page lists one by one.
   */
  type(type: SomeType | undefined, options: { collapseObjects?: boolean } = {}): TypeToken[] {
    this.collapseObjects = options.collapseObjects ?? false;
    try {
      return this.collect(() => this.writeType(type));
    } finally {
      this.collapseObjects = false;
    }
  }

  /** A signature as a function type: `<T>(a: A, b?: B) => R`. */
  functionType(signature: SignatureReflection): TypeToken[] {
    return this.collect(() => this.writeSignature(signature, 'arrow'));
  }

  private collect(write: () => void): TypeToken[] {
    const outer = this.tokens;
    const outerIndent = this.indent;
    this.tokens = [];
    this.indent = 0;
    try {
      write();
      return mergeText(this.tokens);
    } finally {
      this.tokens = outer;
      this.indent = outerIndent;
    }
  }

  private push(text: string, kind?: TypeToken['kind'], ref?: ApiRef): void {
    this.tokens.push(ref ? { text, kind, ref } : kind ? { text, kind } : { text });
  }

  private punct(text: string): void {
    this.push(text, 'punctuation');
  }

  private newline(): void {
    this.push(`\n${'  '.repeat(this.indent)}`);
  }

  private writeList<T>(items: readonly T[], separator: string, write: (item: T) => void): void {
    items.forEach((item, index) => {
      if (index > 0) this.punct(separator);
      write(item);
    });
  }

  private writeType(type: SomeType | undefined, context: 'top' | 'array' | 'union' | 'intersection' | 'operator' = 'top'): void {
    if (!type) {
      this.push('any', 'type');
      return;
    }
    const needsParens = this.needsParens(type, context);
    if (needsParens) this.punct('(');
    switch (type.type) {
      case 'intrinsic':
        this.push(type.name, 'type');
        break;
      case 'literal':
        this.push(literalText(type.value), 'literal');
        break;
      case 'reference': {
        const target = type.refersToTypeParameter ? undefined : type.reflection;
        const shown = target && linkedName(type.name, target);
        const ref = shown ? this.resolveRef(target) : undefined;
        if (isUnresolvedReference(type)) this.reportUnresolved(type.name);
        this.push(ref && shown ? shown : type.name, 'type', ref);
        if (type.typeArguments?.length) {
          this.punct('<');
          this.writeList(type.typeArguments, ', ', (argument) => this.writeType(argument));
          this.punct('>');
        }
        break;
      }
      case 'array':
        this.writeType(type.elementType, 'array');
        this.punct('[]');
        break;
      case 'union':
        this.writeList(type.types, ' | ', (member) => this.writeType(member, 'union'));
        break;
      case 'intersection':
        this.writeList(type.types, ' & ', (member) => this.writeType(member, 'intersection'));
        break;
      case 'tuple':
        this.punct('[');
        this.writeList(type.elements, ', ', (element) => this.writeType(element));
        this.punct(']');
        break;
      case 'namedTupleMember':
        this.push(type.name, 'name');
        this.punct(type.isOptional ? '?: ' : ': ');
        this.writeType(type.element);
        break;
      case 'optional':
        this.writeType(type.elementType, 'array');
        this.punct('?');
        break;
      case 'rest':
        this.punct('...');
        this.writeType(type.elementType, 'array');
        break;
      case 'typeOperator':
        this.push(`${type.operator} `, 'keyword');
        this.writeType(type.target, 'operator');
        break;
      case 'query':
        this.push('typeof ', 'keyword');
        this.writeType(type.queryType, 'operator');
        break;
      case 'indexedAccess':
        this.writeType(type.objectType, 'array');
        this.punct('[');
        this.writeType(type.indexType);
        this.punct(']');
        break;
      case 'conditional':
        this.writeType(type.checkType, 'union');
        this.push(' extends ', 'keyword');
        this.writeType(type.extendsType, 'union');
        this.punct(' ? ');
        this.writeType(type.trueType);
        this.punct(' : ');
        this.writeType(type.falseType);
        break;
      case 'inferred':
        this.push('infer ', 'keyword');
        this.push(type.name, 'type');
        if (type.constraint) {
          this.push(' extends ', 'keyword');
          this.writeType(type.constraint, 'union');
        }
        break;
      case 'predicate':
        if (type.asserts) this.push('asserts ', 'keyword');
        this.push(type.name, 'name');
        if (type.targetType) {
          this.push(' is ', 'keyword');
          this.writeType(type.targetType);
        }
        break;
      case 'templateLiteral':
        this.push(`\`${escapeTemplate(type.head)}`, 'literal');
        for (const [inner, text] of type.tail) {
          this.punct('${');
          this.writeType(inner);
          this.punct('}');
          this.push(escapeTemplate(text), 'literal');
        }
        this.push('`', 'literal');
        break;
      case 'mapped':
        this.writeMapped(type);
        break;
      case 'reflection':
        this.writeReflection(type.declaration);
        break;
      case 'unknown':
        this.push(type.name);
        break;
    }
    if (needsParens) this.punct(')');
  }

  private needsParens(type: SomeType, context: 'top' | 'array' | 'union' | 'intersection' | 'operator'): boolean {
    if (context === 'top') return false;
    const isFunctionType = type.type === 'reflection' && isFunctionLiteral(type.declaration);
    switch (context) {
      case 'array':
        return ['union', 'intersection', 'conditional', 'typeOperator', 'query', 'inferred', 'predicate'].includes(type.type) || isFunctionType;
      case 'union':
        return type.type === 'conditional' || isFunctionType;
      case 'intersection':
        return type.type === 'union' || type.type === 'conditional' || isFunctionType;
      case 'operator':
        return ['union', 'intersection', 'conditional'].includes(type.type) || isFunctionType;
    }
  }

  private writeMapped(type: Extract<SomeType, { type: 'mapped' }>): void {
    this.punct('{ ');
    if (type.readonlyModifier) this.push(`${type.readonlyModifier === '-' ? '-' : ''}readonly `, 'keyword');
    this.punct('[');
    this.push(type.parameter, 'type');
    this.push(' in ', 'keyword');
    this.writeType(type.parameterType);
    if (type.nameType) {
      this.push(' as ', 'keyword');
      this.writeType(type.nameType);
    }
    this.punct(']');
    if (type.optionalModifier) this.punct(type.optionalModifier === '-' ? '-?' : '?');
    this.punct(': ');
    this.writeType(type.templateType);
    this.punct(' }');
  }

  /** An inline object type, function type or constructor type. */
  private writeReflection(declaration: DeclarationReflection): void {
    const children = declaration.children ?? [];
    const signatures = declaration.signatures ?? [];
    const indexSignatures = declaration.indexSignatures ?? [];
    if (children.length === 0 && indexSignatures.length === 0 && signatures.length === 1) {
      const signature = signatures[0];
      this.writeSignature(signature, signature.kind === constructorSignatureKind ? 'constructorType' : 'arrow');
      return;
    }
    if (children.length === 0 && indexSignatures.length === 0 && signatures.length === 0) {
      this.punct('{}');
      return;
    }
    const singleLine = this.collect(() => this.writeObjectMembers(declaration, false));
    const width = singleLine.reduce((sum, token) => sum + token.text.length, 0);
    if (width <= maxInlineObjectWidth && !singleLine.some((token) => token.text.includes('\n'))) {
      this.tokens.push(...singleLine);
    } else if (this.collapseObjects) {
      this.punct('{ … }');
    } else {
      this.writeObjectMembers(declaration, true);
    }
  }

  private writeObjectMembers(declaration: DeclarationReflection, multiline: boolean): void {
    const members: (() => void)[] = [];
    for (const signature of declaration.indexSignatures ?? []) members.push(() => this.writeSignature(signature, 'index'));
    for (const signature of declaration.signatures ?? []) {
      members.push(() => this.writeSignature(signature, signature.kind === constructorSignatureKind ? 'constructorCall' : 'call', ''));
    }
    for (const child of declaration.children ?? []) {
      if (child.signatures?.length && child.kindOf(methodKind)) {
        for (const signature of child.signatures) members.push(() => this.writeSignature(signature, 'call', child.name));
        continue;
      }
      if (child.getSignature || child.setSignature) {
        if (child.getSignature) members.push(() => this.writeSignature(child.getSignature!, 'get', child.name));
        if (child.setSignature) members.push(() => this.writeSignature(child.setSignature!, 'set', child.name));
        continue;
      }
      members.push(() => {
        if (child.flags.isReadonly) this.push('readonly ', 'keyword');
        this.push(propertyName(child.name), 'name');
        this.punct(child.flags.isOptional ? '?: ' : ': ');
        this.writeType(child.type);
      });
    }
    this.punct('{');
    if (multiline) {
      this.indent++;
      for (const write of members) {
        this.newline();
        write();
        this.punct(';');
      }
      this.indent--;
      this.newline();
    } else {
      this.punct(' ');
      this.writeList(members, '; ', (write) => write());
      this.punct(' ');
    }
    this.punct('}');
  }

  private writeSignature(
    signature: SignatureReflection,
    kind: 'call' | 'get' | 'set' | 'index' | 'arrow' | 'constructorType' | 'constructorCall',
    name = signature.name,
  ): void {
    if (kind === 'index') {
      this.punct('[');
      this.writeParameters(signature);
      this.punct(']: ');
      this.writeType(signature.type);
      return;
    }
    if (kind === 'constructorType' || kind === 'constructorCall') this.push('new ', 'keyword');
    if (kind === 'get') this.push('get ', 'keyword');
    if (kind === 'set') this.push('set ', 'keyword');
    if (name && (kind === 'call' || kind === 'get' || kind === 'set')) this.push(propertyName(name), 'name');
    const typeParameters = signature.typeParameters ?? [];
    if (typeParameters.length > 0) {
      this.punct('<');
      this.writeList(typeParameters, ', ', (parameter) => {
        if (parameter.varianceModifier) this.push(`${parameter.varianceModifier} `, 'keyword');
        this.push(parameter.name, 'type');
        if (parameter.type) {
          this.push(' extends ', 'keyword');
          this.writeType(parameter.type);
        }
        if (parameter.default) {
          this.punct(' = ');
          this.writeType(parameter.default);
        }
      });
      this.punct('>');
    }
    this.punct('(');
    this.writeParameters(signature);
    this.punct(')');
    if (kind === 'set') return;
    this.punct(kind === 'arrow' || kind === 'constructorType' ? ' => ' : ': ');
    this.writeType(signature.type);
  }

  private writeParameters(signature: SignatureReflection): void {
    this.writeList(signature.parameters ?? [], ', ', (parameter) => {
      if (parameter.flags.isRest) this.punct('...');
      this.push(parameter.name, 'name');
      this.punct(parameter.flags.isOptional || parameter.defaultValue !== undefined ? '?: ' : ': ');
      this.writeType(parameter.type);
    });
  }
}

// ReflectionKind values, kept as numbers so this module needs no runtime import of TypeDoc.
const constructorSignatureKind = 16384;
const methodKind = 2048;

function isFunctionLiteral(declaration: DeclarationReflection): boolean {
  return !declaration.children?.length && !declaration.indexSignatures?.length && declaration.signatures?.length === 1;
}

function literalText(value: string | number | boolean | null | bigint): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}

function escapeTemplate(text: string): string {
  return text.replace(/[`\\]/g, '\\$&').replace(/\$\{/g, '\\${');
}

/** Property names that are not identifiers are quoted, as TypeScript prints them. */
export function propertyName(name: string): string {
  return /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(name) || /^\[.*\]$/.test(name) || /^#/.test(name) ? name : JSON.stringify(name);
}

/** Joins neighbouring plain tokens of the same kind, so the page has fewer elements. */
function mergeText(tokens: TypeToken[]): TypeToken[] {
  const merged: TypeToken[] = [];
  for (const token of tokens) {
    const last = merged[merged.length - 1];
    if (last && !last.ref && !token.ref && last.kind === token.kind) {
      merged[merged.length - 1] = { ...last, text: last.text + token.text };
    } else {
      merged.push(token);
    }
  }
  return merged;
}
