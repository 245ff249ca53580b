#!/usr/bin/env node
// Runs the compiled CLI; `npm install` compiles it (the `prepare` script).
// React's development build checks every element and is several times slower at server
// rendering; the CLI renders for production unless told otherwise.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../dist/src/cli/main.js');

// The command is done when main settles: exit then, even if the site's config left a timer or a
// socket open that would otherwise keep the process alive after "Built" (once stdout and stderr
// have taken everything written to them).
const exit = (code) => process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
main(process.argv.slice(2)).then(exit, (error) => {
  console.error(error);
  exit(3);
});
