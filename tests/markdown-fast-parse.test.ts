import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../bench/lib/corpus.mjs';
import { createFastParser } from '../src/markdown/fast-parse.js';
import { comparable, firstDifference, generatePlainDoc, parseWithRemark } from './helpers/fast-parse-oracle.js';
import { markdownTextsUnder } from './helpers/markdown-files.js';
import { createRandom, generateDoc } from './helpers/markdown-fuzz.js';

/*
 * remark-parse is the oracle: every doc the fast parse claims must get remark-parse's tree
 * (types, values, URLs, and the positions of all but plain inline nodes). The docs it leaves to
 * remark-parse are counted, not compared.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const corpusDir = mkdtempSync(path.join(tmpdir(), 'sdkdocs-fast-parse-'));
afterAll(() => rmSync(corpusDir, { recursive: true, force: true }));

/** Parses each text both ways; the differences, and how many texts the fast parse covered. */
function compareBothWays(texts: Iterable<{ name: string; text: string }>): { differences: string[]; covered: number; total: number } {
  const fastParse = createFastParser();
  const differences: string[] = [];
  let covered = 0;
  let total = 0;
  for (const { name, text } of texts) {
    total++;
    const fast = fastParse(text);
    if (!fast) continue;
    covered++;
    const difference = firstDifference(comparable(fast), comparable(parseWithRemark(text)));
    if (difference) differences.push(`${name}: ${difference}`);
  }
  return { differences, covered, total };
}

describe('the fast parse gives remark-parse’s tree', () => {
  it('for every markdown file of the tests and the example site', () => {
    const { differences, covered, total } = compareBothWays(markdownTextsUnder([path.join(repoRoot, 'tests'), path.join(repoRoot, 'example-site')]));
    expect(differences).toEqual([]);
    expect(total).toBeGreaterThan(100);
    // Most plain docs take the fast path: a fast parse that covers nothing would pass the rest.
    expect(covered / total).toBeGreaterThan(0.7);
  });

  it('for the constructs the fuzz found the two parsers read differently', () => {
    const quirks = [
      "  1. two\n\n\n    --\n    player | | it's\n",
      '      2) `x` y\n2) _*star* score_\n',
      '| a |\n|--:|\n<img src="a.png" />\n',
      "a_b `<b>` ~~2*3 #hash~~ \\ player end. 2*3 it's x*y\n",
      '_it\'s_~~&copy; x<y 2*3~~__x*y__\n',
      '---\nsidebar_position:\u00005\n---\n# T\n',
      '![alt ~tilde~](a.png)\n',
      '    end.\n    a_b\n\n3) \\\n',
      '+ *it\'s* \\\n \\\n\n  ```mermaid\n\n\n',
      '```bash {1,2}\n\n\n\n> ````ts\n>   1. two\n> ````\n',
      '> ](   \n>  <https://example.com/x> ***|***\nthe snake_case\n__x<y #hash__\n<img src="a.png" />\n',
    ].map((text, index) => ({ name: `quirk #${index}`, text }));
    expect(compareBothWays(quirks).differences).toEqual([]);
  });

  it('takes strikethrough the fast way, and tildes in code never matter', () => {
    const parse = createFastParser();
    const struck = parse('Some ~~struck~~ text.\n\n~~~sh\ncd ~/site\n~~~\n\nThe `~/.npmrc` file.\n');
    expect(struck).toBeDefined();
    expect(JSON.stringify(comparable(struck))).toContain('"type":"delete"');
    expect(compareBothWays([{ name: 'struck', text: 'Some ~~struck~~ text.\n' }]).differences).toEqual([]);
  });

  it('takes a container directive right after a list the fast way, and leaves one inside a list to remark-parse', () => {
    const parse = createFastParser();
    const afterList = [
      '- one\n- two\n\n:::warning\n\nCareful.\n\n:::\n',
      '1. one\n   - nested\n\n:::note[Heads up]\nText.\n:::\n',
      '- ```js\n  x\n  ```\n:::tip\nText.\n:::\n',
    ];
    for (const text of afterList) expect(parse(text), text).toBeDefined();
    expect(compareBothWays(afterList.map((text, index) => ({ name: `after a list #${index}`, text }))).differences).toEqual([]);
    const inList = ['- one\n\n  :::warning\n  Careful.\n  :::\n', '- one\n  - two\n\n  :::note\n  x\n  :::\n', '> - one\n>\n> :::tip\n> x\n> :::\n'];
    for (const text of inList) expect(parse(text), text).toBeUndefined();
  });

  it('takes a doc whose only trouble is inside a code fence the fast way, and keeps fences in lists and quotes to the tests', () => {
    const parse = createFastParser();
    const fenced = [
      '# Errors\n\n```text\n> 1 | const a = 1_000;\n    | ^\n```\n\nDone.\n',
      'Markup:\n\n```html\n<div>\n  <p>x</p>\n</div>\n```\n',
      'Notes in code:\n\n~~~md\nSee [^1] and ::leaf\n\n[^1]: a note\n~~~\n',
      ':::tip\n\n```jsx\n  {x}\n  <b>y</b>\n```\n\n:::\n',
      '````md\n```js\n> quoted\n```\n````\n\nAfter.\n',
    ];
    for (const text of fenced) expect(parse(text), text).toBeDefined();
    const kept = [
      '- item\n\n  ```text\n  >\n  ```\n',
      '> ```text\n> >\n> ```\n',
      '```text\ncode\n```\n> quote\n    indented\n',
      '<details>\n```text\n> not code: the HTML block holds this line\n\n```\n',
      '```sh\n> never closed\n  <x>\n',
    ];
    for (const text of kept.slice(0, 3)) expect(parse(text), text).toBeUndefined();
    const all = [...fenced, ...kept].map((text, index) => ({ name: `fenced #${index}`, text }));
    expect(compareBothWays(all).differences).toEqual([]);
  });

  it('for a generated corpus', () => {
    generateCorpus(corpusDir, 200);
    const { differences, covered, total } = compareBothWays(markdownTextsUnder([corpusDir]));
    expect(differences).toEqual([]);
    expect(covered / total).toBeGreaterThan(0.9);
  }, 120_000);

  it('for the real Docusaurus docs sets, where present', () => {
    const sets = readdirSync('/tmp').filter((name) => name.startsWith('realsite-')).map((name) => path.join('/tmp', name)).filter((dir) => statSync(dir).isDirectory());
    if (existsSync('/tmp/classic-full')) sets.push('/tmp/classic-full');
    if (sets.length === 0) {
      console.log('fast parse: no real docs sets under /tmp (realsite-*, classic-full); skipped');
      return;
    }
    const { differences, covered, total } = compareBothWays(markdownTextsUnder(sets));
    console.log(`fast parse: ${covered} of ${total} real docs covered, ${differences.length} differences`);
    expect(differences).toEqual([]);
  }, 300_000);
});

