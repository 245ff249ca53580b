import type { VFile } from 'vfile';

/** A problem a plugin found in a doc's content, reported at its place once the doc is compiled. */
export interface DocMessage {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  hint?: string;
  line?: number;
  column?: number;
}

/** Records a problem for the caller to report (plain data: it crosses threads and the compile cache). */
export function addDocMessage(file: VFile, message: DocMessage): void {
  (file.data.messages ??= []).push(message);
}

declare module 'vfile' {
  interface DataMap {
    /** Problems found while compiling, for the caller to report. */
    messages: DocMessage[];
  }
}
