import { z } from 'zod';

/**
 * Every `code` the API answers a refusal or failure with: one list, so a client can switch on it and the server
 * cannot invent one (its AppError takes only these). Grouped by who meets them.
 */
export const ERROR_CODES = [
  // Any route
  'bad_request',
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'bad_origin',
  'invalid_characters',
  'invalid_json',
  'empty_body',
  'unsupported_media_type',
  'body_too_large',
  'unavailable',
  'internal',
  // Accounts and staff
  'email_taken',
  'invalid_credentials',
  'too_many_attempts',
  'invalid_reset_token',
  'duplicate_mobile',
  'too_many_streams',
  // Uploads, PDFs and conversion
  'no_file',
  'not_multipart',
  'too_many_files',
  'too_many_fields',
  'file_too_large',
  'too_large',
  'invalid_file_type',
  'pdf_password_protected',
  'pdf_unreadable',
  'pdf_too_many_pages',
  'pdf_page_tree_damaged',
  'pdf_too_complex',
  'pdf_too_slow',
  'pdf_busy',
  'pdf_unavailable',
  'page_unavailable',
  'preview_failed',
  'colour_unavailable',
  'document_unreadable',
  'convert_password',
  'convert_busy',
  'convert_timeout',
  'convert_broken',
  'convert_too_large',
  'convert_too_complex',
  'convert_cancelled',
  'image_too_large',
  'storage_failed',
  'copy_failed',
  // Kept files (decision 026)
  'file_deleted',
  'not_downloadable',
  'not_handed_over',
  'order_not_ready',
  'sensitive_document',
  // Quotas (decision 012)
  'upload_quota',
  'draft_quota',
  'uploads_in_progress',
  // Prices, payments and orders
  'print_options_not_offered',
  'price_changed',
  'amount_too_large',
  'payment_required',
  'payment_failed',
  'payment_verification_failed',
  'payment_mismatch',
  'payment_not_completed',
  'payment_unconfirmed',
  'payment_provider_unavailable',
  'payment_provider_error',
  'bad_signature',
  'draft_expired',
  'status_not_allowed',
  // Pickup codes and messages
  'wrong_pickup_code',
  'too_many_pickup_tries',
  'already_collected',
  'pickup_code_unknown',
  'pickup_code_ambiguous',
  'too_many_pickup_searches',
  'too_many_messages',
  'pickup_code_required',
  'too_many_sends_to_recipient',
  // Walk-in orders
  'request_key_reused',
  // Refunds and GST documents
  'refund_too_much',
  'refund_refused',
  'refund_unconfirmed',
  'refund_provider_mismatch',
  'refund_not_bounced',
  'refund_already_handed_back',
  'no_invoice',
  'credit_too_much',
  'gstr1_not_regular',
  // Printing (decision 014)
  'agent_unauthorized',
  'stale_job',
  'job_failed',
  'job_state',
  'already_printed',
  'already_printing',
  'no_document',
  'no_printer',
  'printer_no_colour',
  'printer_no_media',
  'printer_no_pdf',
  'agent_prints_cups_only',
  'printer_name_taken',
  'printer_not_direct',
  'printer_in_use',
  'paper_only',
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES).meta({ id: 'ErrorCode' });
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** Every non-2xx API answer: the message is for the person, the code for the program, `fields` for a form. */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    code: errorCodeSchema,
    /** A form's fields and what is wrong with each (validation errors). */
    fields: z.record(z.string(), z.string()).optional(),
    /** `price_changed`: the server's price in paise, for the customer to review. */
    expectedAmount: z.number().optional(),
    /** The payment verification routes: false on every refusal (the original API's shape). */
    verified: z.literal(false).optional(),
    success: z.literal(false).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;
/** What an error may carry besides message, code and fields. */
export type ApiErrorExtras = Pick<ApiError, 'expectedAmount' | 'verified' | 'success'>;
