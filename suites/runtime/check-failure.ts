/** A check failed: the target did not do what the requirement says (its message leads with `[requirement]`). */
export class CheckFailure extends Error {
  constructor(
    readonly requirement: string,
    message: string,
  ) {
    super(`[${requirement}] ${message}`);
    this.name = 'CheckFailure';
  }
}
