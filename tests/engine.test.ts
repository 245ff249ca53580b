import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryEngine, entryRead, formatExplanation, type Query } from '../src/engine/query-engine.js';
import { fingerprintOf } from '../src/engine/fingerprint.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sdkdocs-engine-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Counts each query's runs, by query name. */
function runCounter() {
  const runs = new Map<string, number>();
  return {
    runs,
    count(name: string) {
      runs.set(name, (runs.get(name) ?? 0) + 1);
    },
  };
}

/** A doc's word count from its file, and a site total over a folder's docs, each counting its runs. */
function wordQueries(counter: ReturnType<typeof runCounter>) {
  const words: Query<string, number> = {
    name: 'words',
    persist: true,
    run(context, file) {
      counter.count('words');
      const text = context.readFile(file);
      if (text === undefined) throw new Error(`no file ${file}`);
      if (text.includes('BROKEN')) throw new Error(`${file} is broken`);
      return text.split(/\s+/).filter(Boolean).length;
    },
  };
  const total: Query<string, string> = {
    name: 'total',
    persist: true,
    async run(context, folder) {
      counter.count('total');
      const names = (context.listFolder(folder) ?? []).filter((name) => name.endsWith('.md'));
      const counts = await Promise.all(names.map((name) => context.query(words, path.join(folder, name))));
      return `${context.input<string>('label')}: ${counts.reduce((sum, count) => sum + count, 0)}`;
    },
  };
  return { words, total };
}

