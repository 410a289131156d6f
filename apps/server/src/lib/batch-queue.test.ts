import { describe, expect, test } from 'vitest';
import { BatchQueue, type BatchOutcome } from './batch-queue.ts';

const tick = () => new Promise((r) => setImmediate(r));

describe('BatchQueue', () => {
  test('items pushed while a batch runs go together into the next one, in order, each with its own answer', async () => {
    const batches: number[][] = [];
    let release = () => {};
    const queue = new BatchQueue<number, number>(async (batch) => {
      batches.push(batch);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return batch.map((n) => ({ value: n * 10 }));
    });
    const first = queue.push(1);
    await tick();
    const rest = [2, 3, 4].map((n) => queue.push(n));
    await tick();
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  test('deferFirst: pushes of the same turn share the first batch; max caps a batch', async () => {
    const batches: string[][] = [];
    const queue = new BatchQueue<string, string>(
      (batch) => {
        batches.push(batch);
        return batch.map((s) => ({ value: s.toUpperCase() }));
      },
      { deferFirst: true, max: 2 },
    );
    const answers = await Promise.all(['a', 'b', 'c'].map((s) => queue.push(s)));
    expect(answers).toEqual(['A', 'B', 'C']);
    expect(batches).toEqual([['a', 'b'], ['c']]);
  });

  test('an item answered with an error fails alone; a batch that throws fails all its items, the next goes on', async () => {
    let calls = 0;
    const queue = new BatchQueue<number, number>((batch): BatchOutcome<number>[] => {
      calls += 1;
      if (calls === 2) throw new Error('commit failed');
      return batch.map((n) => (n < 0 ? { error: new Error(`bad ${n}`) } : { value: n }));
    });
    // Each batch throws or answers synchronously: the queue must still take the next pushes.
    const results = await Promise.allSettled([queue.push(1)]);
    const failedBatch = await Promise.allSettled([queue.push(2), queue.push(-3)]);
    const mixed = await Promise.allSettled([queue.push(4), queue.push(-5)]);
    expect(results).toEqual([{ status: 'fulfilled', value: 1 }]);
    expect(failedBatch.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((failedBatch[0] as PromiseRejectedResult).reason).toEqual(new Error('commit failed'));
    expect(mixed[0]).toEqual({ status: 'fulfilled', value: 4 });
    expect((mixed[1] as PromiseRejectedResult).reason).toEqual(new Error('bad -5'));
  });

  test('idle waits for every item pushed so far', async () => {
    const done: number[] = [];
    const queue = new BatchQueue<number, void>(async (batch) => {
      await tick();
      done.push(...batch);
      return batch.map(() => ({ value: undefined }));
    });
    void queue.push(1);
    void queue.push(2);
    await queue.idle();
    expect(done).toEqual([1, 2]);
    await queue.idle();
  });
});
