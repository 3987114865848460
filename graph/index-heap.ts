// A binary min-heap of small non-negative integers. The scheduler keys units by their index in
// document order, so "smallest first" is "earliest in the file first".

export class IndexHeap {
  private readonly items: Int32Array;
  private count = 0;

  /** `capacity` bounds how many items may be in the heap at once. */
  constructor(capacity: number) {
    this.items = new Int32Array(Math.max(1, capacity));
  }

  get size(): number {
    return this.count;
  }

  push(value: number): void {
    const items = this.items;
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent] <= value) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = value;
  }

  /** Removes and returns the smallest item; -1 when empty. */
  pop(): number {
    if (this.count === 0) return -1;
    const items = this.items;
    const top = items[0];
    const last = items[--this.count];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.count) break;
      if (child + 1 < this.count && items[child + 1] < items[child]) child++;
      if (items[child] >= last) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = last;
    return top;
  }
}
