import { decodeText } from './text-decoding';

/** GptTmpl.inf -> section -> key -> raw value (text after the first '='), keys in file case. */
export function parseGptTmpl(content: Buffer | string): Record<string, Record<string, string>> {
  const text = typeof content === 'string' ? content : decodeText(content);
  const sections: Record<string, Record<string, string>> = {};
  let current: Record<string, string> | null = null;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith(';')) continue;
    const header = line.match(/^\[(.+)\]$/);
    if (header) {
      current = sections[header[1] as string] ??= {};
      continue;
    }
    if (!current) continue;
    const eq = line.indexOf('=');
    if (eq < 0) current[line] = '';
    else current[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return sections;
}
