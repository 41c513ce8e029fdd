import { paths } from '@/config/paths';
import { screen, Screens } from '../../screens';

/** The counter: the walk-in order, and the queue on '/staff', '/staff/dashboard' and any other '/staff/…'. */
export const screens = [
  screen(paths.staffWalkIn, () => import('./walk-in')),
  screen('/staff/*?', () => import('./staff-dashboard')),
];

/** '/staff' and below: the counter's own chunk, with its route table (app/router.tsx guards it). */
export default function StaffArea() {
  return <Screens screens={screens} />;
}
