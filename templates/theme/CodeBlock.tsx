import { Fragment, type ReactNode } from 'react';

export interface CodeBlockProps {
  children?: ReactNode;
  language?: string;
  title?: ReactNode;
  showLineNumbers?: boolean;
  metastring?: string;
  className?: string;
}

/**
 * `@theme/CodeBlock`. With literal code (`<CodeBlock language="ts">{`…`}</CodeBlock>`) the build
 * already turned it into a highlighted block, like a fenced one; what reaches this component is
 * code computed at run time, shown in the same frame without highlighting (no highlighter is
 * shipped to the browser).
 */
export default function CodeBlock({ children, language, title, showLineNumbers, className }: CodeBlockProps) {
  const code = typeof children === 'string' ? children.replace(/\n$/, '') : children;
  const lines = typeof code === 'string' ? code.split('\n') : undefined;
  return (
    <div className={['code-block', language ? `language-${language}` : '', className].filter(Boolean).join(' ')}>
      {title ? <div className="code-block-title">{title}</div> : null}
      <div className="code-block-content">
        <pre className={['code-block-pre', showLineNumbers ? 'with-line-numbers' : ''].filter(Boolean).join(' ')} tabIndex={0}>
          <code className={['hljs', language ? `language-${language}` : ''].filter(Boolean).join(' ')}>
            {lines
              ? lines.map((line, index) => (
                  <Fragment key={index}>
                    {index > 0 ? '\n' : null}
                    <span className="code-line">{line}</span>
                  </Fragment>
                ))
              : code}
          </code>
        </pre>
        <button type="button" className="code-copy-button" aria-label="Copy code to clipboard" title="Copy" data-copy="">
          Copy
        </button>
      </div>
    </div>
  );
}
