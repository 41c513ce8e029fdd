import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { FullScreenSpinner } from '@/components/ui/card';
import { Route, Switch } from '@/lib/router';

export type Load = () => Promise<{ default: ComponentType }>;
type Guard = ComponentType<{ children: ReactNode }>;

/** One screen of the app: its address (a route path), what it shows, and its chunk. */
export interface Screen {
  path: string;
  element: ReactNode;
  /** The screen's chunk: fetched as soon as its address is known, while a guard may still ask who is signed in. */
  load?: Load;
}

/** Every screen is its own chunk (the back office never loads into a customer's first page), behind its guard. */
export function screen(path: string, load: Load, guard?: Guard): Screen {
  const Component = lazy(load);
  const page = (
    <Suspense fallback={<FullScreenSpinner />}>
      <Component />
    </Suspense>
  );
  const Guard = guard;
  return { path, load, element: Guard ? <Guard>{page}</Guard> : page };
}

/** The first of `screens` whose path matches the address (in their order), else `fallback`. */
export function Screens({ screens, fallback }: { screens: Screen[]; fallback?: ReactNode }) {
  return (
    <Switch>
      {screens.map((s) => (
        <Route key={s.path} path={s.path}>
          {s.element}
        </Route>
      ))}
      {fallback !== undefined && <Route>{fallback}</Route>}
    </Switch>
  );
}

/** The customer's not-found page (also shown for an unknown address in the back office). */
export const notFound = screen('*', () => import('./routes/public/not-found'));
