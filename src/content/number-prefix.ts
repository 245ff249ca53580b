import { UserError } from '../core/diagnostic.js';
import { locateConfigKey } from '../config/locate-key.js';
import type { NumberPrefixParser } from '../config/schema.js';
import type { ResolvedConfig } from '../config/resolve.js';

/** A file or folder name with its number prefix taken off, and the number, as Docusaurus reads `01-intro.md`. */
export interface ParsedName {
  filename: string;
  numberPrefix?: number;
}

/** `2021-01-15-notes` and `7.0-changes` name a date and a version, not a position. */
const notAPrefix = /^\d+[-_.]\d+/;
const numberPrefix = /^(\d+)\s*[-_.]+\s*([^-_.\s].*)$/;

/** Docusaurus' default parser: `01-intro` is `intro` at position 1; dates and versions keep their names. */
export function parseNumberPrefix(name: string): ParsedName {
  if (notAPrefix.test(name)) return { filename: name };
  const match = numberPrefix.exec(name);
  return match ? { filename: match[2], numberPrefix: Number.parseInt(match[1], 10) } : { filename: name };
}

/** No parser: the name as written (`numberPrefixParser: false`, front matter `parse_number_prefixes: false`). */
export function keepName(name: string): ParsedName {
  return { filename: name };
}

/**
 * The config's `docs.numberPrefixParser` as a function: the default parser, none (`false`: names
 * are kept as written, no positions from them) or the site's own, whose answers are checked so a
 * wrong one is an error at the key rather than odd ids.
 */
export function numberPrefixParserOf(config: ResolvedConfig): (name: string) => ParsedName {
  const option: boolean | NumberPrefixParser | undefined = config.docs.numberPrefixParser;
  if (option === undefined || option === true) return parseNumberPrefix;
  if (option === false) return keepName;
  return (name) => {
    let parsed: unknown;
    try {
      parsed = option(name);
    } catch (error) {
      throw parserError(config, `threw for "${name}": ${(error as Error).message}`);
    }
    const { filename, numberPrefix: prefix } = (parsed ?? {}) as Partial<ParsedName>;
    if (typeof filename !== 'string' || filename === '' || (prefix !== undefined && (typeof prefix !== 'number' || !Number.isFinite(prefix)))) {
      throw parserError(config, `returned ${JSON.stringify(parsed)} for "${name}"`);
    }
    return { filename, numberPrefix: prefix };
  };
}

function parserError(config: ResolvedConfig, what: string): UserError {
  return new UserError({
    severity: 'error',
    code: 'config',
    message: `docs.numberPrefixParser ${what}.`,
    file: config.configFile,
    ...locateConfigKey(config, ['docs', 'numberPrefixParser']),
    hint: 'It takes a file or folder name and returns { filename, numberPrefix }: the name without its prefix (not empty) and the number, or undefined when there is none.',
  });
}
