/**
 * A first-in first-out queue with O(1) push, shift and bounded drop of the oldest: an array that is
 * read from a moving head and compacted only when the head has passed half of it, so neither a long
 * queue nor many reads copy the whole queue every time (Array.prototype.shift and splice(0, n) do).
 */
export class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  /** The oldest `count` items, in order, removed. */
  take(count: number): T[] {
    const taken = this.items.slice(this.head, this.head + count);
    this.head += taken.length;
    this.compact();
    return taken;
  }

  /** The oldest `count` items, in order, left in place. */
  peek(count: number): T[] {
    return this.items.slice(this.head, this.head + count);
  }

  /** The newest `count` items, newest first, left in place: costs `count`, not the queue's length. */
  newest(count: number): T[] {
    const found: T[] = [];
    for (let index = this.items.length - 1; index >= this.head && found.length < count; index -= 1)
      found.push(this.items[index]!);
    return found;
  }

  /** Removes the oldest item. */
  shift(): T | undefined {
    if (this.length === 0) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined as T;
    this.head += 1;
    this.compact();
    return item;
  }

  *[Symbol.iterator](): IterableIterator<T> {
    for (let index = this.head; index < this.items.length; index += 1) yield this.items[index]!;
  }

  private compact(): void {
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}
