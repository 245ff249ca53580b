import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../../bench/lib/seeded-random.mjs';

/**
 * Writes a deterministic Docusaurus-style docs corpus of `pages` docs into `siteDir/docs`, so that
 * tests of large-site behaviour (worker threads, caches) need nothing outside the repository.
 * Docs sit in nested category folders and link to each other; every tenth has a table, every
 * seventh an admonition, and with `mermaidEvery` some hold a diagram.
 */
export function writeCorpus(siteDir: string, pages: number, options: { mermaidEvery?: number; seed?: number } = {}): void {
  const random = seededRandom(options.seed ?? 1);
  const words = ['player', 'session', 'launcher', 'balance', 'event', 'currency', 'round', 'config', 'error', 'retry', 'token', 'wallet', 'sound', 'locale', 'message', 'plugin'];
  const sentence = (length: number) => {
    const picked = Array.from({ length }, () => words[Math.floor(random() * words.length)]);
    return `${picked.join(' ')}.`.replace(/^./, (first) => first.toUpperCase());
  };
  const perCategory = 25;
  mkdirSync(path.join(siteDir, 'docs'), { recursive: true });
  writeFileSync(path.join(siteDir, 'docs', 'intro.md'), `---\nsidebar_position: 0\n---\n\n# Introduction\n\n${sentence(16)}\n`);
  const routeOf = (index: number) => `section-${Math.floor(index / perCategory)}/page-${index}`;
  for (let index = 0; index < pages; index++) {
    const category = Math.floor(index / perCategory);
    const folder = path.join(siteDir, 'docs', `section-${category}`);
    if (index % perCategory === 0) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, '_category_.json'), JSON.stringify({ label: `Section ${category}`, position: category + 1 }));
    }
    const linked = Math.floor(random() * pages);
    const lines = [
      '---',
      `title: Page ${index}`,
      `sidebar_position: ${(index % perCategory) + 1}`,
      '---',
      '',
      sentence(12),
      '',
      `## Overview of ${words[index % words.length]}`,
      '',
      `${sentence(20)} See [page ${linked}](/docs/${routeOf(linked)}).`,
      '',
      '```ts',
      `const value${index} = await sdk.call('${words[index % words.length]}');`,
      '```',
      '',
      '### Details',
      '',
      sentence(30),
    ];
    if (index % 10 === 0) lines.push('', '| Name | Value |', '| --- | --- |', `| ${words[index % words.length]} | ${index} |`);
    if (index % 7 === 0) lines.push('', ':::note', sentence(8), ':::');
    if (options.mermaidEvery && index % options.mermaidEvery === 0) lines.push('', '```mermaid', 'graph TD', `  A${index} --> B${index}`, '```');
    writeFileSync(path.join(folder, `page-${index}.md`), `${lines.join('\n')}\n`);
  }
}
