import { z } from 'zod';
import { defineRoute, idParamsSchema, noContentSchema } from '../common/contract.ts';
import { mobileNumberSchema } from './schemas.ts';

/** A delivery address the customer used before, offered again at checkout. */
export const savedAddressSchema = z.object({
  id: z.number().int(),
  doorNumber: z.string(),
  address: z.string(),
  landmark: z.string().nullable(),
  pincode: z.string(),
  mobileNumber: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** GET /api/profile/saved-details: kept from paid orders, newest first. */
export const savedDetailsSchema = z
  .object({ mobileNumber: z.string().nullable(), addresses: z.array(savedAddressSchema) })
  .meta({ id: 'SavedDetails' });
export type SavedDetails = z.infer<typeof savedDetailsSchema>;

/** PUT /api/profile/mobile: a valid Indian mobile number, or '' to forget it. */
export const savedMobileSchema = z.object({ mobileNumber: z.union([z.literal(''), mobileNumberSchema]) });

const tags = ['payment & orders'] as const;

/** The customer's saved mobile number and delivery addresses. */
export const profileRoutes = {
  savedDetails: defineRoute('GET', '/api/profile/saved-details', {
    summary: 'Saved mobile number and addresses',
    description: 'Customer.',
    tags,
    response: { 200: savedDetailsSchema },
  }),
  setMobile: defineRoute('PUT', '/api/profile/mobile', {
    summary: 'Change or forget the saved mobile number',
    description: "Customer. '' forgets it. Answers the saved details.",
    tags,
    body: savedMobileSchema,
    response: { 200: savedDetailsSchema },
  }),
  removeAddress: defineRoute('DELETE', '/api/profile/addresses/:id', {
    summary: 'Forget a saved address',
    description: "Customer; own addresses only, else 404 'Address not found'.",
    tags,
    params: idParamsSchema('Address not found'),
    response: { 204: noContentSchema },
  }),
};
