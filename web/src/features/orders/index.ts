/** What other features use of ordering: the print choices (the service decides the print), for the counter's walk-in form. */
export { PrintChoiceFields } from './components/print-choice-fields';
export { selectPrint, type PrintSelection, type SettledSelection } from './print-selection';
