/** A document that cannot be made into a PDF, with the words the customer is told. */
export class ConvertError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}
