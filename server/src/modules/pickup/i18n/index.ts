import { defineErrorCatalogue } from '../../../lib/i18n.ts';
import en from './errors.en.ts';
import te from './errors.te.ts';

/** What the counter is told when a pickup code is refused. */
export const pickupErrors = defineErrorCatalogue('pickup.errors', en, te);
