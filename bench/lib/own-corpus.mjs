import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { seededRandom } from './seeded-random.mjs';

/**
 * The project's own generator of a deterministic Docusaurus-style docs corpus, used when the
 * workspace's shared generator (`../shared/bench/gen-corpus.mjs`) is not beside the repository,
 * e.g. in a clone on another machine. It writes the same kinds of content in about the same
 * amounts (front matter, nested categories with `_category_.json`, headings, tables, lists, code,
 * admonitions, relative links with anchors, one mermaid diagram per twenty pages), so the
 * benchmarks measure the same work; figures from the two generators are not interchangeable,
 * and the benchmarks print which one made the corpus.
 */

const topics = ['achievements', 'analytics', 'audio', 'cloud-saves', 'input', 'leaderboards', 'matchmaking', 'monetization', 'multiplayer', 'networking'];
const sections = ['guides', 'platform-notes', 'server-api', 'troubleshooting'];
const actors = ['the launcher', 'the session manager', 'the storage layer', 'the game client', 'the input router', 'the overlay', 'the lobby service', 'the bridge'];
const verbs = ['buffer', 'retry', 'sign', 'persist', 'schedule', 'compress', 'resolve', 'reject', 'restore', 'negotiate'];
const thirdPerson = (verb) => (verb.endsWith('y') ? `${verb.slice(0, -1)}ies` : verb.endsWith('s') ? `${verb}es` : `${verb}s`);
const objects = ['analytics batches', 'the handshake payload', 'cloud save slots', 'leaderboard entries', 'purchase receipts', 'locale bundles', 'frame timings', 'matchmaking tickets', 'presence updates', 'the asset manifest'];
const options = ['timeoutMs', 'retryCount', 'batchSize', 'logLevel', 'region', 'locale', 'flushIntervalMs', 'sandbox'];
const types = ['string', 'number', 'boolean', 'string[]', 'Record<string, string>'];
const headingWords = ['Handling', 'Testing', 'Scheduling', 'Retrying', 'Tuning', 'Debugging', 'Securing', 'Caching'];

/**
 * Writes `pages` docs (plus `intro.md`) into `outDir/docs`.
 * @param {string} outDir
 * @param {number} pages
 * @param {{ seed?: number, diagramEvery?: number }} [settings]
 */
