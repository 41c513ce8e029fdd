import { z } from 'zod';
import { LANGUAGES } from './language.ts';

/** The account's language as requests carry it: `en` or `te` (docs/decisions/027-telugu.md). */
export const languageSchema = z.enum(LANGUAGES, { error: 'Language must be en or te' });
