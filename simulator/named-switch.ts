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

/** Names that are not in their catalogue; the message names them and every known one. */
export class UnknownNames extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnknownNames';
  }
}

/**
 * The catalogue's names in `given`, each once, in the order given: a text is split at its commas as a
 * command line writes it (`a, b,,c` names a, b and c), a list is taken as it is. Throws UnknownNames
 * when any is not in the catalogue, naming them all and the known ones, wherever the names came from.
 */
export function parseNames<Name extends string>(
  kind: string,
  catalogue: Readonly<Record<Name, unknown>>,
  given: string | readonly string[],
): Name[] {
  const names =
    typeof given === 'string'
      ? given
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name.length > 0)
      : given;
  const isName = (name: string): name is Name => Object.hasOwn(catalogue, name);
  const unknown = names.filter((name) => !isName(name));
  if (unknown.length > 0)
    throw new UnknownNames(
      `unknown ${kind}: ${unknown.join(', ')}; known ${kind}: ${Object.keys(catalogue).join(', ')}`,
    );
  return [...new Set(names.filter(isName))];
}