export function writeOwnCorpus(outDir, pages, { seed = 7, diagramEvery = 20 } = {}) {
  const random = seededRandom(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const titleCase = (text) => text.replace(/(^|[\s-])([a-z])/g, (_, space, letter) => `${space === '-' ? ' ' : space}${letter.toUpperCase()}`);
  const sentence = () => {
    const kind = Math.floor(random() * 4);
    if (kind === 0) return `When ${pick(actors)} ${thirdPerson(pick(verbs))} ${pick(objects)}, ${pick(actors)} ${thirdPerson(pick(verbs))} ${pick(objects)}.`;
    if (kind === 1) return `Set \`${pick(options)}\` to \`${Math.floor(random() * 5000)}\` to change how ${pick(actors)} ${thirdPerson(pick(verbs))} ${pick(objects)}.`;
    if (kind === 2) return `In most integrations this step takes less than ${5 * Math.floor(random() * 40) + 10} milliseconds on a mid-range device.`;
    return `You can ${pick(verbs)} ${pick(objects)} by calling \`sdk.${pick(['init', 'flush', 'shutdown', 'on', 'emit'])}()\` before the first frame is rendered.`;
  };
  const paragraph = (count) => Array.from({ length: count }, sentence).join(' ');

  /** Every page's folder, file name, title and headings, planned first so that links can point anywhere. */
  const plan = [];
  for (let index = 0; index < pages; index++) {
    const topic = topics[index % topics.length];
    const section = sections[Math.floor(index / topics.length) % sections.length];
    const subject = pick(objects).replace(/^the /, '');
    const title = `${pick(headingWords)} ${titleCase(subject)} ${index}`;
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const headings = Array.from({ length: 6 }, () => `${pick(headingWords)} ${titleCase(pick(objects).replace(/^the /, ''))}`);
    plan.push({ folder: path.join(topic, section), file: `${slug}.md`, title, headings });
  }
  const anchorOf = (heading) => heading.toLowerCase().replace(/[^a-z0-9]+/g, '-');

  const docsDir = path.join(outDir, 'docs');
  mkdirSync(docsDir, { recursive: true });
  writeFileSync(path.join(docsDir, 'intro.md'), `---\nsidebar_position: 0\n---\n\n# Introduction\n\n${paragraph(4)}\n`);
  const categoriesWritten = new Set();
  plan.forEach((page, index) => {
    const folder = path.join(docsDir, page.folder);
    if (!categoriesWritten.has(page.folder)) {
      categoriesWritten.add(page.folder);
      mkdirSync(folder, { recursive: true });
      const [topic, section] = page.folder.split(path.sep);
      if (!categoriesWritten.has(topic)) {
        categoriesWritten.add(topic);
        writeFileSync(path.join(docsDir, topic, '_category_.json'), `${JSON.stringify({ label: titleCase(topic), position: topics.indexOf(topic) + 1 })}\n`);
      }
      writeFileSync(path.join(folder, '_category_.json'), `${JSON.stringify({ label: titleCase(section), position: sections.indexOf(section) + 1 })}\n`);
    }
    const target = plan[Math.floor(random() * plan.length)];
    const relative = path.relative(page.folder, path.join(target.folder, target.file)).split(path.sep).join('/');
    const link = `[${target.headings[0]} in ${target.title}](${relative.startsWith('.') ? relative : `./${relative}`}#${anchorOf(target.headings[0])})`;
    const lines = ['---', `title: "${page.title}"`, `sidebar_position: ${Math.floor(index / (topics.length * sections.length)) + 1}`, '---', '', `# ${page.title}`, '', paragraph(5), '', `${paragraph(2)} See ${link} for details.`];
    page.headings.forEach((heading, position) => {
      lines.push('', `${position % 2 === 0 ? '##' : '###'} ${heading}`, '', paragraph(4));
      if (position === 0 || position === 4) {
        lines.push('', '| Option | Type | Default | Description |', '| --- | --- | --- | --- |');
        for (let row = 0; row < 5; row++) lines.push(`| \`${pick(options)}\` | \`${pick(types)}\` | \`'${pick(['auto', 'info', 'eu-west'])}'\` | ${sentence()} |`);
      }
      if (position === 1 || position === 5) lines.push('', ...Array.from({ length: 4 }, () => `- ${sentence()}`));
      if (position === 2) {
        lines.push('', '```ts', `import { PlaykitSdk } from '@playkit/sdk';`, '', `const sdk = new PlaykitSdk({ ${pick(options)}: ${Math.floor(random() * 100)} });`, `await sdk.${pick(['init', 'flush'])}();`, `sdk.on('${pick(['player:joined', 'locale:changed', 'round:ended'])}', (event) => console.log(event));`, '```');
      }
      if (position === 3 && index % 3 === 0) lines.push('', `:::${pick(['note', 'tip', 'warning', 'info'])}`, '', paragraph(2), '', ':::');
    });
    if (diagramEvery > 0 && index % diagramEvery === 0) {
      lines.push('', '## Flow', '', '```mermaid', 'sequenceDiagram', '  participant Game', '  participant SDK', '  participant Server');
      for (let step = 0; step < 4; step++) lines.push(`  ${pick(['Game', 'SDK'])}->>${pick(['SDK', 'Server'])}: ${pick(verbs)} ${pick(objects)}`);
      lines.push('```');
    }
    writeFileSync(path.join(folder, page.file), `${lines.join('\n')}\n`);
  });
  return plan.map((page) => path.join(page.folder, page.file).split(path.sep).join('/'));
}
