import type { ErrorCode } from '@shop/shared/common/errors';

/** A document that cannot be made into a PDF, with the words the customer is told. */
export class ConvertError extends Error {
  constructor(
    readonly code: Extract<ErrorCode, 'invalid_file_type' | 'image_too_large' | `convert_${string}`>,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}
