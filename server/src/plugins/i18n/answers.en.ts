/**
 * The server's general answers, in English exactly as the server sends them (plugins/errors.ts, plugins/auth.ts,
 * app.ts). Each area keeps its own messages next to its code (modules/<area>/i18n/answers.en.ts).
 */
export default {
  unavailable: 'The shop is briefly unavailable. Please try again in a moment.',
  internal: 'Something went wrong on our side. Please try again.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  invalidCharacters: 'The request contains characters that are not allowed.',
  notFound: 'Not found',
  invalidRequest: 'Invalid request',
  invalidRequestDot: 'Invalid request.',
  invalidJson: 'The request body is not valid JSON.',
  emptyBody: 'The request body is empty.',
  tooLarge: 'The request is too large.',
  oneFile: 'Upload one file at a time.',
  expectedUpload: 'Expected a file upload (multipart/form-data).',
  tooManyFields: 'Too many form fields.',
  signIn: 'Please sign in to continue.',
  noPermission: 'You do not have permission to do that.',
  customerOnly: 'This page is for customer accounts.',
  staffOnly: 'Only shop staff can do that.',
  adminOnly: 'Only the shop admin can do that.',
  badOrigin: 'This request did not come from the shop’s own pages.',
} as const;
