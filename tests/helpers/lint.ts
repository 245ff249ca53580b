import { ESLint } from 'eslint';

/**
 * The repository's lint, for files that would sit somewhere in it but are not on disk: no tsconfig
 * lists them, so they are linted without type information and the type-aware rules (which the
 * lint of the real files runs) are left out.
 */
export function lintWithoutTypes(cwd: string): ESLint {
  return new ESLint({
    cwd,
    overrideConfig: {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
        '@typescript-eslint/switch-exhaustiveness-check': 'off',
      },
    },
  });
}
