import { defineAnswerCatalogue } from '../../../lib/i18n.ts';
import en from './answers.en.ts';
import te from './answers.te.ts';

/** Quota and rate-limit refusals. */
export const quotaAnswers = defineAnswerCatalogue('quotas.answers', en, te);
