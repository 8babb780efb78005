import { X509Certificate, createHash } from 'node:crypto';
import forge from 'node-forge';
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

  it('takes the thumbprint of a stored certificate OpenSSL refuses (padded serial from before the fix) from its DER bytes', () => {
    const { certificatePem, privateKeyPem } = createClientCertificate('client-8');
    const padded = forge.pki.certificateFromPem(certificatePem);
    // What the old serial code (`0` + 15 random bytes as hex) made of a first random byte 00: a DER integer 00 40 …
    padded.serialNumber = `0${'0040'}${'12'.repeat(13)}`;
    padded.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
    const pem = forge.pki.certificateToPem(padded);
    const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(padded)).getBytes(), 'binary');
    expect(() => new X509Certificate(pem)).toThrow(/padding/);
    expect(certificateThumbprintSha256(pem, 'hex')).toBe(createHash('sha256').update(der).digest('hex'));
  });
});
