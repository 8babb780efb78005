import { describe, expect, it } from 'vitest';
import { dcNameOf } from './change-queries';

describe('dcNameOf', () => {
  it('names the DC of an NTDS Settings DN (replication metadata)', () => {
    expect(dcNameOf('CN=NTDS Settings,CN=DC1,CN=Servers,CN=Default-First-Site-Name,CN=Sites,CN=Configuration,DC=corp,DC=example')).toBe('DC1');
    expect(dcNameOf('CN=NTDS Settings\\0ADEL:1234,CN=ALT-DC,CN=Servers,CN=Site,CN=Sites,CN=Configuration,DC=x')).toBe('ALT-DC');
  });
  it('keeps anything else as it is', () => {
    expect(dcNameOf('DC1.corp.example')).toBe('DC1.corp.example');
  });
});
