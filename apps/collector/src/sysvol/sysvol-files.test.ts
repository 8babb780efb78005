import { describe, expect, it } from 'vitest';
import { buildRegistryPol } from '../integration/registry-pol-writer';
import { parseGptTmpl } from './gpt-tmpl';
import { parseRegistryPol } from './registry-pol';
import { decodeText } from './text-decoding';

describe('GptTmpl.inf', () => {
  it('parses UTF-16LE with BOM and CRLF into sections, keeping values raw', () => {
    const text = '[Unicode]\r\nUnicode=yes\r\n[System Access]\r\nMinimumPasswordLength = 6\r\n; comment\r\n[Registry Values]\r\nMACHINE\\Software\\X\\DefaultPassword=1,"a=b"\r\n';
    const file = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(parseGptTmpl(file)).toEqual({
      Unicode: { Unicode: 'yes' },
      'System Access': { MinimumPasswordLength: '6' },
      'Registry Values': { 'MACHINE\\Software\\X\\DefaultPassword': '1,"a=b"' },
    });
  });

  it('decodes UTF-8 (with BOM) and UTF-16 without BOM', () => {
    expect(decodeText(Buffer.from('\uFEFF<a>ä</a>', 'utf8'))).toBe('<a>ä</a>');
    expect(decodeText(Buffer.from('[x]', 'utf16le'))).toBe('[x]');
  });
});

describe('Registry.pol', () => {
  it('parses strings and DWORDs written in PReg format', () => {
    const file = buildRegistryPol([
      { key: 'Software\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon', valueName: 'DefaultPassword', type: 1, value: 'Winl0gon!Pass' },
      { key: 'System\\CurrentControlSet\\Control\\Lsa', valueName: 'LmCompatibilityLevel', type: 4, value: 1 },
    ]);
    expect(parseRegistryPol(file)).toEqual([
      { key: 'Software\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon', valueName: 'DefaultPassword', type: 1, data: 'Winl0gon!Pass' },
      { key: 'System\\CurrentControlSet\\Control\\Lsa', valueName: 'LmCompatibilityLevel', type: 4, data: '1' },
    ]);
  });

  it('accepts an empty policy and rejects a foreign or truncated file', () => {
    expect(parseRegistryPol(buildRegistryPol([]))).toEqual([]);
    expect(() => parseRegistryPol(Buffer.from('NOPE\x01\0\0\0'))).toThrow('PReg');
    const full = buildRegistryPol([{ key: 'K', valueName: 'V', type: 1, value: 'long value' }]);
    expect(() => parseRegistryPol(full.subarray(0, full.length - 6))).toThrow();
  });
});
