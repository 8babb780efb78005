import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface ClientCertificate {
  /** PKCS#8 PEM; store it sealed only. */
  privateKeyPem: string;
  certificatePem: string;
}

const VALIDITY_YEARS = 2;

/**
 * 16 random bytes whose first byte lies in 0x40–0x7f: a DER INTEGER must be positive (first byte below 0x80) and
 * minimal (no leading zero byte). The earlier form, '0' + 15 random bytes as hex, became a padded integer (00 40 …)
 * whenever the first random byte was 00 — OpenSSL refuses such a certificate ("illegal padding").
 */
export function randomSerialNumberHex(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x3f) | 0x40;
  return bytes.toString('hex');
}

/**
 * A fresh RSA key pair and a self-signed X.509 certificate for one client. The customer uploads the
 * certificate to its Entra app registration; Burgwall signs client assertions with the private key.
 */
export function createClientCertificate(clientId: string, now = new Date()): ClientCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = randomSerialNumberHex();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setFullYear(now.getFullYear() + VALIDITY_YEARS);
  const subject = [
    { name: 'commonName', value: `Burgwall Entra ${clientId}` },
    { name: 'organizationName', value: 'Burgwall' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  return { privateKeyPem, certificatePem: forge.pki.certificateToPem(cert) };
}

/**
 * SHA-256 thumbprint of the certificate's DER bytes (x5t#S256 of a client assertion; msal wants it in hex). Hashed from
 * the PEM's base64 body rather than through OpenSSL: certificates stored before the serial fix may carry a padded
 * serial that OpenSSL refuses, yet their thumbprint is what the customer registered.
 */
export function certificateThumbprintSha256(certificatePem: string, encoding: 'hex' | 'base64url' = 'base64url'): string {
  const body = /-----BEGIN CERTIFICATE-----([^-]+)-----END CERTIFICATE-----/.exec(certificatePem)?.[1];
  if (!body) throw new Error('Kein PEM-Zertifikat');
  return createHash('sha256').update(Buffer.from(body.replace(/\s+/g, ''), 'base64')).digest(encoding);
}
