export type Severity = 'error' | 'warning';

/** A problem in the user's input that the user must fix, with where it is and how to fix it. */
export interface Diagnostic {
  severity: Severity;
  message: string;
  /** Absolute path of the file at fault, if any. */
  file?: string;
  line?: number;
  column?: number;
  /** How to fix it. */
  hint?: string;
  /** Short name of the rule or stage that raised it, e.g. `front-matter`, `broken-link`. */
  code?: string;
}
