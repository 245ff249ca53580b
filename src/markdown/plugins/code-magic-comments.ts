/**
 * Docusaurus' magic comments in code blocks: a comment line holding only `highlight-next-line`,
 * `highlight-start` or `highlight-end` highlights lines and is itself removed from the code.
 * Which comment syntaxes count depends on the language, as in Docusaurus: line and block comments
 * for JavaScript, block comments for CSS, `#` for shell and Python, `<!-- -->` for HTML, and every
 * syntax for a language it does not list (YAML among them) or for a block without a language.
 */

const commentSyntaxes = {
  slashes: ['//', ''],
  block: ['/\\*', '\\*/'],
  jsx: ['\\{\\s*/\\*', '\\*/\\s*\\}'],
  hash: ['#', ''],
  html: ['<!--', '-->'],
  dashes: ['--', ''],
  percent: ['%', ''],
} as const;

type CommentSyntax = keyof typeof commentSyntaxes;

const syntaxesByLanguage: Record<string, CommentSyntax[]> = {};
const assign = (languages: string[], syntaxes: CommentSyntax[]) => {
  for (const language of languages) syntaxesByLanguage[language] = syntaxes;
};
assign(['js', 'javascript', 'mjs', 'cjs', 'ts', 'typescript', 'mts', 'cts'], ['slashes', 'block']);
assign(['jsx', 'tsx'], ['slashes', 'block', 'jsx']);
assign(['css'], ['block']);
assign(['html', 'xml', 'svg', 'vue'], ['slashes', 'block', 'html']);
assign(['md', 'markdown', 'mdx'], ['html', 'jsx']);
assign(['python', 'py', 'bash', 'sh', 'shell', 'zsh', 'console', 'ruby', 'rb', 'perl', 'r', 'dockerfile', 'makefile', 'powershell', 'ps1'], ['hash']);
assign(['tex', 'latex', 'matlab'], ['percent']);
assign(['lua', 'haskell', 'sql'], ['dashes']);
const everySyntax = Object.keys(commentSyntaxes) as CommentSyntax[];

const directiveByLanguage = new Map<string, RegExp>();

function directivePattern(language: string | undefined): RegExp {
  const key = language?.toLowerCase() ?? '';
  let pattern = directiveByLanguage.get(key);
  if (!pattern) {
    const forms = (syntaxesByLanguage[key] ?? everySyntax).map((syntax) => {
      const [open, close] = commentSyntaxes[syntax];
      return `${open}\\s*(highlight-next-line|highlight-start|highlight-end)\\s*${close}`;
    });
    pattern = new RegExp(`^\\s*(?:${forms.join('|')})\\s*$`);
    directiveByLanguage.set(key, pattern);
  }
  return pattern;
}

/** The code as shown, the lines to highlight in it, and what was wrong with the comments. */
export interface MagicCommentResult {
  code: string;
  /** 1-based numbers of lines of `code`. */
  highlighted: Set<number>;
  /** Problems, each at a 0-based line of the code as written. */
  problems: { line: number; message: string; hint: string }[];
}

export function applyMagicComments(code: string, language: string | undefined): MagicCommentResult {
  const highlighted = new Set<number>();
  if (!code.includes('highlight-')) return { code, highlighted, problems: [] };
  const pattern = directivePattern(language);
  const shown: string[] = [];
  const problems: MagicCommentResult['problems'] = [];
  const openStarts: number[] = [];
  let nextLines = 0;
  code.split('\n').forEach((line, index) => {
    const directive = pattern.exec(line)?.slice(1).find(Boolean);
    if (directive === 'highlight-next-line') {
      nextLines++;
    } else if (directive === 'highlight-start') {
      openStarts.push(index);
    } else if (directive === 'highlight-end') {
      if (openStarts.pop() === undefined) {
        problems.push({ line: index, message: '`highlight-end` has no `highlight-start` before it.', hint: 'Add a `highlight-start` comment above the lines, or remove this one.' });
      }
    } else {
      shown.push(line);
      if (nextLines > 0 || openStarts.length > 0) highlighted.add(shown.length);
      if (nextLines > 0) nextLines--;
    }
  });
  for (const line of openStarts) {
    problems.push({ line, message: '`highlight-start` is never ended: the lines to the end of the code block are highlighted.', hint: 'Add a `highlight-end` comment after the last line to highlight.' });
  }
  return { code: shown.join('\n'), highlighted, problems };
}
