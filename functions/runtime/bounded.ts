/** Runs `fn` over the items with at most `parallel` calls in flight at a time (a worker pool, in order of the items). */
export async function eachBounded<T>(items: readonly T[], parallel: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}
