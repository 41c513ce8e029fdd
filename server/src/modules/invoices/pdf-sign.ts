import fs from 'node:fs';
import type { PDFDocument } from 'pdf-lib';
import type { Config } from '../../config/env.ts';

/**
 * A real PDF digital signature on every document when the shop configures a certificate (CGST Rule 46(q) accepts a
 * digital signature; decision 037): `@signpdf` (placeholder written through pdf-lib, PKCS#7 detached signature
 * made by node-forge from the PKCS#12 file). `pdfsig` reports it valid; whether the issuer is trusted depends on the
 * certificate (a Class 2/3 DSC from an Indian CA is; the tests' self-made one is not).
 */
export interface SigningSetup {
  p12: Buffer;
  passphrase: string;
  location: string;
  contact: string;
}

let loaded: { file: string; bytes: Buffer } | undefined;

/** The shop's signing certificate, read once, or null when none is configured. */
export function signingSetup(
  config: Pick<Config, 'GST_SIGNING_P12' | 'GST_SIGNING_PASSPHRASE' | 'SHOP_ADDRESS' | 'SHOP_EMAIL'>,
): SigningSetup | null {
  if (!config.GST_SIGNING_P12) return null;
  if (loaded?.file !== config.GST_SIGNING_P12)
    loaded = { file: config.GST_SIGNING_P12, bytes: fs.readFileSync(config.GST_SIGNING_P12) };
  return {
    p12: loaded.bytes,
    passphrase: config.GST_SIGNING_PASSPHRASE ?? '',
    location: config.SHOP_ADDRESS.slice(0, 100),
    contact: config.SHOP_EMAIL,
  };
}

/** Writes the signature field (invisible: the printed signatory block says the document is signed) before saving. */
export async function addSignatureField(
  pdf: PDFDocument,
  setup: SigningSetup,
  reason: string,
  signer: string,
): Promise<void> {
  const { pdflibAddPlaceholder } = await import('@signpdf/placeholder-pdf-lib');
  pdflibAddPlaceholder({ pdfDoc: pdf, reason, contactInfo: setup.contact, name: signer, location: setup.location });
}

/** Signs the saved bytes (saved without object streams, which the placeholder needs). */
export async function signSavedPdf(bytes: Uint8Array, setup: SigningSetup): Promise<Uint8Array> {
  const [{ SignPdf }, { P12Signer }] = await Promise.all([import('@signpdf/signpdf'), import('@signpdf/signer-p12')]);
  return new SignPdf().sign(Buffer.from(bytes), new P12Signer(setup.p12, { passphrase: setup.passphrase }));
}
