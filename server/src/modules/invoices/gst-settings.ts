import { eq } from 'drizzle-orm';
import type { GstSettings } from '@shop/shared/gst/routes';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { gstSettings, gstSignatureImages } from '../../db/schema/index.ts';
import { badRequest } from '../../plugins/errors.ts';
import { SIGNATURE_MESSAGES } from '@shop/shared/gst/routes';
import { shopStateCode } from './invoices.service.ts';

type SettingsConfig = Pick<
  Config,
  | 'GST_STATUS'
  | 'GST_GSTIN'
  | 'GST_SIGNATORY_NAME'
  | 'GST_SIGNING_P12'
  | 'GST_SAC_PRINTING'
  | 'GST_SAC_PHOTOCOPY'
  | 'GST_DELIVERY_SAC'
>;

/** The admin's view of the GST settings: configuration, and the signatory set on the GST screen (decision 037). */
export async function readGstSettings(db: Db, config: SettingsConfig): Promise<GstSettings> {
  const [row] = await db.select().from(gstSettings).where(eq(gstSettings.id, 1)).limit(1);
  const [image] = row?.signatureImageId
    ? await db
        .select({ id: gstSignatureImages.id, contentType: gstSignatureImages.contentType })
        .from(gstSignatureImages)
        .where(eq(gstSignatureImages.id, row.signatureImageId))
        .limit(1)
    : [];
  return {
    status: config.GST_STATUS,
    gstin: config.GST_STATUS === 'unregistered' ? null : (config.GST_GSTIN ?? null),
    stateCode: shopStateCode(config),
    signatoryName: row?.signatoryName ?? config.GST_SIGNATORY_NAME ?? null,
    signatureImage: image ?? null,
    digitalSignature: Boolean(config.GST_SIGNING_P12),
    sac: { printing: config.GST_SAC_PRINTING, photocopy: config.GST_SAC_PHOTOCOPY, delivery: config.GST_DELIVERY_SAC },
  };
}

async function upsert(db: Db, set: Partial<typeof gstSettings.$inferInsert>) {
  await db
    .insert(gstSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: gstSettings.id, set: { ...set, updatedAt: new Date() } });
}

export async function setSignatoryName(db: Db, name: string | null): Promise<void> {
  await upsert(db, { signatoryName: name });
}

/** A new signature image: a row of its own (documents issued with the old one keep it), checked to be what it says. */
export async function setSignatureImage(db: Db, dataUrl: string): Promise<void> {
  const m = /^data:(image\/(?:png|jpeg));base64,(.+)$/.exec(dataUrl);
  if (!m) throw badRequest(SIGNATURE_MESSAGES.image, { image: SIGNATURE_MESSAGES.image });
  const bytes = Buffer.from(m[2]!, 'base64');
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (bytes.length > 200 * 1024 || (m[1] === 'image/png' ? !png : !jpeg))
    throw badRequest(SIGNATURE_MESSAGES.image, { image: SIGNATURE_MESSAGES.image });
  await db.transaction(async (tx) => {
    const [image] = await tx
      .insert(gstSignatureImages)
      .values({ contentType: m[1]!, data: bytes.toString('base64') })
      .returning({ id: gstSignatureImages.id });
    await tx
      .insert(gstSettings)
      .values({ id: 1, signatureImageId: image!.id })
      .onConflictDoUpdate({ target: gstSettings.id, set: { signatureImageId: image!.id, updatedAt: new Date() } });
  });
}

export async function clearSignatureImage(db: Db): Promise<void> {
  await upsert(db, { signatureImageId: null });
}
