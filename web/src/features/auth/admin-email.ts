/**
 * The admin's sign-in e-mail, remembered by this browser after the admin signed in here (decision 011): the server
 * never publishes it, so a new device types it once. Only the e-mail is kept, never a password or token.
 */
const KEY = 'ps_admin_email';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStore(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage switched off (private mode, policy)
  }
}

export function rememberedAdminEmail(store: KeyValueStore | null = browserStore()): string | null {
  try {
    const value = store?.getItem(KEY)?.trim();
    return value && value.length <= 254 && value.includes('@') ? value : null;
  } catch {
    return null;
  }
}

export function rememberAdminEmail(email: string, store: KeyValueStore | null = browserStore()): void {
  try {
    store?.setItem(KEY, email.trim().toLowerCase());
  } catch {
    /* nothing to remember with */
  }
}

export function forgetAdminEmail(store: KeyValueStore | null = browserStore()): void {
  try {
    store?.removeItem(KEY);
  } catch {
    /* nothing to forget */
  }
}
