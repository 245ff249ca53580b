/** Median, min and max of a list of numbers: every benchmark figure is reported this way. */
export function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: sorted.length };
}

/**
 * A table row: a named figure with its unit, from several runs. The JSON keeps each run's value
 * in run order too: on a noisy machine one slow run is told apart from a slower build that way.
 */
export function row(name, values, unit) {
  return { name, unit, ...summarize(values), values: [...values] };
}

/** Prints rows as an aligned text table. */
export function printTable(rows, out = process.stdout) {
  const format = (value, unit) => {
    if (value === undefined || Number.isNaN(value)) return '-';
    if (unit === 'ratio') return value.toFixed(2);
    if (Math.abs(value) >= 100) return value.toFixed(0);
    return value.toFixed(value >= 10 ? 1 : 2);
  };
  const lines = [['figure', 'median', 'min', 'max', 'unit', 'runs']];
  for (const r of rows) lines.push([r.name, format(r.median, r.unit), format(r.min, r.unit), format(r.max, r.unit), r.unit, String(r.runs)]);
  const widths = lines[0].map((_, i) => Math.max(...lines.map((line) => line[i].length)));
  for (const [index, line] of lines.entries()) {
    out.write(`${line.map((cell, i) => (i === 0 || i === 4 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')}\n`);
    if (index === 0) out.write(`${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  }
}

/** The median of a list of numbers. */
export function median(values) {
  return summarize(values).median;
}
