import { describe, expect, it } from 'vitest';
import { batchedWork } from '../src/engine/batched-work.js';

describe('batchedWork', () => {
  it('starts once every expected key ran or was answered, with the items in the order handed over', async () => {
    const batches: string[][] = [];
    const work = batchedWork<string, number>(3, (items) => {
      batches.push(items);
      return items.map((item) => item.length);
    });
    const first = work.run('a', 'one');
    work.answered('b');
    expect(batches).toEqual([]);
    const third = work.run('c', 'three');
    await expect(Promise.all([first, third])).resolves.toEqual([3, 5]);
    expect(batches).toEqual([['one', 'three']]);
  });

  it('settles an item early while the rest are still being worked on', async () => {
    let finishRest!: () => void;
    const rest = new Promise<void>((resolve) => (finishRest = resolve));
    const work = batchedWork<string, string>(2, async (items, settle) => {
      settle(1, `${items[1]}!`);
      await rest;
      settle(0, `${items[0]}?`);
    });
    const first = work.run('a', 'x');
    const second = work.run('b', 'y');
    await expect(second).resolves.toBe('y!');
    finishRest();
    await expect(first).resolves.toBe('x?');
  });

  it('fails the items left unsettled, and only those, when the work ends or throws', async () => {
    const unsettled = batchedWork<string, string>(2, (items, settle) => settle(0, items[0]!));
    const kept = unsettled.run('a', 'x');
    const lost = unsettled.run('b', 'y');
    await expect(kept).resolves.toBe('x');
    await expect(lost).rejects.toThrow('the work on b gave no outcome');

    const throwing = batchedWork<string, string>(2, (items, settle) => {
      settle(0, items[0]!);
      throw new Error('worker died');
    });
    const before = throwing.run('a', 'x');
    const after = throwing.run('b', 'y');
    await expect(before).resolves.toBe('x');
    await expect(after).rejects.toThrow('worker died');
  });

  it('refuses an item handed over after the work started', async () => {
    const work = batchedWork<string, string>(1, (items) => items);
    await work.run('a', 'x');
    await expect(work.run('b', 'y')).rejects.toThrow('b was handed to a batch that had started');
  });
});
