/** The account mails in English (docs/decisions/029-mail-attachments-and-languages.md). */
export default {
  hello: 'Hello {name},',
  resetSubject: 'Reset your password',
  resetAsked: 'We received a request to reset the password of your account. Open this link to choose a new password:',
  resetOnce:
    'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  changedSubject: 'Your password was changed',
  changedBody:
    'The password of your {shop} account was just changed, and every device that was signed in has been signed out.',
  changedNotYou:
    'If this was you, there is nothing more to do. If it was not, reset your password at {url} and contact the shop.',
} as const;
