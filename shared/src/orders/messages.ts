import { z } from 'zod';
import { hasBidiControls } from '../auth/schemas.ts';

export const MESSAGE_MAX = 500;
export const MESSAGE_TEXTS = {
  short: 'Write the message (at least 2 characters)',
  long: `Keep the message under ${MESSAGE_MAX} characters`,
  bidi: 'The message contains hidden text-direction characters; please retype it',
  controls: 'The message contains characters that are not allowed',
};

/** A note from the shop to the customer about their order. */
export const orderMessageSchema = z.object({
  body: z
    .string({ error: MESSAGE_TEXTS.short })
    .trim()
    .min(2, MESSAGE_TEXTS.short)
    .max(MESSAGE_MAX, MESSAGE_TEXTS.long)
    .refine((b) => !hasBidiControls(b), MESSAGE_TEXTS.bidi)
    .refine((b) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(b), MESSAGE_TEXTS.controls),
});

export interface OrderMessageDto {
  id: number;
  body: string;
  /** The shop's person who wrote it (first name as staff signed in). */
  from: string;
  created_at: string;
}
