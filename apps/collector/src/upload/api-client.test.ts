import { describe, expect, it } from 'vitest';
import { errorText } from './api-client';

describe('errorText', () => {
  it('reads the detail of problem details, else the message of older servers, else the text', () => {
    const problem = { type: 'urn:burgwall:problem:forbidden', title: 'Keine Berechtigung', status: 403, detail: 'Dieser Collector-Schlüssel gehört nicht zu diesem Kunden.' };
    expect(errorText(JSON.stringify(problem))).toBe('Dieser Collector-Schlüssel gehört nicht zu diesem Kunden.');
    expect(errorText(JSON.stringify({ message: 'Invalid or revoked collector key' }))).toBe('Invalid or revoked collector key');
    expect(errorText('Bad Gateway')).toBe('Bad Gateway');
    expect(errorText('null')).toBe('null');
  });

  it('cuts very long texts', () => {
    const text = errorText(JSON.stringify({ detail: 'x'.repeat(5000) }));
    expect(text.length).toBeLessThan(2100);
    expect(text.endsWith(' …')).toBe(true);
  });
});
