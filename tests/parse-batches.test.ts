import { describe, expect, it } from 'vitest';
import { planBatches } from '../src/content/parse-markdown.js';
import type { ParseTask } from '../src/content/parse-task.js';

const doc = (name: string, size: number): ParseTask => ({ file: `/docs/${name}.md`, raw: 'x'.repeat(size), route: `/${name}`, title: name });
const names = (tasks: readonly ParseTask[]) => tasks.map((task) => task.title);

describe('how docs are handed to the parse workers', () => {
  it('hands out the batch with the longest docs first, keeping neighbours together', () => {
    // 160 docs on 2 threads: batches of 10; doc 95 is as long as all the others together.
    const tasks = Array.from({ length: 160 }, (_, index) => doc(String(index), index === 95 ? 200_000 : 1_000));
    const plan = planBatches(tasks, 2);
    expect(plan.batchSize).toBe(10);
    expect(names(plan.tasks.slice(0, 10))).toEqual(['90', '91', '92', '93', '94', '95', '96', '97', '98', '99']);
    // Every doc once; batches of the same length stay in the docs' order.
    expect(new Set(names(plan.tasks)).size).toBe(160);
    expect(names(plan.tasks.slice(10, 20))).toEqual(names(tasks.slice(0, 10)));
  });

  it('cuts big sites into batches of at most 25 docs', () => {
    const tasks = Array.from({ length: 10_000 }, (_, index) => doc(String(index), 1_000 + (index % 7)));
    expect(planBatches(tasks, 2).batchSize).toBe(25);
  });

  it('keeps the docs in order when they compile on this thread', () => {
    const tasks = [doc('a', 10), doc('b', 5_000), doc('c', 10)];
    expect(planBatches(tasks, 0)).toEqual({ tasks, batchSize: 25, threads: 0 });
  });
});