/** Seeded fuzz docs: `FAST_PARSE_FUZZ_N` for the long run (see website/docs/design/performance.md). */
const fuzzCount = Number(process.env.FAST_PARSE_FUZZ_N ?? 3000);
const fuzzSeed = Number(process.env.FAST_PARSE_FUZZ_SEED ?? 32);

describe('fuzz: generated docs parse the same both ways', () => {
  it(`for ${fuzzCount} docs of common constructs`, () => {
    const random = createRandom(fuzzSeed);
    const docs = Array.from({ length: fuzzCount }, (_, index) => ({ name: `plain #${index}`, text: generatePlainDoc(random) }));
    const { differences, covered, total } = compareBothWays(docs);
    console.log(`fast parse fuzz (plain, seed ${fuzzSeed}): ${covered} of ${total} covered, ${differences.length} differences`);
    expect(differences.slice(0, 5)).toEqual([]);
  }, 600_000);

  it(`for ${Math.round(fuzzCount / 3)} docs with code fences around hostile lines`, () => {
    const random = createRandom(fuzzSeed + 1);
    const count = Math.round(fuzzCount / 3);
    const docs = Array.from({ length: count }, (_, index) => ({ name: `fenced #${index}`, text: fencedDoc(random, index, count) }));
    const { differences, covered, total } = compareBothWays(docs);
    console.log(`fast parse fuzz (fenced, seed ${fuzzSeed + 1}): ${covered} of ${total} covered, ${differences.length} differences`);
    expect(differences.slice(0, 5)).toEqual([]);
    expect(covered).toBeGreaterThan(0);
  }, 600_000);

  it(`for ${Math.round(fuzzCount / 3)} hostile docs`, () => {
    const random = createRandom(fuzzSeed);
    const count = Math.round(fuzzCount / 3);
    const docs = Array.from({ length: count }, (_, index) => ({ name: `hostile #${index}`, text: generateDoc(random, index, count) }));
    const { differences, covered, total } = compareBothWays(docs);
    console.log(`fast parse fuzz (hostile, seed ${fuzzSeed}): ${covered} of ${total} covered, ${differences.length} differences`);
    expect(differences.slice(0, 5)).toEqual([]);
  }, 600_000);
});

/**
 * A plain doc with a code fence in it whose lines are a hostile doc's: the fence opened in the
 * open, after a list item, a quote, raw HTML or a `:::` container, closed right, too short, with
 * the other mark or not at all, so that where each parser ends the fence is put to the test.
 */
function fencedDoc(random: ReturnType<typeof createRandom>, index: number, count: number): string {
  const mark = random.pick(['```', '````', '~~~', '~~~~']);
  const opening = random.pick(['', ' ', '   ', '- ', '  ', '> ', '1. ', '<div>\n', ':::tip\n', ':::note\n\n', 'Text right above.\n']) + mark + random.pick(['', 'js', 'text title="a.txt"', 'md {1,3}']);
  const code = generateDoc(random, index, count).split('\n').slice(0, random.int(1, 12)).join('\n');
  const closing = random.pick([mark, mark, mark + '`', mark.slice(1), mark[0] === '`' ? '~~~' : '```', `  ${mark}`, '', `${mark} trailing`]);
  const after = random.pick(['', '\n', '\n:::\n', '\n</div>\n', '\nAfter the fence.\n', '\n> quoted after\n']);
  const prose = () => (random.chance(0.2) ? generatePlainDoc(random) : random.pick(safeProse));
  return `${prose()}\n\n${opening}\n${code}\n${closing}\n${after}\n${random.chance(0.5) ? prose() : ''}`;
}

/** Prose the fast parse takes, so that the fence decides. */
const safeProse = [
  '# Setup\n\nInstall the **SDK** and call `init()`.',
  'Some text with a [link](/docs/intro) and _emphasis_.',
  '- one\n- two\n\nThen:',
  '1. first\n2. second',
  '## Next\n\n| a | b |\n| - | - |\n| 1 | 2 |',
  '',
];
