#!/usr/bin/env node
// Runs the compiled CLI; `npm install` compiles it (the `prepare` script).
// React's development build checks every element and is several times slower at server
// rendering; the CLI renders for production unless told otherwise.
import { statSync } from 'node:fs';

process.env.NODE_ENV ??= 'production';
const { main } = await import(cliEntry());

/**
 * The bundled CLI (scripts/bundle-dist.mjs), which starts faster, while it was made from the
 * current compile: a tsc run after it rewrites dist/src, and then its files run.
 */
function cliEntry() {
  const compiled = new URL('../dist/src/cli/main.js', import.meta.url);
  const bundled = new URL('../dist/cli-bundle/main.js', import.meta.url);
  try {
    if (statSync(bundled).mtimeMs >= statSync(compiled).mtimeMs) return bundled.href;
  } catch {
    // No bundle (or no compile yet, which the import below reports).
  }
  return compiled.href;
}

// The command is done when main settles: exit then, even if the site's config left a timer or a
// socket open that would otherwise keep the process alive after "Built" (once stdout and stderr
// have taken everything written to them).
const exit = (code) => process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
main(process.argv.slice(2)).then(exit, (error) => {
  console.error(error);
  exit(3);
});
