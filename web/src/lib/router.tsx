/**
 * The web app's routing (docs/decisions/048-first-page-weight.md): wouter underneath, with the few pieces the app uses
 * in the shape React Router gave them (Link, NavLink, Navigate, useNavigate, useLocation, useParams,
 * useSearchParams). React Router's one module weighed 12.5 KB gzip of the first page; wouter is about 2 KB.
 * Pages import routing from here, not from 'wouter': the one place that knows the router.
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import {
  matchRoute,
  Redirect,
  Route,
  Router,
  Switch,
  useLocation as useRouterLocation,
  useParams as useRouteParams,
  useRouter,
  useSearchParams as useRouterSearchParams,
} from 'wouter';
import { navigate as historyNavigate, useLocationProperty, usePathname } from 'wouter/use-browser-location';

export { Route, Switch };

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  state?: unknown;
}
export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

/**
 * Every navigation gets a new key in history.state (as React Router did): a screen can tell one visit of a path from
 * the next (the phone menu closes on a link to the page it is on), and the key comes back with the entry on Back.
 */
const navigateKeyed: NavigateFunction = (to, options) =>
  historyNavigate(to, {
    replace: options?.replace,
    state: { key: Math.random().toString(36).slice(2, 10), usr: options?.state ?? null },
  });
const useKeyedLocation = (): [string, NavigateFunction] => [usePathname(), navigateKeyed];

/** The router of the app, on the browser's address bar and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  // wouter takes the location hook itself, and calls it as a hook in every component that reads the location.
  // oxlint-disable-next-line react-hooks/rules-of-hooks
  return <Router hook={useKeyedLocation}>{children}</Router>;
}

/** A test of whether a route path ('/admin/services/:id') matches a pathname, as the routes match them. */
export function usePathMatcher(): (pattern: string, pathname: string) => boolean {
  const { parser } = useRouter();
  return (pattern, pathname) => matchRoute(parser, pattern, pathname)[0];
}

export function useNavigate(): NavigateFunction {
  return useRouterLocation()[1];
}

const historyKey = () => (history.state as { key?: string } | null)?.key ?? 'default';
const currentSearch = () => location.search;

/** Where the browser is: `pathname`, `search` ('?…' or ''), and `key`, new on each navigation. */
export function useLocation(): { pathname: string; search: string; key: string } {
  const pathname = usePathname();
  const search = useLocationProperty(currentSearch);
  const key = useLocationProperty(historyKey);
  return { pathname, search, key };
}

/** The matched route's params (`:id` → `id`), as strings. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useRouteParams();
}

/** The query string's params, and a setter that navigates to the same path with new ones. */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | Record<string, string> | string, options?: NavigateOptions) => void,
] {
  return useRouterSearchParams();
}

/** Navigates as soon as it is rendered (a guard sending someone elsewhere). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} />;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A link inside the app: a real <a href> that navigates without reloading (a new tab or a download still works). */
export function Link({ to, replace, state, onClick, ...anchor }: LinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (anchor.target && anchor.target !== '_self') ||
      anchor.download !== undefined
    )
      return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...anchor} href={to} onClick={follow} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this very path, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/**
 * A link in a menu: active (`aria-current="page"`, and the className function's `isActive`) on its path and below it
 * ('/admin/services' on '/admin/services/4'), on its path only with `end`; '/' is active on '/' only.
 */
export function NavLink({ end, className, to, ...link }: NavLinkProps) {
  const here = usePathname().toLowerCase();
  const target = to.split('?')[0]!.toLowerCase();
  const isActive = here === target || (!end && target !== '/' && here.startsWith(`${target.replace(/\/$/, '')}/`));
  return (
    <Link
      {...link}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
