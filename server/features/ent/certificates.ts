// Self-signed X.509 certificates: the SAML service provider's pair when none is configured (and the
// test harness's identity provider and GAR web service). Keys come from Node's own RSA generator;
// node-forge only writes the certificate around them.
import crypto from 'node:crypto';
import forge from 'node-forge';

export type KeyPair = { keyPem: string; certPem: string };

type CertificateOptions = {
  commonName: string;
  days: number;
  /** Signs with this issuer instead of the new key itself (a certificate authority's pair). */
  issuer?: KeyPair;
  /** Marks the certificate as a certificate authority. */
  ca?: boolean;
  /** DNS names and IP addresses the certificate is valid for (a TLS server). */
  hosts?: string[];
  usage?: 'server' | 'client';
};

export function createCertificate(options: CertificateOptions): KeyPair {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial (leading byte below 0x80) of 128 random bits.
  cert.serialNumber = `01${crypto.randomBytes(16).toString('hex')}`;
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 60_000);
  cert.validity.notAfter = new Date(now + options.days * 86_400_000);
  const subject = [{ name: 'commonName', value: options.commonName }];
  cert.setSubject(subject);
  const issuerCert = options.issuer ? forge.pki.certificateFromPem(options.issuer.certPem) : undefined;
  cert.setIssuer(issuerCert ? issuerCert.subject.attributes : subject);
  const extensions: object[] = [{ name: 'basicConstraints', cA: options.ca === true, critical: true }];
  if (options.ca) extensions.push({ name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true });
  else extensions.push({ name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true });
  if (options.usage) {
    extensions.push({
      name: 'extKeyUsage',
      serverAuth: options.usage === 'server',
      clientAuth: options.usage === 'client',
    });
  }
  if (options.hosts) {
    extensions.push({
      name: 'subjectAltName',
      altNames: options.hosts.map((host) =>
        /^[\d.]+$/.test(host) ? { type: 7, ip: host } : { type: 2, value: host },
      ),
    });
  }
  cert.setExtensions(extensions);
  const signer = forge.pki.privateKeyFromPem(options.issuer?.keyPem ?? keyPem);
  cert.sign(signer, forge.md.sha256.create());
  return { keyPem, certPem: forge.pki.certificateToPem(cert) };
}
