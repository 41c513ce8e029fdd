import type { PublicStaff, PublicUser } from '@shop/shared/auth/schemas';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, call } from './api-client';
import { forgetPlacedOrders } from './placed-orders';

/**
 * Whether this browser holds a session: the server sets a readable `ps_signed_in` cookie next to the HttpOnly
 * session cookie. Without it nobody is signed in, so a visitor's page renders at once, without asking the server
 * (the current user is fetched only when a session exists).
 */
export function hasSessionHint(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)ps_signed_in=1(?:;|$)/.test(document.cookie);
}

/** The signed-in customer or admin, or null. 401 means signed out, not an error. */
export async function getCurrentUser(): Promise<PublicUser | null> {
  if (!hasSessionHint()) return null;
  try {
    return await call('GET /api/auth/user');
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: ['auth', 'user'],
  queryFn: getCurrentUser,
  // Known at once for a visitor: no spinner, no request.
  initialData: () => (hasSessionHint() ? undefined : null),
  retry: false,
  staleTime: 30_000,
});

export function useUser() {
  return useQuery(currentUserQueryOptions);
}

export function isAdmin(user: PublicUser | null | undefined): boolean {
  return user?.role === 'admin';
}

export async function getCurrentStaff(): Promise<PublicStaff | null> {
  if (!hasSessionHint()) return null;
  try {
    return await call('GET /api/auth/staff/me');
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
}

export const currentStaffQueryOptions = queryOptions({
  queryKey: ['auth', 'staff'],
  queryFn: getCurrentStaff,
  initialData: () => (hasSessionHint() ? undefined : null),
  retry: false,
  staleTime: 30_000,
});

export function useStaff() {
  return useQuery(currentStaffQueryOptions);
}

/** Signs out on the server (failures are only logged) and clears everything cached for the old identity. */
export function useSignOut() {
  const qc = useQueryClient();
  return useCallback(async () => {
    try {
      await call('POST /api/auth/logout');
    } catch (err) {
      console.warn('logout failed', err);
    }
    try {
      localStorage.removeItem('auth_token');
      localStorage.removeItem('admin_user');
      localStorage.removeItem('staffData');
      localStorage.removeItem('userRole');
      localStorage.removeItem('token');
      forgetPlacedOrders();
    } catch {
      /* storage may be unavailable */
    }
    qc.setQueryData(currentUserQueryOptions.queryKey, null);
    qc.setQueryData(currentStaffQueryOptions.queryKey, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
  }, [qc]);
}
