import { z } from 'zod';
import { bodyReadByHandler, defineRoute, fileFieldSchema } from '../common/contract.ts';
import { pdfUploadResultSchema } from '../files/schemas.ts';
import { walkInOrderResultSchema, walkInOrderSchema } from './schemas.ts';

const tags = ['back office'] as const;

/** Walk-in orders at the counter (decision 025), for staff and the admin. */
export const walkInRoutes = {
  upload: defineRoute('POST', '/api/counter/uploads', {
    summary: 'Upload a file at the counter',
    description: "Staff or the admin. The customers' upload pipeline and limits (see POST /api/pdf/upload); the file belongs to the clerk until the order takes it.",
    tags,
    consumes: ['multipart/form-data'],
    body: bodyReadByHandler(z.object({ file: fileFieldSchema }), 'multipart/form-data, streamed to storage as it arrives: the handler checks the file.'),
    response: { 201: pdfUploadResultSchema },
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
