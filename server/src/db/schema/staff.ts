import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  mobileNumber: text('mobile_number').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** The clerk's language (`en`, `te`; null: the browser's), suggested to a device without one (decision 039). */
  language: text('language', { enum: ['en', 'te'] }),
  /** Set when the admin deletes the staff member: deactivated for good, can never sign in again. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
