import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { certificateThumbprintSha256, createClientCertificate, randomSerialNumberHex } from './entra-certificate';

describe('client certificate for Entra ID', () => {
  it('draws serial numbers that encode as minimal positive DER integers (first byte 0x40–0x7f, 16 bytes)', () => {
    for (let index = 0; index < 5_000; index++) {
      const serial = randomSerialNumberHex();
      expect(serial).toMatch(/^[4-7][0-9a-f]{31}$/);
    }
  });

  it('is readable by OpenSSL with its serial, subject and a two-year validity', () => {
    const now = new Date('2026-12-04T12:00:00Z');
    const { certificatePem, privateKeyPem } = createClientCertificate('client-7', now);
    const certificate = new X509Certificate(certificatePem);
    expect(certificate.serialNumber).toMatch(/^[4-7][0-9A-F]{31}$/);
    expect(certificate.subject).toContain('CN=Burgwall Entra client-7');
    expect(new Date(certificate.validTo).getUTCFullYear()).toBe(2028);
    expect(privateKeyPem).toContain('BEGIN PRIVATE KEY');
    expect(certificateThumbprintSha256(certificatePem, 'hex')).toBe(certificate.fingerprint256.replaceAll(':', '').toLowerCase());
  });
});