describe('the query engine', () => {
  it('answers a query asked again from memory without running it', async () => {
    await writeFile(path.join(dir, 'a.md'), 'one two three');
    const counter = runCounter();
    const { words } = wordQueries(counter);
    const engine = createQueryEngine();
    expect(await engine.query(words, path.join(dir, 'a.md'))).toBe(3);
    expect(await engine.query(words, path.join(dir, 'a.md'))).toBe(3);
    expect(counter.runs.get('words')).toBe(1);
    engine.invalidate([path.join(dir, 'elsewhere.md')]);
    expect(await engine.answer(words, path.join(dir, 'a.md'))).toEqual({ result: 3, reused: true });
    expect(counter.runs.get('words')).toBe(1);
    await writeFile(path.join(dir, 'a.md'), 'one two three four');
    engine.invalidate([path.join(dir, 'a.md')]);
    expect(await engine.answer(words, path.join(dir, 'a.md'))).toEqual({ result: 4, reused: false });
  });

  it('runs again what read a changed file, through the queries that asked it', async () => {
    await writeFile(path.join(dir, 'a.md'), 'one two');
    await writeFile(path.join(dir, 'b.md'), 'three');
    const counter = runCounter();
    const { total } = wordQueries(counter);
    const engine = createQueryEngine();
    engine.setInput('label', 'words');
    expect(await engine.query(total, dir)).toBe('words: 3');
    await writeFile(path.join(dir, 'b.md'), 'three four five');
    // The engine trusts what it read until it is told of a change.
    expect(await engine.query(total, dir)).toBe('words: 3');
    engine.invalidate([path.join(dir, 'b.md')]);
    expect(await engine.query(total, dir)).toBe('words: 5');
    // a.md was not read again: only b.md's query and the total ran.
    expect(counter.runs.get('words')).toBe(3);
    expect(counter.runs.get('total')).toBe(2);
  });

  it('sees a file added to a folder it listed, and a changed input', async () => {
    await writeFile(path.join(dir, 'a.md'), 'one');
    const counter = runCounter();
    const { total } = wordQueries(counter);
    const engine = createQueryEngine();
    engine.setInput('label', 'words');
    expect(await engine.query(total, dir)).toBe('words: 1');
    await writeFile(path.join(dir, 'b.md'), 'two three');
    engine.invalidate([path.join(dir, 'b.md')]);
    expect(await engine.query(total, dir)).toBe('words: 3');
    engine.setInput('label', 'count');
    expect(await engine.query(total, dir)).toBe('count: 3');
    expect(counter.runs.get('total')).toBe(3);
  });

  it("takes a query's own fingerprint of its result: a new one each run means its readers run again", async () => {
    await writeFile(path.join(dir, 'a.txt'), 'same');
    let readerRuns = 0;
    let made = 0;
    const unhashed: Query<string, string> = { name: 'unhashed', fingerprint: () => `run ${++made}`, run: (context, file) => (context.readFile(file), 'equal every time') };
    const reader: Query<string, string> = {
      name: 'reader',
      async run(context, file) {
        readerRuns++;
        return context.query(unhashed, file);
      },
    };
    const engine = createQueryEngine();
    await engine.query(reader, path.join(dir, 'a.txt'));
    engine.invalidate([path.join(dir, 'a.txt')]);
    await writeFile(path.join(dir, 'a.txt'), 'changed');
    await engine.query(reader, path.join(dir, 'a.txt'));
    expect(made).toBe(2);
    expect(readerRuns).toBe(2);
  });

  it('keeps a compared input while it equals the last value, and runs its readers again when it does not', async () => {
    let runs = 0;
    const title: Query<string, string> = {
      name: 'title',
      run(context, route) {
        runs++;
        return context.input<{ title: string }>(`page:${route}`).title.toUpperCase();
      },
    };
    const engine = createQueryEngine();
    const sameTitle = (last: { title: string }, now: { title: string }) => last.title === now.title;
    engine.setComparedInput('page:/a', { title: 'intro' }, sameTitle);
    expect(await engine.answer(title, '/a')).toEqual({ result: 'INTRO', reused: false });
    // Another object with an equal value: the input keeps its fingerprint and the result is kept.
    engine.setComparedInput('page:/a', { title: 'intro' }, sameTitle);
    expect(await engine.answer(title, '/a')).toEqual({ result: 'INTRO', reused: true });
    engine.setComparedInput('page:/a', { title: 'setup' }, sameTitle);
    expect(await engine.answer(title, '/a')).toEqual({ result: 'SETUP', reused: false });
    expect(runs).toBe(2);
  });

  it('lets go of a released result: its readers still find it unchanged, asking for it runs it again', async () => {
    let jsonRuns = 0;
    let digestRuns = 0;
    const json: Query<string, { text: string; digest: string }> = {
      name: 'json',
      fingerprint: (file) => file.digest,
      run(context, route) {
        jsonRuns++;
        const text = JSON.stringify(context.input<{ title: string }>(`page:${route}`));
        return { text, digest: `d${text.length}` };
      },
    };
    const jsonDigest: Query<string, string> = {
      name: 'jsonDigest',
      async run(context, route) {
        return (await context.query(json, route)).digest;
      },
    };
    const documentDigest: Query<string, string> = {
      name: 'documentDigest',
      async run(context, route) {
        digestRuns++;
        return `${context.input<string>('shell')}+${await context.query(jsonDigest, route)}`;
      },
    };
    const engine = createQueryEngine();
    engine.setInput('page:/a', { title: 'intro' });
    engine.setInput('shell', 'v1');
    expect(await engine.query(documentDigest, '/a')).toBe('v1+d17');
    expect((await engine.query(json, '/a')).text).toBe('{"title":"intro"}');
    engine.release(json, '/a');
    // Another input changes, so the reader runs again; the digest it asks for checks its reads on
    // the way, for which the released result's fingerprint will do: the JSON is not made again.
    engine.setInput('shell', 'v2');
    expect(await engine.query(documentDigest, '/a')).toBe('v2+d17');
    expect(jsonRuns).toBe(1);
    expect(digestRuns).toBe(2);
    // The result itself is made again when asked for.
    expect((await engine.query(json, '/a')).text).toBe('{"title":"intro"}');
    expect(jsonRuns).toBe(2);
  });

  it('lets go of a released input: its readers stay unchanged, one that reads it again throws', async () => {
    let runs = 0;
    const size: Query<string, number> = {
      name: 'size',
      run(context, name) {
        runs++;
        return context.input<string[]>(`parts:${name}`).join('').length;
      },
    };
    const total: Query<string, number> = { name: 'total', run: async (context, name) => (await context.query(size, name)) + context.input<number>('extra') };
    const engine = createQueryEngine();
    const parts = ['a'.repeat(10), 'b'.repeat(5)];
    engine.setInput('parts:documents', parts);
    engine.setInput('extra', 1);
    expect(await engine.query(total, 'documents')).toBe(16);
    engine.releaseInput('parts:documents');
    // The reader of the released input is checked by its fingerprint, not run.
    engine.setInput('extra', 2);
    expect(await engine.query(total, 'documents')).toBe(17);
    expect(runs).toBe(1);
    engine.release(size, 'documents');
    await expect(engine.query(size, 'documents')).rejects.toThrow(/after the build let go of it/);
  });

  it('keeps only the fingerprints of the files an earlier build read: a query that runs reads them again', async () => {
    const a = path.join(dir, 'a.md');
    await writeFile(a, 'one two');
    const counter = runCounter();
    const { words } = wordQueries(counter);
    const firstLetter: Query<string, string> = {
      name: 'firstLetter',
      run: (context, file) => (context.readFile(file) ?? '').slice(0, 1),
    };
    const engine = createQueryEngine();
    expect(await engine.query(words, a)).toBe(2);
    // Saved while no watcher looked: the next build trusts the file's fingerprint, so a kept result
    // stays, but a query that runs reads the file as it is, not as the last build held it.
    await writeFile(a, 'zero one two');
    engine.invalidate([path.join(dir, 'elsewhere.md')]);
    expect(await engine.answer(words, a)).toEqual({ result: 2, reused: true });
    expect(await engine.query(firstLetter, a)).toBe('z');
    expect(counter.runs.get('words')).toBe(1);
  });

  it('runs a query that read something untracked again after any change, and not before', async () => {
    await writeFile(path.join(dir, 'other.txt'), 'x');
    let runs = 0;
    const failedCompile: Query<string, string> = {
      name: 'failedCompile',
      run(context) {
        runs++;
        context.untracked('the compile failed before it named its inputs');
        return 'error';
      },
    };
    const engine = createQueryEngine();
    await engine.query(failedCompile, 'a');
    await engine.query(failedCompile, 'a');
    expect(runs).toBe(1);
    engine.invalidate([path.join(dir, 'other.txt')]);
    await engine.query(failedCompile, 'a');
    expect(runs).toBe(2);
  });

  it('stops at a query that ran again and made an equal result (early cutoff)', async () => {
    await writeFile(path.join(dir, 'a.md'), 'one two');
    const counter = runCounter();
    const { total } = wordQueries(counter);
    const engine = createQueryEngine();
    engine.setInput('label', 'words');
    await engine.query(total, dir);
    // Other words, as many of them: the doc's query runs, the total does not.
    await writeFile(path.join(dir, 'a.md'), 'three four');
    engine.invalidate([path.join(dir, 'a.md')]);
    expect(await engine.query(total, dir)).toBe('words: 2');
    expect(counter.runs.get('words')).toBe(2);
    expect(counter.runs.get('total')).toBe(1);
    expect(engine.takeCounts()).toMatchObject({ cutOff: 1 });
  });


  it('answers a chain of queries whose reads all hold at once, and still runs the one whose input changed, and what it changed', async () => {
    const counter = runCounter();
    const piece: Query<string, string> = {
      name: 'piece',
      run(context, name) {
        counter.count('piece');
        return context.input<string>(`piece:${name}`).toUpperCase();
      },
    };
    const section: Query<string, string> = {
      name: 'section',
      async run(context, name) {
        counter.count('section');
        return `[${await context.query(piece, name)}]`;
      },
    };
    const page: Query<string, string> = {
      name: 'page',
      async run(context, names) {
        counter.count('page');
        const sections = await Promise.all(names.split(',').map((name) => context.query(section, name)));
        return sections.join('');
      },
    };
    const engine = createQueryEngine();
    engine.setInput('piece:a', 'a');
    engine.setInput('piece:b', 'b');
    engine.setInput('unrelated', 1);
    expect(await engine.query(page, 'a,b')).toBe('[A][B]');
    engine.takeCounts();

    // Another input changed: every query of the chain is checked, none runs, and the answer needs no query to be awaited.
    engine.setInput('unrelated', 2);
    let answered = false;
    const asked = engine.query(page, 'a,b').then((result) => ((answered = true), result));
    await Promise.resolve();
    await Promise.resolve();
    expect(answered).toBe(true);
    expect(await asked).toBe('[A][B]');
    expect(engine.takeCounts()).toEqual({ runs: 0, reused: 5, cutOff: 0 });

    // A piece's input changed: it, its section and the page run; the other section and piece do not.
    engine.setInput('piece:b', 'c');
    expect(await engine.query(page, 'a,b')).toBe('[A][C]');
    expect(Object.fromEntries(counter.runs)).toEqual({ piece: 3, section: 3, page: 2 });

    // Changed to text that makes the same result: the piece runs again, and nothing that read it does.
    engine.setInput('piece:b', 'C');
    expect(await engine.query(page, 'a,b')).toBe('[A][C]');
    expect(Object.fromEntries(counter.runs)).toEqual({ piece: 4, section: 3, page: 2 });
    expect(engine.takeCounts()).toMatchObject({ cutOff: 1 });
  });
  it('keeps persisted results on disk for the next run, checked against the files as they are then', async () => {
    // The store sits beside the docs, not in the folder the total lists.
    const docs = path.join(dir, 'docs');
    await mkdir(docs);
    await writeFile(path.join(docs, 'a.md'), 'one two');
    await writeFile(path.join(docs, 'b.md'), 'three');
    const storeFile = path.join(dir, 'cache', 'engine.json');
    const first = runCounter();
    const firstEngine = createQueryEngine({ storeFile });
    firstEngine.setInput('label', 'words');
    expect(await firstEngine.query(wordQueries(first).total, docs)).toBe('words: 3');
    firstEngine.save();

    const second = runCounter();
    const secondEngine = createQueryEngine({ storeFile, queries: Object.values(wordQueries(second)) });
    secondEngine.setInput('label', 'words');
    expect(await secondEngine.query(wordQueries(second).total, docs)).toBe('words: 3');
    expect(second.runs.size).toBe(0);
    secondEngine.save();

    // Changed while no build ran: the next run finds it by its fingerprint, without being told.
    await writeFile(path.join(docs, 'a.md'), 'one two six seven');
    const third = runCounter();
    const thirdEngine = createQueryEngine({ storeFile, queries: Object.values(wordQueries(third)) });
    thirdEngine.setInput('label', 'words');
    expect(await thirdEngine.query(wordQueries(third).total, docs)).toBe('words: 5');
    expect(third.runs.get('words')).toBe(1);
    expect(third.runs.get('total')).toBe(1);
  });

  it('keeps large results in packs beside the store, read only for a current result, and a pack cut short is a miss', async () => {
    const docs = Array.from({ length: 30 }, (_, index) => path.join(dir, `doc-${index}.md`));
    for (const file of docs) await writeFile(file, `text of ${path.basename(file)}`);
    const storeFile = path.join(dir, 'cache', 'engine.json');
    let runs = 0;
    const page: Query<string, string> = {
      name: 'page',
      persist: true,
      large: true,
      run(context, file) {
        runs++;
        return `<p>${context.readFile(file)}</p>`;
      },
    };
    const first = createQueryEngine({ storeFile });
    for (const file of docs) await first.query(page, file);
    expect(first.save()).toEqual({ written: true, packs: 2 });
    const packs = (await readdir(path.dirname(storeFile))).filter((name) => name.startsWith('pack-'));
    expect(packs).toHaveLength(2);
    // The document lists which pack holds each result: not the results, nor what each read.
    expect(await readFile(storeFile, 'utf8')).not.toContain('<p>');
    expect(await readFile(storeFile, 'utf8')).not.toContain('"reads"');

    runs = 0;
    const second = createQueryEngine({ storeFile, queries: [page] as Query<never, unknown>[] });
    for (const file of docs) expect(await second.query(page, file)).toBe(`<p>text of ${path.basename(file)}</p>`);
    expect(runs).toBe(0);
    // The same results as the store holds: nothing written.
    expect(second.save()).toEqual({ written: false, packs: 0 });

    // A pack is read when one of its results is first asked for, not before: the second pack is
    // cut short after the engine opened the store, and only its results are made again.
    const listing = JSON.parse(await readFile(storeFile, 'utf8')) as { packs: Record<string, { listed: string[] }> };
    const [firstPack, secondPack] = Object.entries(listing.packs).sort(([, a], [, b]) => b.listed.length - a.listed.length);
    expect(firstPack[1].listed).toHaveLength(25);
    runs = 0;
    const partly = createQueryEngine({ storeFile, queries: [page] as Query<never, unknown>[] });
    for (const file of docs.slice(0, 25)) await partly.query(page, file);
    await writeFile(path.join(path.dirname(storeFile), secondPack[0]), '{"pa');
    expect(runs).toBe(0);
    for (const file of docs.slice(25)) await partly.query(page, file);
    expect(runs).toBe(5);
    expect(partly.save()).toEqual({ written: true, packs: 1 });

    // One doc edited: one pack of one result written; both old packs stay, mostly still listed.
    await writeFile(docs[3], 'edited');
    runs = 0;
    const third = createQueryEngine({ storeFile, queries: [page] as Query<never, unknown>[] });
    for (const file of docs) await third.query(page, file);
    expect(runs).toBe(1);
    expect(third.save()).toEqual({ written: true, packs: 1 });
    expect((await readdir(path.dirname(storeFile))).filter((name) => name.startsWith('pack-'))).toHaveLength(3);

    for (const name of packs) await writeFile(path.join(path.dirname(storeFile), name), '{"pa');
    runs = 0;
    const fourth = createQueryEngine({ storeFile, queries: [page] as Query<never, unknown>[] });
    for (const file of docs) expect(await fourth.query(page, file)).toBe(file === docs[3] ? '<p>edited</p>' : `<p>text of ${path.basename(file)}</p>`);
    expect(runs).toBe(docs.length - 1);
  });

  it('runs a query that read entries of an input map again only when one of those entries changed, came or went, in this process or the next', async () => {
    const storeFile = path.join(dir, 'cache', 'engine.json');
    const ran: string[] = [];
    const linked: Query<string, string> = {
      name: 'linked',
      persist: true,
      run(context, from) {
        ran.push(from);
        const targets = from === 'intro' ? ['setup.md', 'deploy.md'] : ['missing.md'];
        return targets.map((target) => `${target} → ${context.inputEntry('routes', target) ?? 'none'}`).join(', ');
      },
    };
    const queries = [linked] as Query<never, unknown>[];
    const engine = createQueryEngine({ storeFile });
    expect(engine.setInputMap('routes', new Map([['setup.md', '/setup'], ['deploy.md', '/deploy'], ['other.md', '/other']]))).toBe(3);
    expect(await engine.query(linked, 'intro')).toBe('setup.md → /setup, deploy.md → /deploy');
    expect(await engine.query(linked, 'faq')).toBe('missing.md → none');
    engine.save();

    // Another entry moved: neither ran again.
    expect(engine.setInputMap('routes', new Map([['setup.md', '/setup'], ['deploy.md', '/deploy'], ['other.md', '/elsewhere']]))).toBe(1);
    ran.length = 0;
    await engine.query(linked, 'intro');
    await engine.query(linked, 'faq');
    expect(ran).toEqual([]);
    // An entry one read moved, and the missing entry one read came: each runs again.
    expect(engine.setInputMap('routes', new Map([['setup.md', '/setup'], ['deploy.md', '/shipping'], ['other.md', '/elsewhere'], ['missing.md', '/found']]))).toBe(2);
    expect(await engine.query(linked, 'intro')).toBe('setup.md → /setup, deploy.md → /shipping');
    expect(await engine.query(linked, 'faq')).toBe('missing.md → /found');
    expect(ran).toEqual(['intro', 'faq']);

    // The next process finds what the first stored, checked entry by entry: only the entry that went makes a run.
    ran.length = 0;
    const next = createQueryEngine({ storeFile, queries });
    next.setInputMap('routes', new Map([['setup.md', '/setup'], ['deploy.md', '/deploy']]));
    expect(await next.query(linked, 'intro')).toBe('setup.md → /setup, deploy.md → /deploy');
    expect(await next.query(linked, 'faq')).toBe('missing.md → none');
    expect(ran).toEqual([]);
    next.setInputMap('routes', new Map([['setup.md', '/setup']]));
    expect(await next.query(linked, 'intro')).toBe('setup.md → /setup, deploy.md → none');
    expect(ran).toEqual(['intro']);
  });

  it('checks entry reads made elsewhere against the input map as it is now', async () => {
    let runs = 0;
    const linked: Query<string, string> = {
      name: 'linked',
      run(context, target) {
        runs++;
        // What a worker looked up in its copy of the map.
        context.madeElsewhere([entryRead('routes', target, '/setup')]);
        return 'html';
      },
    };
    const engine = createQueryEngine();
    engine.setInputMap('routes', new Map([['setup.md', '/getting-started']]));
    await engine.query(linked, 'setup.md');
    // The worker's copy was out of date: the result is made again whenever it is asked after a change.
    engine.setInputMap('routes', new Map([['setup.md', '/getting-started'], ['other.md', '/other']]));
    await engine.query(linked, 'setup.md');
    expect(runs).toBe(2);
    engine.setInputMap('routes', new Map([['setup.md', '/setup']]));
    await engine.query(linked, 'setup.md');
    engine.setInputMap('routes', new Map([['setup.md', '/setup'], ['other.md', '/other']]));
    await engine.query(linked, 'setup.md');
    expect(runs).toBe(3);
  });

  it('records reads made elsewhere, and makes the result again when one changed meanwhile', async () => {
    const image = path.join(dir, 'shot.png');
    await writeFile(image, 'pixels');
    const seen = fingerprintOf(Buffer.from('pixels'));
    let runs = 0;
    const compiled: Query<string, string> = {
      name: 'compiled',
      run(context, file) {
        runs++;
        context.madeElsewhere([{ kind: 'file', path: file, fingerprint: seen }]);
        return 'html';
      },
    };
    const engine = createQueryEngine();
    await engine.query(compiled, image);
    await engine.query(compiled, image);
    expect(runs).toBe(1);
    // Saved again after the worker read it: the engine sees other bytes than the worker did.
    await writeFile(image, 'other pixels');
    const later = createQueryEngine();
    await later.query(compiled, image);
    expect(runs).toBe(2);
    // Recorded as untracked: after any change, asked again, it runs again.
    later.invalidate([path.join(dir, 'unrelated.md')]);
    await later.query(compiled, image);
    expect(runs).toBe(3);
    engine.invalidate([image]);
    await engine.query(compiled, image);
    expect(runs).toBe(4);
  });

  it('ignores a store cut short, and runs the queries instead', async () => {
    await writeFile(path.join(dir, 'a.md'), 'one');
    const storeFile = path.join(dir, 'engine.json');
    await writeFile(storeFile, '{"format":1,"results":[{"name":"wo');
    const counter = runCounter();
    const engine = createQueryEngine({ storeFile });
    expect(await engine.query(wordQueries(counter).words, path.join(dir, 'a.md'))).toBe(1);
    expect(counter.runs.get('words')).toBe(1);
  });

  it('does not keep a query that threw as a result: asked again, it runs again', async () => {
    await writeFile(path.join(dir, 'a.md'), 'BROKEN');
    const counter = runCounter();
    const { words, total } = wordQueries(counter);
    const engine = createQueryEngine();
    engine.setInput('label', 'words');
    await expect(engine.query(words, path.join(dir, 'a.md'))).rejects.toThrow('is broken');
    await expect(engine.query(words, path.join(dir, 'a.md'))).rejects.toThrow('is broken');
    expect(counter.runs.get('words')).toBe(2);
    await expect(engine.query(total, dir)).rejects.toThrow('is broken');
    await writeFile(path.join(dir, 'a.md'), 'fixed now');
    engine.invalidate([path.join(dir, 'a.md')]);
    expect(await engine.query(total, dir)).toBe('words: 2');
  });

  it('refuses queries that ask each other in a circle, naming the circle', async () => {
    const ping: Query<number, number> = { name: 'ping', run: (context, n) => context.query(pong, n) };
    const pong: Query<number, number> = { name: 'pong', run: (context, n) => context.query(ping, n) };
    await expect(createQueryEngine().query(ping, 1)).rejects.toThrow('ping(1) → pong(1) → ping(1)');
  });

  it('explains a result: the queries it came from and the files each read', async () => {
    await mkdir(path.join(dir, 'docs'));
    await writeFile(path.join(dir, 'docs', 'a.md'), 'one');
    await writeFile(path.join(dir, 'docs', 'b.md'), 'two');
    const counter = runCounter();
    const { total, words } = wordQueries(counter);
    const engine = createQueryEngine();
    engine.setInput('label', 'words');
    expect(engine.explain(total, path.join(dir, 'docs'))).toBeUndefined();
    expect(engine.holds(total, path.join(dir, 'docs'))).toBe(false);
    await engine.query(total, path.join(dir, 'docs'));
    expect(engine.holds(total, path.join(dir, 'docs'))).toBe(true);
    // A changed input makes the result stale, but the engine still holds it (a rebuild asks it again).
    engine.invalidate([path.join(dir, 'docs', 'a.md')]);
    expect(engine.holds(total, path.join(dir, 'docs'))).toBe(true);
    const explanation = engine.explain(total, path.join(dir, 'docs'))!;
    expect(explanation.folders).toEqual([path.join(dir, 'docs')]);
    expect(explanation.inputs).toEqual(['label']);
    expect(explanation.queries.map((query) => [query.query, query.files])).toEqual([
      ['words', [path.join(dir, 'docs', 'a.md')]],
      ['words', [path.join(dir, 'docs', 'b.md')]],
    ]);
    expect(engine.explain(words, path.join(dir, 'docs', 'a.md'))?.files).toEqual([path.join(dir, 'docs', 'a.md')]);
    const printed = formatExplanation(explanation, dir);
    expect(printed).toContain('  lists docs/');
    expect(printed).toContain('    reads docs/b.md');
  });
});

