/**
 * Which of a catalogue's names are on: the faults (faults/catalogue.ts) and the reading variants
 * (readings/catalogue.ts) each keep one in the simulator state, switched by `dss sim`, a network file
 * or the control plane.
 */
export class NamedSwitch<Name extends string> {
  private readonly enabled = new Set<Name>();

  constructor(initial: Iterable<Name> = []) {
    for (const name of initial) this.enabled.add(name);
  }

  on(name: Name): boolean {
    return this.enabled.has(name);
  }

  enable(name: Name): void {
    this.enabled.add(name);
  }

  disable(name: Name): void {
    this.enabled.delete(name);
  }

  list(): Name[] {
    return [...this.enabled];
  }
}
