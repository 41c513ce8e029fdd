/** What the customer reads about their files (decision 026; the English is shared/src/files/retention.ts's). */
export default {
  title: 'Your files',
  promiseBeforeReady: 'Your files are deleted {days, plural, one {# day} other {# days}} after your order is ready.',
  promiseDated:
    'Your files are deleted on {date}, {days, plural, one {# day} other {# days}} after your order was ready.',
  sensitivePromise: 'Sensitive documents are deleted as soon as you collect your order.',
  sensitivePromiseDelivery: 'Sensitive documents are deleted as soon as your order is delivered.',
  deletedOn: 'Your files were deleted on {date}.',
  deleted: 'Your files are deleted.',
  deleteNow: 'Delete my files now',
  deleteConfirmTitle: 'Delete your files now?',
  deleteConfirm:
    'Delete the files of this order now? The shop keeps the order and its bill, but cannot print it again from these files.',
  deleting: 'Deleting…',
  cancel: 'Cancel',
  deleteFailed: 'Your files could not be deleted. Please try again.',
  sensitiveLabel: 'Sensitive document (ID card, certificate)',
  sensitiveHint:
    'The shop prints it but cannot download it, and deletes it as soon as your order is collected or delivered.',
} as const;
