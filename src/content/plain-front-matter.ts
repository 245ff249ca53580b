import type { KeyPosition } from './front-matter-keys.js';

/**
 * The front matter most docs have, read without a YAML parser: one `key: value` line per key,
 * each value a plain word-led string, a quoted string without escapes, a whole number or a
 * boolean. At 10,000 docs the YAML parser was a second of the main thread's serial time before
 * any doc compiled. Anything else (a list, a nested mapping, a comment, a number that is not a
 * plain whole one, a word YAML reads as null or a boolean in another spelling, a repeated key)
 * answers undefined and goes to the YAML parser, whose result this one must equal: the
 * front-matter oracle test holds both to that on every doc the project has and on generated ones.
 */
export function plainFrontMatter(yamlText: string): { data: Record<string, unknown>; keyPositions: Record<string, KeyPosition> } | undefined {
  if (unsafeCharacter.test(yamlText)) return undefined;
  const data: Record<string, unknown> = {};
  const keyPositions: Record<string, KeyPosition> = {};
  const lines = yamlText.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line === '') continue;
    const match = keyLine.exec(line);
    if (!match) return undefined;
    const [, key, text] = match;
    // `__proto__` as a key would set the object's prototype here; the YAML parser makes it a key.
    if (Object.hasOwn(data, key) || yamlWords.has(key) || key === '__proto__') return undefined;
    const value = plainValue(text);
    if (value === undefined) return undefined;
    data[key] = value;
    // The opening `---` is the file's first line.
    keyPositions[key] = { line: index + 2, column: 1 };
  }
  return { data, keyPositions };
}

/** Tabs, carriage returns, other control characters and a byte order mark: the YAML parser's to read. */
const unsafeCharacter = /[\u0000-\u0009\u000B-\u001F\u007F\uFEFF]/;
/** `key: value`, the key at the line's start. */
const keyLine = /^([A-Za-z_][A-Za-z0-9_-]*): +(.+)$/;
/** Plain words YAML 1.2 reads as null or a boolean, as keys or values. */
const yamlWords = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'y', 'Y', 'n', 'N', 'yes', 'Yes', 'YES', 'no', 'No', 'NO', 'on', 'On', 'ON', 'off', 'Off', 'OFF']);

function plainValue(text: string): string | number | boolean | undefined {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^(0|-?[1-9][0-9]{0,14})$/.test(text)) return Number(text);
  const quote = text[0];
  if (quote === '"' || quote === "'") {
    const inner = text.slice(1, -1);
    // Without escapes, doubled quotes or a second quote, the text between the quotes is the value.
    return text.length >= 2 && text.endsWith(quote) && !inner.includes(quote) && !(quote === '"' && inner.includes('\\')) ? inner : undefined;
  }
  // A plain string: led by a letter or a slash (a quote, bracket, `&`, `*`, `!`, `|`, `>`, `%`, `@`
  // or backtick means something else first), with no comment or mapping in it and no space at its end.
  if (!/^[A-Za-z/]/.test(text) || yamlWords.has(text) || /\s$/.test(text) || /: |:$| #/.test(text)) return undefined;
  return text;
}
