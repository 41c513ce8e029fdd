import { defineCatalogue, defineAnswerCatalogue } from '../../../lib/i18n.ts';
import en from './en.ts';
import te from './te.ts';
import answersEn from './answers.en.ts';
import answersTe from './answers.te.ts';

/** The words of customer mails and WhatsApp messages about orders. */
export const notifyText = defineCatalogue('notify', en, te);
/** Answers about the shop's notes to customers. */
export const notifyAnswers = defineAnswerCatalogue('notify.answers', answersEn, answersTe);
