import type { Command } from 'commander';
import { UserError } from '../../core/diagnostic.js';
import { errorCatalogue } from '../../core/error-catalogue.js';
import { closest } from '../../config/closest-name.js';
import { runCommand, type SetExitCode } from '../run-command.js';

export function registerErrorsCommand(program: Command, setExitCode: SetExitCode): void {
  program
    .command('errors')
    .description('Explain a diagnostic code (the [code] at the end of an error or warning): what it means and how to fix it; without a code, list them all')
    .argument('[code]', 'the code, e.g. broken-link')
    .action(async (code: string | undefined) => {
      setExitCode(
        await runCommand({ pointToCatalogue: false }, async () => {
          const catalogue = errorCatalogue();
          if (code === undefined) {
            for (const entry of catalogue.values()) process.stdout.write(`${entry.code.padEnd(28)} ${firstSentence(entry.explanation)}\n`);
            return;
          }
          const entry = catalogue.get(code.replace(/^\[|\]$/g, ''));
          if (!entry) {
            const suggestion = closest(code, [...catalogue.keys()]);
            throw new UserError({
              severity: 'error',
              code: 'unknown-error-code',
              message: `There is no diagnostic code "${code}".`,
              hint: suggestion ? `Did you mean \`sdkdocs errors ${suggestion}\`?` : 'Run `sdkdocs errors` to list every code.',
            });
          }
          process.stdout.write(`${entry.code}\n\n${entry.explanation}\n`);
        }),
      );
    });
}

/** A section's first sentence, with its markdown code marks dropped, for the one-line list. */
function firstSentence(markdown: string): string {
  const text = markdown.replace(/`/g, '').replace(/\s+/g, ' ');
  const end = text.search(/\.(\s|$)/);
  const sentence = end === -1 ? text : text.slice(0, end + 1);
  return sentence.length > 110 ? `${sentence.slice(0, 109).trimEnd()}…` : sentence;
}
