#!/usr/bin/env node
// Runs the compiled CLI; `npm install` compiles it (the `prepare` script).
// React's development build checks every element and is several times slower at server
// rendering; the CLI renders for production unless told otherwise.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../dist/src/cli/main.js');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 3;
  },
);
