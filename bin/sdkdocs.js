#!/usr/bin/env node
// Runs the compiled CLI; `npm install` compiles it (the `prepare` script).
import { main } from '../dist/src/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 3;
  },
);
