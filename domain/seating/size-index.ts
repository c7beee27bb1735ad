/**
 * Active tables bucketed by player count, each bucket ordered by table number. Sizes are bounded
 * by seats per table (<= 10), so min/max are a scan of a few buckets; the lowest-numbered table of
 * a bucket is a heap peek. Buckets use lazy deletion: an entry is live only while the table still
 * has that size, which keeps every update O(log tables).
 */
class NumberHeap {
  private readonly items: { n: number; id: string }[] = [];

  push(n: number, id: string): void {
    const a = this.items;
    a.push({ n, id });
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((a[p] as { n: number }).n <= n) break;
      [a[p], a[i]] = [a[i] as { n: number; id: string }, a[p] as { n: number; id: string }];
      i = p;
    }
  }

  peek(): string | undefined {
    return this.items[0]?.id;
  }

  pop(): void {
    const a = this.items;
    const last = a.pop();
    if (last === undefined || a.length === 0) return;
    a[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < a.length && (a[l] as { n: number }).n < (a[m] as { n: number }).n) m = l;
      if (r < a.length && (a[r] as { n: number }).n < (a[m] as { n: number }).n) m = r;
      if (m === i) return;
      [a[m], a[i]] = [a[i] as { n: number; id: string }, a[m] as { n: number; id: string }];
      i = m;
    }
  }
}

export class TableSizeIndex {
  private readonly sizes = new Map<string, number>();
  private readonly numbers = new Map<string, number>();
  private readonly counts: number[];
  private readonly buckets: NumberHeap[];

  constructor(readonly capacity: number) {
    this.counts = new Array<number>(capacity + 1).fill(0);
    this.buckets = Array.from({ length: capacity + 1 }, () => new NumberHeap());
  }

  add(id: string, number: number, size: number): void {
    this.numbers.set(id, number);
    this.sizes.set(id, size);
    this.counts[size] = (this.counts[size] ?? 0) + 1;
    this.buckets[size]?.push(number, id);
  }

  remove(id: string): void {
    const size = this.sizes.get(id);
    if (size === undefined) return;
    this.sizes.delete(id);
    this.counts[size] = (this.counts[size] ?? 0) - 1;
  }

  set(id: string, size: number): void {
    const old = this.sizes.get(id);
    const number = this.numbers.get(id);
    if (old === undefined || number === undefined || old === size) return;
    this.counts[old] = (this.counts[old] ?? 0) - 1;
    this.counts[size] = (this.counts[size] ?? 0) + 1;
    this.sizes.set(id, size);
    this.buckets[size]?.push(number, id);
  }

  size(id: string): number | undefined {
    return this.sizes.get(id);
  }

  get tableCount(): number {
    return this.sizes.size;
  }

  minSize(): number | undefined {
    for (let s = 0; s <= this.capacity; s++) if ((this.counts[s] ?? 0) > 0) return s;
    return undefined;
  }

  maxSize(): number | undefined {
    for (let s = this.capacity; s >= 0; s--) if ((this.counts[s] ?? 0) > 0) return s;
    return undefined;
  }

  /** The lowest-numbered table holding exactly `size` players. */
  lowestNumberedAt(size: number): string | undefined {
    const heap = this.buckets[size];
    if (!heap) return undefined;
    for (;;) {
      const id = heap.peek();
      if (id === undefined) return undefined;
      if (this.sizes.get(id) === size) return id;
      heap.pop();
    }
  }
}
