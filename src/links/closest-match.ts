/**
 * The candidate nearest to `value` by edit distance, if it is near enough to be a likely typo or
 * move (at most a third of its length apart), for "did you mean" hints.
 */
export function closestMatch(value: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(value.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - value.length) >= bestDistance) continue;
    const distance = boundedEditDistance(value, candidate, bestDistance - 1);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, or `max + 1` as soon as it is known to exceed `max`. */
function boundedEditDistance(a: string, b: string, max: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}
