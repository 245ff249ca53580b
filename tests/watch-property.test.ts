/**
 * The watch property: after any sequence of edits, what a `serve --watch` session left in its
 * output folder is, byte for byte, what a cold build of the same files writes, and the open pages
 * were told about each edit exactly once. The edits go through the real watcher (chokidar), as a
 * user's saves do.
 *
 * SDKDOCS_PROPERTY_STEPS sets the length of the seeded random run and SDKDOCS_PROPERTY_SEED its
 * seed (see website/docs/design/reliability.md); a failure names both, and the steps taken.
 */
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/build.js';
import { loadConfig } from '../src/config/load.js';
import { UserError } from '../src/core/diagnostic.js';
import { createMemoryLogger } from '../src/core/logger.js';
import { serve, type SiteServer } from '../src/serve/serve.js';
import type { BuildOutcome } from '../src/serve/watch-site.js';
import { liveReloadEvents } from '../src/shared/live-reload.js';
import { connectEventStream, type ServerSentEvent } from './helpers/http.js';
import { copySite, fixture } from './helpers/site.js';

const randomSteps = Number(process.env.SDKDOCS_PROPERTY_STEPS ?? 200);
const seed = Number(process.env.SDKDOCS_PROPERTY_SEED ?? 20_261_128);
/** How long a step may take to reach the open pages before the test calls it lost. */
const updateWaitMs = 60_000;

/**
 * Bytes of the output that may differ between a watch session and a cold build of the same files,
 * by design. A watch build differs from `sdkdocs build` (it keeps the names every page links to,
 * see BuildContext.watch), so the cold build it is compared with is a watch-mode build with no
 * memory and an empty cache: a session's first build. Against that, nothing is volatile.
 */
function withoutVolatileBytes(_outputPath: string, contents: Buffer): Buffer {
  return contents;
}

/** A deterministic random source (mulberry32), so that a failing run can be replayed by its seed. */
function randomSource(start: number) {
  let state = start >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    word: () => `W${Math.floor(next() * 1e8).toString(36).toUpperCase()}`,
  };
}
type Random = ReturnType<typeof randomSource>;

/** What the edits know of the site between steps: the docs they added, where, and an error left to fix. */
interface SiteState {
  dir: string;
  addedDocs: string[];
  nextDoc: number;
  broken: boolean;
}

interface Edit {
  name: string;
  /** Whether it can be made now (there is a doc to delete, an error to fix). */
  possible?: (state: SiteState) => boolean;
  apply: (state: SiteState, random: Random) => Promise<string>;
}

const docFolders = ['', 'guides', 'more'];
const introSlugs = [undefined, '/start', '/guides/first-steps'];

