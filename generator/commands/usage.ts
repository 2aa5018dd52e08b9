/** A command line that asks for something impossible: told to the user with the usage hint (exit 2), never thrown on. */
export class UsageError extends Error {}
