/**
 * A handler's 200 answer whose JSON text is already written, with the value it is the text of: the
 * family router sends the text as it is, where it would have sent `c.json(value)`, and records the
 * value. For answers made of parts that never change and are costly to serialise on every call (the
 * payment point directory's frozen points); the text must be exactly JSON.stringify(value).
 */
export class JsonAnswer {
  constructor(
    readonly value: unknown,
    readonly text: string,
  ) {}
}
