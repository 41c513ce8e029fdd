import type { AttachmentRenderer, MailAttachmentRef, RenderedAttachment } from './mailer.ts';

export interface RenderOutcome {
  files: RenderedAttachment[];
  /** References whose document no longer exists: the mail goes without them. */
  gone: MailAttachmentRef[];
  /** References that could not be made this time (the database away, a font unreadable), with the reason. */
  failed: Array<{ ref: MailAttachmentRef; reason: string }>;
}

/** Renders a mail's attachments one after the other (a bill is a few kB; one at a time bounds the memory). */
export async function renderAttachments(
  refs: readonly MailAttachmentRef[] | null | undefined,
  render: AttachmentRenderer | undefined,
): Promise<RenderOutcome> {
  const out: RenderOutcome = { files: [], gone: [], failed: [] };
  for (const ref of refs ?? []) {
    if (!render) {
      out.failed.push({ ref, reason: 'this mailer cannot make attachments' });
      continue;
    }
    try {
      const file = await render(ref);
      if (file) out.files.push(file);
      else out.gone.push(ref);
    } catch (err) {
      out.failed.push({ ref, reason: (err as Error).message.slice(0, 200) });
    }
  }
  return out;
}

/** The attachment references a stored row holds (jsonb), keeping only well-formed ones. */
export function attachmentRefsOf(value: unknown): MailAttachmentRef[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (r): r is MailAttachmentRef =>
      !!r && (r as MailAttachmentRef).kind === 'invoice' && Number.isSafeInteger((r as MailAttachmentRef).id),
  );
}
