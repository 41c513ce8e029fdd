/**
 * What other features use of ordering, for the counter's walk-in form: the print choices (the service decides the
 * print) and the colour choice.
 */
export { PrintChoiceFields } from './components/print-choice-fields';
export { ColourModeFields } from './components/colour-mode-fields';
export { selectPrint, type PrintSelection, type SettledSelection } from './print-selection';
