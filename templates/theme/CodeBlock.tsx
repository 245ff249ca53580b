import { Fragment, type ReactNode } from 'react';

/**
 * A fenced block's build-time highlighting: its lines as the markdown pipeline renders them
 * (highlight spans, highlighted lines) and the code they show.
 */
export interface HighlightedCode {
  code: string;
  lines: ReactNode;
}

export interface CodeBlockProps {
  /** The code. */
  children?: ReactNode;
  language?: string;
  /** `language-<language>`, as Docusaurus passes it. */
  className?: string;
  title?: ReactNode;
  showLineNumbers?: boolean;
  /** The fence's info string after the language (`title="a.ts" {2} showLineNumbers`). */
  metastring?: string;
  /**
   * Internal: the highlighting the build made for a fenced block. Pass it on to
   * `@theme-original/CodeBlock` with the other props and the original shows the highlighted
   * block; it is ignored when `children` is not the code it was made for.
   */
  highlighted?: HighlightedCode;
}

/**
 * `@theme/CodeBlock`. Fenced code and `<CodeBlock>` with literal code are highlighted at build
 * time; this component shows that highlighting (`highlighted`) in the theme's frame. Code computed
 * at run time is shown in the same frame without highlighting (no highlighter is shipped to the
 * browser).
 */
export default function CodeBlock({ children, language, title, showLineNumbers, className, highlighted }: CodeBlockProps) {
  const code = typeof children === 'string' ? children.replace(/\n$/, '') : children;
  const lines = typeof code === 'string' ? code.split('\n') : undefined;
  const shown = highlighted && (children === undefined || code === highlighted.code) ? highlighted.lines : undefined;
  const languageClass = language ? `language-${language}` : '';
  return (
    <div className={['code-block', languageClass, className === languageClass ? '' : className].filter(Boolean).join(' ')}>
      {title ? <div className="code-block-title">{title}</div> : null}
      <div className="code-block-content">
        <pre className={['code-block-pre', showLineNumbers ? 'with-line-numbers' : ''].filter(Boolean).join(' ')} tabIndex={0}>
          <code className={['hljs', languageClass].filter(Boolean).join(' ')}>
            {shown ??
              (lines
                ? lines.map((line, index) => (
                    <Fragment key={index}>
                      {index > 0 ? '\n' : null}
                      <span className="code-line">{line}</span>
                    </Fragment>
                  ))
                : code)}
          </code>
        </pre>
        <button type="button" className="code-copy-button" aria-label="Copy code to clipboard" title="Copy" data-copy="">
          Copy
        </button>
      </div>
    </div>
  );
}
