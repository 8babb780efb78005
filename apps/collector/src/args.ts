export interface ParsedArgs {
  command: string | undefined;
  options: Record<string, string | true>;
}

/** Minimal `command --key value --flag` parsing; the collector has few options. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const [command, ...rest] = argv;
  const options: Record<string, string | true> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (!arg.startsWith('--')) throw new Error(`Unerwartetes Argument: ${arg}`);
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = rest[i + 1];
    if (inline !== undefined) options[key] = inline;
    else if (next !== undefined && !next.startsWith('--')) {
      options[key] = next;
      i++;
    } else options[key] = true;
  }
  return { command, options };
}
