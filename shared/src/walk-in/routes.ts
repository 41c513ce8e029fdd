import { z } from 'zod';
import { bodyReadByHandler, defineRoute, fileFieldSchema } from '../common/contract.ts';
import { colourPagesSchema } from '../files/routes.ts';
import { pdfUploadResultSchema } from '../files/schemas.ts';
import { walkInOrderResultSchema, walkInOrderSchema } from './schemas.ts';

const tags = ['back office'] as const;

/** Walk-in orders at the counter (decision 025), for staff and the admin. */
export const walkInRoutes = {
  upload: defineRoute('POST', '/api/counter/uploads', {
    summary: 'Upload a file at the counter',
    description:
      "Staff or the admin. The customers' upload pipeline and limits (see POST /api/pdf/upload); the file belongs to the clerk until the order takes it.",
    tags,
    consumes: ['multipart/form-data'],
    body: bodyReadByHandler(
      z.object({ file: fileFieldSchema }),
      'multipart/form-data, streamed to storage as it arrives: the handler checks the file.',
    ),
    response: { 201: pdfUploadResultSchema },
  }),
  colours: defineRoute('GET', '/api/counter/uploads/:fileId/colours', {
    summary: 'Which pages of a counter upload hold colour',
    description:
      'Staff or the admin, for their own counter uploads (404 \'File not found. Upload it again.\' otherwise): 1-based pages, found once and kept (decision 016), so the counter can sell "colour pages in colour, the rest black & white" as the online shop does.',
    tags,
    params: z.object({ fileId: z.string().max(100, 'File not found. Upload it again.') }),
    response: { 200: colourPagesSchema },
  }),
  order: defineRoute('POST', '/api/counter/orders', {
    summary: 'Enter a walk-in order, paid in cash or by UPI at the counter',
    description:
      "Staff or the admin. Files uploaded at the counter (the clerk's own uploads: 404 'File not found. Upload it again.' otherwise) and paper originals (pages counted by staff, 1–2000); the clerk confirms the money is in hand. 409 `price_changed` with `expectedAmount` when `amount` (paise) is not the server's price; 400 / 404 as for calculate-cost (naming the document); 400 `amount_too_large` over ₹10,00,000. The same `requestKey` again answers 200 with the order made then (`created: false`).",
    tags,
    body: walkInOrderSchema,
    response: { 201: walkInOrderResultSchema, 200: walkInOrderResultSchema },
  }),
};
