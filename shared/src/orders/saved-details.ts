import { z } from 'zod';
import { mobileNumberSchema } from './schemas.ts';

/** A delivery address the customer used before (issue 12, item 7). */
export interface SavedAddress {
  id: number;
  doorNumber: string;
  address: string;
  landmark: string | null;
  pincode: string;
  mobileNumber: string;
}

/** GET /api/profile/saved-details */
export interface SavedDetails {
  mobileNumber: string | null;
  addresses: SavedAddress[];
}

/** PUT /api/profile/mobile: a valid Indian mobile number, or '' to forget it. */
export const savedMobileSchema = z.object({ mobileNumber: z.union([z.literal(''), mobileNumberSchema]) });
