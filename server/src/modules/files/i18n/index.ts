import { defineAnswerCatalogue } from '../../../lib/i18n.ts';
import en from './answers.en.ts';
import te from './answers.te.ts';

/** Upload refusals and file answers. */
export const fileAnswers = defineAnswerCatalogue('files.answers', en, te);
