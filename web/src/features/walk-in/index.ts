/** The counter's walk-in order screen, composed by the staff and admin routes. */
export { WalkInScreen } from './components/walk-in-screen';
export { useWalkInTexts } from './texts';
