import { defineAnswerCatalogue } from '../../../lib/i18n.ts';
import en from './answers.en.ts';
import te from './answers.te.ts';

/** Checkout and payment answers. */
export const paymentAnswers = defineAnswerCatalogue('payments.answers', en, te);
