import { defineAnswerCatalogue } from '../../../lib/i18n.ts';
import en from './answers.en.ts';
import te from './answers.te.ts';

/** Answers about print choices, documents, page ranges and delivery details. */
export const orderAnswers = defineAnswerCatalogue('orders.answers', en, te);
