import { Component, type ReactNode } from 'react';
import { formatThemeString } from '../src/shared/theme-strings.js';

/** Each message of an error and of its `cause` chain, outermost first. */
export function errorMessageChain(error: unknown): string[] {
  const messages: string[] = [];
  let current: unknown = error;
  const seen = new Set<unknown>();
  while (current !== undefined && current !== null && !seen.has(current)) {
    seen.add(current);
    messages.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? (current as Error & { cause?: unknown }).cause : undefined;
  }
  return messages;
}

export function PageCrash({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="page-crash container" role="alert">
      <h1>{formatThemeString('pageCrashed')}</h1>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {formatThemeString('tryAgain')}
      </button>
      <div className="page-crash-messages">
        {errorMessageChain(error).map((message, index) => (
          <p key={index} className="page-crash-message">
            {index > 0 ? 'Cause: ' : ''}
            {message}
          </p>
        ))}
      </div>
    </div>
  );
}

interface ErrorBoundaryState {
  error: unknown;
}

/** Guards the main area: a render crash shows the crash screen instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch() {
    if (typeof document !== 'undefined') document.title = formatThemeString('pageErrorTitle');
  }

  override render() {
    if (this.state.error) return <PageCrash error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
