/**
 * The allowlists: one one-way list per member of the members it has authorised to deal with it.
 * "Mutual" means each lists the other; quotations, exchanges and payments need it at the time of the
 * call, so it is always read live, never cached by the callers.
 */
export class Allowlists {
  private readonly lists = new Map<string, Set<string>>();

  list(owner: string): string[] {
    return [...(this.lists.get(owner) ?? [])];
  }

  /** Idempotent. */
  add(owner: string, member: string): void {
    let list = this.lists.get(owner);
    if (!list) this.lists.set(owner, (list = new Set()));
    list.add(member);
  }

  /** Idempotent. */
  remove(owner: string, member: string): void {
    this.lists.get(owner)?.delete(member);
  }

  allows(owner: string, member: string): boolean {
    return this.lists.get(owner)?.has(member) ?? false;
  }

  mutual(a: string, b: string): boolean {
    return this.allows(a, b) && this.allows(b, a);
  }
}
