import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

/**
 * A throw-away public key infrastructure for the TLS tests, made at run time: a CA, a server certificate
 * it signed, a client certificate it signed (as PEM and as a PKCS#12 bundle), and a second CA with a
 * client certificate of its own, which a server trusting the first refuses. node:crypto makes the keys;
 * node-forge writes the certificates and the bundle, which node:crypto cannot. Nothing is kept: the
 * files go to the directory the test gives, and live a day.
 */

export interface TestPki {
  /** The CA that signed the server and the client certificates. */
  ca: string;
  server: { cert: string; key: string };
  client: { cert: string; key: string; pfx: string; passphrase: string };
  /** A CA the server does not trust, and a client certificate it signed. */
  otherCa: string;
  otherClient: { cert: string; key: string };
}

interface Issued {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
}

/** Writes the files into `dir`; the server certificate is valid for each of `serverNames` (DNS names, or IP addresses). */
export function makeTestPki(dir: string, serverNames: string[]): TestPki {
  const ca = authority('DSS test CA');
  const other = authority('Another CA');
  const server = issue(ca, 'dss test server', serverNames, 'serverAuth');
  const client = issue(ca, 'dss harness', [], 'clientAuth');
  const stranger = issue(other, 'dss harness elsewhere', [], 'clientAuth');
  const passphrase = randomBytes(9).toString('base64url');

  const write = (name: string, content: string | Buffer) => {
    const file = join(dir, name);
    writeFileSync(file, content, { mode: 0o600 });
    return file;
  };
  const pem = (issued: Issued) => forge.pki.certificateToPem(issued.cert);
  const keyPem = (issued: Issued) => forge.pki.privateKeyToPem(issued.key);
  const bundle = forge.asn1
    .toDer(forge.pkcs12.toPkcs12Asn1(client.key, [client.cert, ca.cert], passphrase, { algorithm: 'aes256' }))
    .getBytes();
  return {
    ca: write('ca.pem', pem(ca)),
    server: { cert: write('server.pem', pem(server)), key: write('server-key.pem', keyPem(server)) },
    client: {
      cert: write('client.pem', pem(client)),
      key: write('client-key.pem', keyPem(client)),
      pfx: write('client.p12', Buffer.from(bundle, 'binary')),
      passphrase,
    },
    otherCa: write('other-ca.pem', pem(other)),
    otherClient: {
      cert: write('other-client.pem', pem(stranger)),
      key: write('other-client-key.pem', keyPem(stranger)),
    },
  };
}

function keyPair(): { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: forge.pki.publicKeyFromPem(publicKey), privateKey: forge.pki.privateKeyFromPem(privateKey) };
}

function certificate(commonName: string, publicKey: forge.pki.rsa.PublicKey): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // Positive, as X.509 wants it: a leading byte below 0x80.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60 * 60 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 60 * 60 * 1000);
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  return cert;
}

function authority(commonName: string): Issued {
  const { publicKey, privateKey } = keyPair();
  const cert = certificate(commonName, publicKey);
  cert.setIssuer(cert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  return { cert, key: privateKey };
}

function issue(ca: Issued, commonName: string, names: string[], purpose: 'serverAuth' | 'clientAuth'): Issued {
  const { publicKey, privateKey } = keyPair();
  const cert = certificate(commonName, publicKey);
  cert.setIssuer(ca.cert.subject.attributes);
  const altNames = names.map((name) => (/^[\d.]+$|:/.test(name) ? { type: 7, ip: name } : { type: 2, value: name }));
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', [purpose]: true },
    ...(altNames.length > 0 ? [{ name: 'subjectAltName', altNames }] : []),
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.cert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(ca.key, forge.md.sha256.create());
  return { cert, key: privateKey };
}
