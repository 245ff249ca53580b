import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/browser.js';
import { writeCorpus } from './helpers/corpus.js';
import { repoRoot } from './helpers/site.js';

/*
 * A full build from the compiled CLI writes its files on a thread of its own (src/write/
 * threaded-folder-writer.ts), while the render workers and this thread go on. These tests spawn
 * the CLI, since from TypeScript sources the files are written on the main thread.
 */

let work: { dir: string; cleanup: () => Promise<void> };
/** The output the first test's build on the writer thread published, once that test has checked it. */
let publishedOnThread: string | undefined;

function build(outDir: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'sdkdocs.js'), 'build', work.dir, '--out-dir', outDir, '--verbose'], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', ...env },
  });
}

/** Every file under `folder` with its contents, by relative path. */
function snapshot(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(path.relative(folder, path.join(entry.parentPath, entry.name)), readFileSync(path.join(entry.parentPath, entry.name), 'latin1'));
  }
  return files;
}

describe('writing the output on a writer thread', { timeout: 240_000 }, () => {
  beforeAll(async () => {
    work = await tempDir('sdkdocs-writer-thread-');
    writeCorpus(work.dir, 200);
    writeFileSync(path.join(work.dir, 'sdkdocs.config.ts'), "export default { title: 'Corpus', url: 'https://c.example.com', baseUrl: '/sdk/', markdown: { mermaid: false } };\n");
  });
  afterAll(async () => {
    await work?.cleanup();
  });

  it('writes the same files as the main thread does', () => {
    const onThread = build(path.join(work.dir, 'out-thread'));
    const inline = build(path.join(work.dir, 'out-inline'), { SDKDOCS_WORKERS: '0' });
    expect(onThread.status, onThread.stderr).toBe(0);
    expect(inline.status, inline.stderr).toBe(0);
    expect(onThread.stderr).toContain('wrote the generated files on a writer thread');
    expect(inline.stderr).not.toContain('writer thread');
    const expected = snapshot(path.join(work.dir, 'out-inline'));
    const written = snapshot(path.join(work.dir, 'out-thread'));
    expect([...written.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [file, contents] of expected) expect(written.get(file), file).toBe(contents);
    publishedOnThread = path.join(work.dir, 'out-thread');
  });

  it('leaves the previous output as it was when the build fails after the pages were written', () => {
    // A published output of this site: the first test's, unless it did not run or pass.
    let outDir = publishedOnThread;
    if (!outDir) {
      outDir = path.join(work.dir, 'out-kept');
      expect(build(outDir).status).toBe(0);
    }
    const published = snapshot(outDir);
    // A doc changes, then a static file the build can only refuse when it publishes, after every page is written.
    const doc = path.join(work.dir, 'docs', 'intro.md');
    writeFileSync(doc, `${readFileSync(doc, 'utf8')}\nA sentence the failed build would have published.\n`);
    const staticDir = path.join(work.dir, 'static');
    mkdirSync(staticDir, { recursive: true });
    symlinkSync(path.join(work.dir, 'no-such-file'), path.join(staticDir, 'dangling.txt'));
    const failed = build(outDir);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('wrote the generated files on a writer thread');
    expect(failed.stderr).toContain('static/dangling.txt is a symbolic link to nothing');
    expect(snapshot(outDir)).toEqual(published);
    expect(readdirSync(work.dir).filter((name) => name.includes('.staging-') || name.includes('.old-'))).toEqual([]);
    expect(existsSync(path.join(outDir, 'sdk', 'docs', 'intro', 'index.html'))).toBe(true);
  });
});
