import pc from 'picocolors';
import type { Logger } from '../model/logger.js';
import { formatDiagnostic, type Diagnostic } from './diagnostic.js';

export type { Logger } from '../model/logger.js';

export interface ConsoleLoggerOptions {
  verbose?: boolean;
  stream?: NodeJS.WriteStream;
}

/** The console logger also remembers the codes it printed, for the closing pointer to their explanations. */
export interface ConsoleLogger extends Logger {
  printedCodes(): string[];
}

export function createConsoleLogger(options: ConsoleLoggerOptions = {}): ConsoleLogger {
  const out = options.stream ?? process.stderr;
  const interactive = Boolean(out.isTTY) && !process.env.CI;
  const color = interactive || Boolean(process.env.FORCE_COLOR);
  let progressShown = false;
  const codes = new Set<string>();
  const clearProgress = () => {
    if (progressShown) {
      out.write('\r\x1b[2K');
      progressShown = false;
    }
  };
  const line = (text: string) => {
    clearProgress();
    out.write(`${text}\n`);
  };
  return {
    info: (m) => line(m),
    warn: (m) => line(color ? pc.yellow(m) : m),
    error: (m) => line(color ? pc.red(m) : m),
    debug: (m) => {
      if (options.verbose) line(color ? pc.dim(m) : m);
    },
    diagnostic: (d) => {
      if (d.code) codes.add(d.code);
      line(formatDiagnostic(d, { color, code: true }));
    },
    printedCodes: () => [...codes],
    progress: (m) => {
      if (!interactive) return;
      out.write(`\r\x1b[2K${pc.dim(m.slice(0, (out.columns || 80) - 1))}`);
      progressShown = true;
    },
  };
}

/** A logger that records everything, for tests and for callers that print themselves. */
export function createMemoryLogger(): Logger & { messages: string[]; diagnostics: Diagnostic[] } {
  const messages: string[] = [];
  const diagnostics: Diagnostic[] = [];
  return {
    messages,
    diagnostics,
    info: (m) => messages.push(m),
    warn: (m) => messages.push(m),
    error: (m) => messages.push(m),
    debug: () => {},
    diagnostic: (d) => {
      diagnostics.push(d);
      messages.push(formatDiagnostic(d));
    },
    progress: () => {},
  };
}

/** A duration as the build log prints it: `840 ms`, `2.35 s`. */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
