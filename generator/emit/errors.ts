/**
 * An emitter cannot produce its files for a reason outside the spec, in the generator's own setup (a runtime
 * template importing a package the generator does not pin, say). The CLI prints it like a spec error: the message
 * says what to fix, a stack trace would not help.
 */
export class EmitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmitError';
  }
}
