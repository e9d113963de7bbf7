/**
 * A handler's 200 answer whose JSON text is already written: the family router sends (and records) it
 * as it is, where it would have written JSON.stringify of the handler's result. For answers made of
 * parts that never change and are costly to serialise on every call (the payment point directory's
 * frozen points); the text must be exactly what JSON.stringify gives.
 */
export class JsonAnswer {
  constructor(readonly text: string) {}
}
