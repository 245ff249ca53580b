import type { Diagnostic } from './diagnostic.js';

/** Where the build reports to. Tests pass a silent or recording logger. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** Only shown with --verbose. */
  debug(message: string): void;
  diagnostic(d: Diagnostic): void;
  /** A one-line progress update that overwrites itself in a terminal; silent elsewhere. */
  progress(message: string): void;
}
