import { defineCatalogue, defineAnswerCatalogue } from '../../../lib/i18n.ts';
import en from './en.ts';
import te from './te.ts';
import answersEn from './answers.en.ts';
import answersTe from './answers.te.ts';

/** The account mails (password reset, password changed). */
export const accountText = defineCatalogue('auth', en, te);
/** Sign-up, sign-in and password answers. */
export const authAnswers = defineAnswerCatalogue('auth.answers', answersEn, answersTe);
