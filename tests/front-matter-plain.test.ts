import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../src/content/front-matter.js';
import { plainFrontMatter } from '../src/content/plain-front-matter.js';
import { frontMatterFence } from '../src/markdown/doc-text.js';
import { writeCorpus } from './helpers/corpus.js';
import { createRandom } from './helpers/markdown-fuzz.js';
import { repoRoot } from './helpers/site.js';

// The fast reading of plain front matter must give what the YAML parser gives, diagnostics and
// key positions included, or not answer at all.

function markdownFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name) && !/(^|[/\\])(node_modules|out)([/\\]|$)/.test(path.relative(dir, entry.parentPath)))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Whether the fast reading answered for this file's front matter (undefined: it has none). */
function tookPlainPath(raw: string): boolean | undefined {
  const match = frontMatterFence.exec(raw);
  return match ? plainFrontMatter(match[1]) !== undefined : undefined;
}

function expectSameAsYaml(raw: string, file: string): void {
  expect(parseFrontMatter(raw, file), `${file}:\n${raw.slice(0, 400)}`).toEqual(parseFrontMatter(raw, file, { plain: false }));
}

describe('plain front matter read without the YAML parser', () => {
  it('reads every doc of the fixtures, the example site and a generated corpus as the YAML parser does', () => {
    const corpusDir = mkdtempSync(path.join(os.tmpdir(), 'sdkdocs-front-matter-'));
    try {
      writeCorpus(corpusDir, 200);
      const files = [...markdownFiles(path.join(repoRoot, 'tests', 'fixtures')), ...markdownFiles(path.join(repoRoot, 'example-site')), ...markdownFiles(corpusDir)];
      let plain = 0;
      let withFrontMatter = 0;
      for (const file of files) {
        const raw = readFileSync(file, 'utf8');
        expectSameAsYaml(raw, file);
        const took = tookPlainPath(raw);
        if (took !== undefined) withFrontMatter++;
        if (took) plain++;
      }
      expect(files.length).toBeGreaterThan(300);
      // Most real front matter is plain: the fast reading is not a path no doc takes.
      expect(plain / withFrontMatter).toBeGreaterThan(0.7);
    } finally {
      rmSync(corpusDir, { recursive: true, force: true });
    }
  });

  it('reads generated front matter of awkward keys and values as the YAML parser does, or leaves it to it', () => {
    const random = createRandom(20261129);
    const keys = ['title', 'description', 'slug', 'id', 'sidebar_position', 'sidebar_label', 'hide_title', 'draft', 'tags', 'custom_edit_url', 'a-b', '_x', 'true', 'y', 'null', 'Title', 'title2', '__proto__', 'constructor'];
    // Values the fast reading should take, and values it must leave to the parser or read exactly.
    const plainish = ['Getting started', 'What\'s new', 'say "hi"', '/docs/intro', 'x#y', 'a:b', 'Ünïcode title', '7', '-5', '0', 'true', 'false', 'Setup, part [2] {b}', 'API & more'];
    const pieces = [
      'Getting started', 'What\'s new', 'say "hi"', 'a: b', 'a:b', 'x #y', 'x#y', '/docs/intro', '/', 'https://example.com/a?b=c#d', 'é', '日本語', '👩‍💻', 'tab\there',
      'null', 'Null', '~', 'true', 'True', 'FALSE', 'yes', 'on', 'y', 'n', '0', '7', '007', '-5', '+5', '-0', '1.5', '1e3', '0x1F', '0o17', '.inf', '.NaN', '12345678901234567890', '2024-01-01',
      '[a, b]', '{a: 1}', '&anchor x', '*alias', '!tag x', '|', '>', '%x', '@x', '`x`', '- item', '? x', 'a, b', 'a [b] {c}', 'trailing ', ' leading', 'back\\slash', "it''s", '', '"', "'",
    ];
    const value = (): string => {
      if (random.chance(0.6)) return random.pick(plainish);
      const text = random.chance(0.3) ? `${random.pick(pieces)}${random.pick(pieces)}` : random.pick(pieces);
      const quoting = random.int(0, 5);
      if (quoting === 0) return `"${text}"`;
      if (quoting === 1) return `'${text}'`;
      return text;
    };
    let answered = 0;
    const docs = 4000;
    for (let doc = 0; doc < docs; doc++) {
      const lines: string[] = [];
      const count = random.int(1, 4);
      for (let line = 0; line < count; line++) {
        const separator = random.chance(0.8) ? ': ' : random.pick([':  ', ':', ' : ', ':\t']);
        // Mostly a key of its own, sometimes one already written.
        const key = random.chance(0.9) ? keys[(doc + line) % keys.length] : random.pick(keys);
        lines.push(`${random.chance(0.05) ? '  ' : ''}${key}${separator}${value()}`);
        if (random.chance(0.05)) lines.push(random.pick(['', '# a comment', '  continued', '- listed', '...']));
      }
      const raw = `---\n${lines.join('\n')}\n---\n\n# Doc ${doc}\n`;
      expectSameAsYaml(raw, `docs/fuzz-${doc}.md`);
      if (tookPlainPath(raw)) answered++;
    }
    // The generated front matter is often plain and often not: both paths are exercised.
    expect(answered).toBeGreaterThan(docs * 0.1);
    expect(answered).toBeLessThan(docs * 0.9);
  });
});
