import type { Account, StaffMember } from '@shop/shared/auth/admin-routes';
import type { StaffCreateInput, StaffUpdateInput } from '@shop/shared/auth/staff';
import type { CounterCounts, OrderStats } from '@shop/shared/orders/back-office-routes';
import type { BackOfficeOrderView as BackOfficeOrder } from '@shop/shared/orders/order';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { callPage } from '@/lib/api-page';
import type { CallBody, CallQuery } from '@/lib/api-routes';

export type { Account, BackOfficeOrder, CounterCounts, OrderStats, StaffMember };
/** The back-office list filters as the web app sets them (`shared`'s query schema; `'all'` means no filter). */
export type OrderFilters = Omit<CallQuery<'GET /api/admin/orders'>, 'filter'>;
/** A status change as the admin's and the counter's routes take it. */
export type StatusChange = CallBody<'PATCH /api/admin/orders/:id/status'>;

/** Back-office lists refresh every 5 s; the live stream makes them refresh at once. */
export const BACK_OFFICE_POLL_MS = 5_000;

export const adminOrdersQueryOptions = (f: OrderFilters) =>
  queryOptions({
    queryKey: ['orders', 'admin', f],
    queryFn: () => callPage('GET /api/admin/orders', { query: f }),
    refetchInterval: BACK_OFFICE_POLL_MS,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });
export const useAdminOrders = (f: OrderFilters) => useQuery(adminOrdersQueryOptions(f));

export const staffOrdersQueryOptions = (f: OrderFilters) =>
  queryOptions({
    queryKey: ['orders', 'staff', f],
    queryFn: () => callPage('GET /api/staff/orders', { query: f }),
    refetchInterval: BACK_OFFICE_POLL_MS,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });
export const useStaffOrders = (f: OrderFilters) => useQuery(staffOrdersQueryOptions(f));

export const useCounterCounts = () =>
  useQuery({
    queryKey: ['orders', 'staff', 'counts'],
    queryFn: () => call('GET /api/staff/orders/counts'),
    refetchInterval: BACK_OFFICE_POLL_MS,
    staleTime: 2_000,
  });

export const useAccounts = (q: { search?: string; limit: number; offset: number }) =>
  useQuery({
    queryKey: ['accounts', q],
    queryFn: () => callPage('GET /api/admin/users', { query: q }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useStats = () =>
  useQuery({
    queryKey: ['orders', 'stats'],
    queryFn: () => call('GET /api/admin/orders/stats'),
    refetchInterval: BACK_OFFICE_POLL_MS,
    staleTime: 2_000,
  });

/** Status change for the admin or the staff; every order list is refreshed afterwards. */
export function useSetStatus(scope: 'admin' | 'staff') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: StatusChange & { id: number }) =>
      call(scope === 'admin' ? 'PATCH /api/admin/orders/:id/status' : 'PATCH /api/staff/orders/:id/status', {
        params: { id },
        body: reason ? { status, reason } : { status },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}

// ---- Services
/** Every service, hidden ones too (the admin's catalogue). */
export const getAllServices = () => call('GET /api/admin/services/all');
export const useAllServices = () =>
  useQuery({
    queryKey: ['services', 'admin-all'],
    queryFn: getAllServices,
    staleTime: 5_000,
  });
export function useServiceMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['services'] });
  return {
    toggle: useMutation({
      mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
        call('PATCH /api/admin/services/:id/status', { params: { id }, body: { isActive } }),
      onSettled: done,
    }),
    bulk: useMutation({
      mutationFn: (isActive: boolean) => call('PATCH /api/admin/services/bulk-status', { body: { isActive } }),
      onSettled: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('DELETE /api/admin/services/:id', { params: { id } }),
      onSettled: done,
    }),
    save: useMutation({
      mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
        id
          ? call('PUT /api/admin/services/:id', { params: { id }, body: form })
          : call('POST /api/admin/services', { body: form }),
      onSettled: done,
    }),
  };
}

// ---- Staff
/** What staff had the shop send in their words or to an address they typed (decision 033), newest first. */
export const useStaffSends = (recipient: string) =>
  useQuery({
    queryKey: ['staff-sends', recipient],
    queryFn: () => call('GET /api/admin/staff-sends', { query: { limit: 100, recipient } }),
    staleTime: 5_000,
  });
export const useStaffList = () =>
  useQuery({ queryKey: ['staff'], queryFn: () => call('GET /api/admin/staff'), staleTime: 5_000 });
export function useStaffMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['staff'] });
  return {
    create: useMutation({
      mutationFn: (body: StaffCreateInput) => call('POST /api/admin/staff', { body }),
      onSettled: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: StaffUpdateInput }) =>
        call('PUT /api/admin/staff/:id', { params: { id }, body }),
      onSettled: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('DELETE /api/admin/staff/:id', { params: { id } }),
      onSettled: done,
    }),
  };
}
