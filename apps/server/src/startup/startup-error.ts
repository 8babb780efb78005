/**
 * A start-up failure whose message says everything the operator needs (what is wrong, which variable changes it);
 * main prints only the message, no stack.
 */
export class StartupError extends Error {}