const edits: Edit[] = [
  {
    name: 'edit a doc',
    apply: async (state, random) => {
      const doc = random.pick(['intro.md', 'guides/setup.md', ...state.addedDocs]);
      const file = path.join(state.dir, 'docs', doc);
      await saveFile(file, `${await readFile(file, 'utf8')}\nA line added: ${random.word()}.\n`);
      return doc;
    },
  },
  {
    name: 'add a doc',
    apply: async (state, random) => {
      const doc = path.posix.join(random.pick(docFolders), `page-${state.nextDoc++}.md`);
      await writeDoc(state, doc, `# Page ${random.word()}\n\nBack to the [introduction](/intro.md#connecting).\n`);
      state.addedDocs.push(doc);
      return doc;
    },
  },
  {
    name: 'delete a doc',
    possible: (state) => state.addedDocs.length > 0,
    apply: async (state, random) => {
      const doc = random.pick(state.addedDocs);
      await rm(path.join(state.dir, 'docs', doc));
      state.addedDocs = state.addedDocs.filter((added) => added !== doc);
      return doc;
    },
  },
  {
    name: 'rename or move a doc',
    possible: (state) => state.addedDocs.length > 0,
    apply: async (state, random) => {
      const doc = random.pick(state.addedDocs);
      const moved = path.posix.join(random.pick(docFolders), `page-${state.nextDoc++}.md`);
      await mkdir(path.dirname(path.join(state.dir, 'docs', moved)), { recursive: true });
      await rename(path.join(state.dir, 'docs', doc), path.join(state.dir, 'docs', moved));
      state.addedDocs = state.addedDocs.map((added) => (added === doc ? moved : added));
      return `${doc} → ${moved}`;
    },
  },
  {
    name: "change the slug of the doc the TSDoc comment links",
    apply: async (state, random) => {
      const file = path.join(state.dir, 'docs', 'intro.md');
      const current = /^slug: (.*)$/m.exec(await readFile(file, 'utf8'))?.[1];
      const slug = random.pick(introSlugs.filter((candidate) => candidate !== current));
      const source = (await readFile(file, 'utf8')).replace(/^slug: .*\n/m, '');
      await saveFile(file, slug ? source.replace(/^---\n/, `---\nslug: ${slug}\n`) : source);
      return slug ?? 'no slug';
    },
  },
  {
    name: 'change a _category_.json',
    apply: async (state, random) => {
      const label = `Guides ${random.word()}`;
      await saveFile(path.join(state.dir, 'docs', 'guides', '_category_.json'), `${JSON.stringify({ label, position: 1 + random.below(4) }, null, 2)}\n`);
      return label;
    },
  },
  {
    name: 'change the sidebars file',
    apply: async (state, random) => {
      const label = `Elsewhere ${random.word()}`;
      const extra = random.below(2) === 0 ? `, { type: 'link', href: 'https://example.com/more', label: '${label}' }` : '';
      await saveFile(path.join(state.dir, 'sidebars.js'), `module.exports = {\n  docsSidebar: [{ type: 'autogenerated', dirName: '.' }${extra}],\n};\n`);
      return extra ? label : 'autogenerated only';
    },
  },
  {
    name: 'change the config',
    apply: async (state, random) => {
      const file = path.join(state.dir, 'sdkdocs.config.ts');
      const tagline = `A site edited at random: ${random.word()}`;
      await saveFile(file, (await readFile(file, 'utf8')).replace(/tagline: '[^']*'/, `tagline: '${tagline}'`));
      return tagline;
    },
  },
  {
    // src/pages/showcase.tsx imports it too.
    name: 'change the component an MDX doc imports',
    apply: async (state, random) => {
      const word = random.word();
      await saveFile(
        path.join(state.dir, 'src', 'components', 'Highlight.tsx'),
        `import type { ReactNode } from 'react';\n\nexport default function Highlight({ children }: { children: ReactNode }) {\n  return <mark className="highlight" title="${word}">{children}</mark>;\n}\n`,
      );
      return word;
    },
  },
  {
    name: 'change the theme override',
    apply: async (state, random) => {
      const word = random.word();
      await saveFile(
        path.join(state.dir, 'src', 'theme', 'Footer.tsx'),
        `import Footer from '@theme-original/Footer';\n\nexport default function FooterWrapper() {\n  return (\n    <>\n      <p className="footer-note">Thanks for reading: ${word}.</p>\n      <Footer />\n    </>\n  );\n}\n`,
      );
      return word;
    },
  },
  {
    name: 'change the custom CSS',
    apply: async (state, random) => {
      const colour = `#${(0x100000 + random.below(0xefffff)).toString(16)}`;
      await saveFile(path.join(state.dir, 'src', 'css', 'custom.css'), `:root {\n  --ifm-color-primary: ${colour};\n}\n`);
      return colour;
    },
  },
  {
    name: 'change a static file',
    apply: async (state, random) => {
      const file = random.pick(['robots.txt', 'notes.txt']);
      await saveFile(path.join(state.dir, 'static', file), `User-agent: *\n# ${random.word()}\n`);
      return file;
    },
  },
  {
    name: 'change the SDK source',
    apply: async (state, random) => {
      const file = path.join(state.dir, 'sdk', 'src', 'index.ts');
      const source = (await readFile(file, 'utf8')).replace(/\n\/\*\* A helper[^]*$/, '\n');
      const word = random.word();
      const helper = random.below(2) === 0 ? `\n/** A helper, ${word}. */\nexport function helper${word}(): number {\n  return ${random.below(100)};\n}\n` : '';
      await saveFile(file, `${source.trimEnd()}\n${helper}`);
      return helper ? `helper${word}` : 'no helper';
    },
  },
  {
    name: 'change the TSDoc comment that links a doc by its file',
    apply: async (state, random) => {
      const file = path.join(state.dir, 'sdk', 'src', 'index.ts');
      const target = random.pick(['/intro.md#connecting', '/guides/setup.md', '/intro.md']);
      const word = random.word();
      await saveFile(file, (await readFile(file, 'utf8')).replace(/ \* The client\..*\n/, ` * The client. See the [guide](${target}) for the whole flow (${word}).\n`));
      return target;
    },
  },
  {
    name: 'introduce an error',
    possible: (state) => !state.broken,
    apply: async (state) => {
      await writeDoc(state, 'broken.mdx', '# Broken\n\n<Highlight>never closed\n');
      state.broken = true;
      return 'docs/broken.mdx';
    },
  },
  {
    name: 'fix the error',
    possible: (state) => state.broken,
    apply: async (state, random) => {
      await writeDoc(state, 'broken.mdx', `# Mended\n\nFixed: ${random.word()}.\n`);
      state.broken = false;
      return 'docs/broken.mdx';
    },
  },
];

/**
 * Writes a file the way an editor's atomic save does: whole, in one step. A plain write truncates
 * the file and then fills it, and on a loaded machine the watcher can start a build between the
 * two; it then rightly builds again for the second half, and the step sees two updates for one
 * edit. The temporary name starts with a dot, which the watcher ignores.
 */
async function saveFile(file: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.saving`);
  await writeFile(temporary, text);
  await rename(temporary, file);
}

async function writeDoc(state: SiteState, doc: string, body: string): Promise<void> {
  const file = path.join(state.dir, 'docs', doc);
  await mkdir(path.dirname(file), { recursive: true });
  await saveFile(file, body);
}

const editByName = (name: string): Edit => {
  const edit = edits.find((candidate) => candidate.name === name);
  if (!edit) throw new Error(`no edit named ${name}`);
  return edit;
};

/** Every file under `dir`, by its path relative to it, with its bytes less the volatile ones. */
async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, absolute).split(path.sep).join('/');
    files.set(relative, withoutVolatileBytes(relative, await readFile(absolute)));
  }
  return files;
}

/** How two output folders differ, one line per file (empty when they are the same). */
function differences(watched: Map<string, Buffer>, cold: Map<string, Buffer>): string[] {
  const lines: string[] = [];
  for (const [file, bytes] of cold) {
    const other = watched.get(file);
    if (!other) lines.push(`${file}: missing from the watch output`);
    else if (!other.equals(bytes)) lines.push(`${file}: differs at byte ${firstDifference(other, bytes)}: watch "${excerpt(other, bytes)}" cold "${excerpt(bytes, other)}"`);
  }
  for (const file of watched.keys()) if (!cold.has(file)) lines.push(`${file}: only in the watch output`);
  return lines;
}

function firstDifference(a: Buffer, b: Buffer): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}

function excerpt(bytes: Buffer, other: Buffer): string {
  const at = firstDifference(bytes, other);
  return bytes.subarray(Math.max(0, at - 40), at + 80).toString('utf8');
}

/** The outcome of a cold build of the site as it is now: its output files, or its errors. */
async function coldBuild(siteDir: string): Promise<{ ok: true; files: Map<string, Buffer> } | { ok: false; errors: string[] }> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-property-cold-'));
  try {
    const config = await loadConfig(siteDir, { outDir: path.join(scratch, 'out') });
    // An empty cache: nothing of an earlier build may be reused.
    const coldConfig = { ...config, paths: { ...config.paths, cache: path.join(scratch, 'cache') } };
    await build({ config: coldConfig, logger: createMemoryLogger(), watch: true });
    return { ok: true, files: await filesUnder(config.paths.outRoot) };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { ok: false, errors: error.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message) };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const isUpdate = (event: ServerSentEvent) => event.event === liveReloadEvents.reload || event.event === liveReloadEvents.buildError;

/** A watch session on a fresh copy of the fixture, with an open page's event stream. */
async function startSession() {
  const site = await copySite(fixture('watch-property'));
  const outcomes: BuildOutcome[] = [];
  const server: SiteServer = await serve({ siteDir: site.dir, watch: true, port: 0, logger: createMemoryLogger(), onBuild: (outcome) => outcomes.push(outcome) });
  const events = await connectEventStream(server.port, '/__sdkdocs/events');
  await events.next((event) => event.event === liveReloadEvents.hello);
  const state: SiteState = { dir: site.dir, addedDocs: [], nextDoc: 1, broken: false };
  const outRoot = path.join(site.dir, 'out');
  let lastGood = await filesUnder(outRoot);
  const taken: string[] = [];

  /** Makes one edit, waits for the open page to hear of it, and checks the property. */
  const step = async (edit: Edit, random: Random) => {
    const updatesBefore = events.events.filter(isUpdate).length;
    taken.push(`${edit.name}: ${await edit.apply(state, random)}`);
    const context = () => `after step ${taken.length} of seed ${seed}:\n  ${taken.join('\n  ')}`;
    await events.next(isUpdate, updateWaitMs).catch(() => {
      throw new Error(`the open page heard nothing ${context()}`);
    });
    await server.watcher!.idle();
    const cold = await coldBuild(site.dir);
    // The cold build took a while: a second update for the same edit would have come by now.
    await server.watcher!.idle();
    const outcome = outcomes[outcomes.length - 1];
    const updates = events.events.filter(isUpdate).slice(updatesBefore);
    expect(updates.map((event) => event.event), `one update per edit ${context()}`).toHaveLength(1);
    if (!cold.ok) {
      expect(outcome.ok, `the watch build succeeded where a cold build failed with ${cold.errors.join('; ')} ${context()}`).toBe(false);
      expect(updates[0].event).toBe(liveReloadEvents.buildError);
      // A failed build leaves the output of the last good one.
      expect(differences(await filesUnder(outRoot), lastGood), `the output folder changed in a failed build ${context()}`).toEqual([]);
      return;
    }
    const failure = outcome.ok ? '' : outcome.diagnostics.map((d) => d.message).join('; ');
    expect(failure, `the watch build failed where a cold build succeeded ${context()}`).toBe('');
    expect(updates[0].event).toBe(liveReloadEvents.reload);
    lastGood = await filesUnder(outRoot);
    expect(differences(lastGood, cold.files), `the watch output differs from a cold build ${context()}`).toEqual([]);
  };

  return {
    state,
    step,
    async close() {
      events.close();
      await server.close();
      await site.cleanup();
    },
  };
}

let session: Awaited<ReturnType<typeof startSession>> | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('a serve --watch session after a sequence of edits', () => {
  // The sequences that once went wrong, named; the random run below finds new ones.
  it.each([
    ['a slug change of a doc a TSDoc comment links by its file', ["change the slug of the doc the TSDoc comment links"]],
    ['an edit of a component an MDX doc and a custom page import', ['change the component an MDX doc imports']],
  ])('equals a cold build after %s', async (_name, names) => {
    session = await startSession();
    const random = randomSource(seed);
    for (const name of names) await session.step(editByName(name), random);
  }, 300_000);

  it(`equals a cold build after each of ${randomSteps} random edits (seed ${seed})`, async () => {
    session = await startSession();
    const random = randomSource(seed);
    for (let taken = 0; taken < randomSteps; taken++) {
      const possible = edits.filter((edit) => edit.possible?.(session!.state) ?? true);
      await session.step(random.pick(possible), random);
    }
  }, 60_000 + randomSteps * 30_000);
});
