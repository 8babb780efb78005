import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { randomSerialNumberHex } from '../apps/server/src/entra/entra-certificate';

/** A certificate authority made for one test run, and a server certificate it issued for 127.0.0.1/localhost. */
export interface TestCa {
  /** The CA certificate (PEM), for the server under test to trust (OUTGOING_EXTRA_CA_FILE). */
  caPem: string;
  /** The same certificate written to a file of its own. */
  caFile: string;
  server: { keyPem: string; certPem: string };
}

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

function certificate(subject: string, publicKey: forge.pki.PublicKey, days: number): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = randomSerialNumberHex();
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + days * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  return cert;
}

/**
 * A fresh CA (nothing outside the test trusts it) and a TLS server certificate for local fakes. About one server
 * certificate in a hundred that node-forge encodes is refused by OpenSSL 3 ("asn1 encoding routines::illegal
 * padding", seen when a fake Entra server started): such a pair is made again.
 */
export function createTestCa(): TestCa {
  for (let attempt = 1; ; attempt++) {
    const ca = issueTestCa();
    try {
      new X509Certificate(ca.server.certPem);
      new X509Certificate(ca.caPem);
      return ca;
    } catch (error) {
      if (attempt >= 10) throw error;
    }
  }
}

function issueTestCa(): TestCa {
  const ca = keyPair();
  const caCert = certificate('Burgwall Test-CA', ca.publicKey, 2);
  caCert.setIssuer(caCert.subject.attributes);
  caCert.setExtensions([{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }]);
  caCert.sign(forge.pki.privateKeyFromPem(ca.keyPem), forge.md.sha256.create());

  const server = keyPair();
  const serverCert = certificate('127.0.0.1', server.publicKey, 2);
  serverCert.setIssuer(caCert.subject.attributes);
  serverCert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] },
  ]);
  serverCert.sign(forge.pki.privateKeyFromPem(ca.keyPem), forge.md.sha256.create());

  const caPem = forge.pki.certificateToPem(caCert);
  const caFile = path.join(mkdtempSync(path.join(tmpdir(), 'burgwall-test-ca-')), 'ca.pem');
  writeFileSync(caFile, caPem);
  return { caPem, caFile, server: { keyPem: server.keyPem, certPem: forge.pki.certificateToPem(serverCert) } };
}