describe('the fingerprint of a value', () => {
  it('tells apart regular expressions by source and flags, and functions by their code', () => {
    expect(fingerprintOf({ match: /a+/g })).not.toBe(fingerprintOf({ match: /b+/g }));
    expect(fingerprintOf({ match: /a+/g })).not.toBe(fingerprintOf({ match: /a+/i }));
    expect(fingerprintOf({ match: /a+/g })).toBe(fingerprintOf({ match: /a+/g }));
    expect(fingerprintOf({ make: (x: number) => x + 1 })).not.toBe(fingerprintOf({ make: (x: number) => x + 2 }));
    expect(fingerprintOf({ make: (x: number) => x + 1 })).not.toBe(fingerprintOf({}));
    expect(fingerprintOf({ make: (x: number) => x + 1 })).toBe(fingerprintOf({ make: (x: number) => x + 1 }));
  });

  it('tells apart values that differ only in a long text, or in where their long texts are', () => {
    const page = 'a'.repeat(5000);
    const edited = `${'a'.repeat(4999)}b`;
    expect(fingerprintOf({ path: 'x.json', contents: page })).toBe(fingerprintOf({ path: 'x.json', contents: 'a'.repeat(5000) }));
    expect(fingerprintOf({ path: 'x.json', contents: page })).not.toBe(fingerprintOf({ path: 'x.json', contents: edited }));
    expect(fingerprintOf({ first: page, second: edited })).not.toBe(fingerprintOf({ first: edited, second: page }));
    expect(fingerprintOf({ texts: [page, `${page}a`] })).not.toBe(fingerprintOf({ texts: [`${page}a`, page] }));
    // A long text is not mistaken for the object that stands for it in the JSON.
    expect(fingerprintOf({ contents: page })).not.toBe(fingerprintOf({ contents: { '@text': 0 } }));
  });
});
