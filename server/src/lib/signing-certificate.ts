import fs from 'node:fs';
import { createRequire } from 'node:module';
import type forgeType from 'node-forge';

const requireCjs = createRequire(import.meta.url);

/**
 * Why a signing certificate cannot be used, or null: the file is missing, the passphrase is wrong, or it holds no
 * certificate with its private key. Synchronous, for the start-up configuration check (node-forge parses PKCS#12
 * files of either the legacy 3DES or the current AES form).
 */
export function signingCertificateProblem(file: string, passphrase: string): string | null {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    return `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  const forge = requireCjs('node-forge') as typeof forgeType;
  try {
    const p12 = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary'))),
      false,
      passphrase,
    );
    const keys = [
      ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
      ...(p12.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
    ];
    const certs = p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [];
    if (keys.length === 0 || certs.length === 0) return `${file} must hold the certificate and its private key`;
    return null;
  } catch (err) {
    return `cannot open ${file} with GST_SIGNING_PASSPHRASE (${(err as Error).message})`;
  }
}
