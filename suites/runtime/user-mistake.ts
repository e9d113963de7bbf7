/**
 * A mistake of the person running the kit (a dead URL, a bad profile, a missing results file, a busy
 * port): the command prints its message, one clear paragraph that says what to do, and exits with
 * status 2, never with a stack trace. Anything else that escapes a command is a bug of the harness.
 */
export class UserMistake extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserMistake';
  }
}
