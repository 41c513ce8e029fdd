import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Always stored lower-cased and trimmed. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /**
     * The password was checked, when it was set, to meet the admin rule (12+ characters, upper, lower, digit, symbol).
     * False when unknown or weak: a production start refuses an admin whose stored password is not known strong.
     */
    passwordStrong: boolean('password_strong').notNull().default(false),
    /** The customer's mobile number, kept from checkout or the profile (10 digits), offered by the order wizard. */
    mobileNumber: text('mobile_number'),
    /** The language the customer chose (decision 027): `en` or `te`; null follows the browser's language. */
    language: text('language', { enum: ['en', 'te'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin's account list is newest first, a page at a time.
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_created_idx').on(t.createdAt, t.id)],
);

/**
 * Sessions for customers, the admin and staff. Only the SHA-256 of the token is stored.
 * Exactly one of userId / staffId is set, according to kind.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['user', 'staff'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_staff_idx').on(t.staffId)],
);

/** Password-reset tokens. The token itself is never stored, only its hash. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    type: text('type').notNull().default('password_reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Sign-in attempt counters (per address and account, per address, per account, per known device), shared by every
 * server copy. `lockedUntil` is when the next attempt may be made (decision 011).
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  /** The count starts again after a quiet period since the last attempt that was not a success. */
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Browsers where an account signed in before (the HttpOnly device cookie's token, hashed): their sign-ins are not
 * slowed by strangers' failures on that account. `accountKey` is a hash of the account's e-mail or staff number.
 */
export const authDevices = pgTable(
  'auth_devices',
  {
    tokenHash: text('token_hash').notNull(),
    accountKey: text('account_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.accountKey] }),
    index('auth_devices_account_idx').on(t.accountKey, t.lastUsedAt),
  ],
);

/**
 * Delivery addresses a customer has used: saved at checkout, offered by the wizard, deleted from
 * the profile. At most SAVED_ADDRESSES_MAX per customer, the least recently used dropped first.
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doorNumber: text('door_number').notNull(),
    address: text('address').notNull(),
    landmark: text('landmark'),
    pincode: text('pincode').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_addresses_user_idx').on(t.userId, t.lastUsedAt),
    uniqueIndex('saved_addresses_same_idx').on(t.userId, t.doorNumber, t.address, t.pincode),
  ],
);
