import type { VFile } from 'vfile';
import type { DocMessage } from '../../model/compiled-doc.js';

/**
 * Records a problem on the file as every plugin does (`file.message`, the fix as its `note`),
 * so that there is one list of messages for the caller to report.
 */
export function addDocMessage(file: VFile, problem: DocMessage): void {
  const place = problem.line === undefined ? undefined : { line: problem.line, column: problem.column ?? 1 };
  const message = file.message(problem.message, { place, ruleId: problem.code, source: 'sdkdocs' });
  message.note = problem.hint;
  if (problem.severity === 'error') message.fatal = true;
}

/** The file's messages in the order of the file, as plain data. */
export function docMessagesOf(messages: VFile['messages']): DocMessage[] {
  return [...messages]
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0))
    .map((message) => ({
      severity: message.fatal ? 'error' : 'warning',
      code: message.ruleId ?? 'markdown',
      message: message.reason,
      hint: message.note,
      line: message.line ?? undefined,
      column: message.column ?? undefined,
    }));
}
