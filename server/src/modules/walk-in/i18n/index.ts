import { defineAnswerCatalogue } from '../../../lib/i18n.ts';
import en from './answers.en.ts';
import te from './answers.te.ts';

/** The counter's walk-in order answers. */
export const walkInAnswers = defineAnswerCatalogue('walk-in.answers', en, te);
