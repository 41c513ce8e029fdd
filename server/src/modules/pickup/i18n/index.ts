import { defineAnswerCatalogue } from '../../../lib/i18n.ts';
import en from './answers.en.ts';
import te from './answers.te.ts';

/** What the counter is told when a pickup code is refused. */
export const pickupAnswers = defineAnswerCatalogue('pickup.answers', en, te);
