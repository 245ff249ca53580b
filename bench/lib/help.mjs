// `--help` for the benchmarks: prints the comment a bench file opens with (what it measures and its
// usage) and exits, before the bench starts any work.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function printHelpIfAsked(moduleUrl) {
  if (!process.argv.includes('--help') && !process.argv.includes('-h')) return;
  const lines = readFileSync(fileURLToPath(moduleUrl), 'utf8').split('\n');
  const opening = [];
  for (const line of lines) {
    if (line.startsWith('#!')) continue;
    if (!line.startsWith('//')) break;
    opening.push(line.replace(/^\/\/ ?/, ''));
  }
  process.stdout.write(`${opening.join('\n')}\n`);
  process.exit(0);
}
