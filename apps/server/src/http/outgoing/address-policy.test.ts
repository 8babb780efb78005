import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-policy';
import { OutgoingBlockedError, resolvePublicAddress, type OutgoingPolicy } from './resolve-public-address';

// Every spelling the penetration test used to reach loopback, plus the other internal ranges.
const INTERNAL = [
  '::ffff:7f00:1', '0:0:0:0:0:ffff:127.0.0.1', '0:0:0:0:0:0:0:1', '::1', '[::1]', '127.0.0.1', '127.1', '0x7f000001',
  '2130706433', '0177.0.0.1', '64:ff9b::7f00:1', '64:ff9b:1::a00:1', '2002:7f00:1::', '2001::1', '::', '0.0.0.0',
  '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1',
  '224.0.0.1', '255.255.255.255', '198.18.0.1', '192.0.2.1', '2001:db8::1',
];
const PUBLIC = ['8.8.8.8', '93.184.215.14', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2a00:1450:4001::1'];

describe('isPublicAddress', () => {
  it.each(INTERNAL)('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(PUBLIC)('allows %s', (address) => expect(isPublicAddress(address)).toBe(true));
  it('refuses what is no address at all', () => expect(isPublicAddress('mail.example.de')).toBe(false));
});

describe('resolvePublicAddress', () => {
  const policy = (lookup: OutgoingPolicy['lookup'], allowInternal = false): OutgoingPolicy => ({ allowInternal, connectTimeoutMs: 500, lookup });

  it('refuses a name that resolves to loopback', async () => {
    const lookup = async () => [{ address: '127.0.0.1' }];
    await expect(resolvePublicAddress('mail.rebind.test', policy(lookup))).rejects.toBeInstanceOf(OutgoingBlockedError);
  });

  it('refuses a name with one internal address among public ones', async () => {
    const lookup = async () => [{ address: '93.184.215.14' }, { address: '::1' }];
    await expect(resolvePublicAddress('mail.mixed.test', policy(lookup))).rejects.toBeInstanceOf(OutgoingBlockedError);
  });

  it('returns the checked address, so the caller connects to exactly it', async () => {
    await expect(resolvePublicAddress('mail.example.test', policy(async () => [{ address: '93.184.215.14' }]))).resolves.toBe('93.184.215.14');
    await expect(resolvePublicAddress('0:0:0:0:0:ffff:8.8.8.8', policy(undefined))).resolves.toBe('8.8.8.8');
  });

  it('lets the server configuration (never a tenant) allow internal hosts', async () => {
    await expect(resolvePublicAddress('::ffff:7f00:1', policy(undefined, true))).resolves.toBe('127.0.0.1');
  });
});
