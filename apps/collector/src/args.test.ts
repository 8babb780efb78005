import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';

describe('parseArgs', () => {
  it('reads the command, valued options and flags', () => {
    expect(parseArgs(['run', '--config', 'c.json', '--once', '--server=http://x'])).toEqual({
      command: 'run',
      options: { config: 'c.json', once: true, server: 'http://x' },
    });
  });
  it('rejects stray arguments', () => {
    expect(() => parseArgs(['run', 'oops'])).toThrow('Unerwartetes Argument: oops');
  });
});
