import type { Account, StaffMember } from '@shop/shared/auth/admin-routes';
import type { StaffCreateInput, StaffUpdateInput } from '@shop/shared/auth/staff';
import type { catalogRoutes } from '@shop/shared/catalog/routes';
import type { Service } from '@shop/shared/catalog/schemas';
import type { AnswerOf, MessageAnswer } from '@shop/shared/common/contract';
import type { BackOfficeQuery, CounterCounts, OrderStats } from '@shop/shared/orders/back-office-routes';
import type { StaffSend } from '@shop/shared/orders/messages';
import type { BackOfficeOrderView as BackOfficeOrder } from '@shop/shared/orders/order';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPage } from '@/lib/api-client';

export type { Account, BackOfficeOrder, CounterCounts, OrderStats, StaffMember };
/** The back-office list filters as the web app sets them (`shared`'s query schema; `'all'` means no filter). */
export type OrderFilters = Partial<Omit<BackOfficeQuery, 'filter'>>;

/** Back-office lists refresh every 5 s; the live stream makes them refresh at once. */
export const BACK_OFFICE_POLL_MS = 5_000;

const getOrderPage = (base: string, f: OrderFilters) => apiPage<BackOfficeOrder>(base, f);

export const adminOrdersQueryOptions = (f: OrderFilters) =>
  queryOptions({
    queryKey: ['orders', 'admin', f],
    queryFn: () => getOrderPage('/api/admin/orders', f),
    refetchInterval: BACK_OFFICE_POLL_MS,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });
export const useAdminOrders = (f: OrderFilters) => useQuery(adminOrdersQueryOptions(f));

export const staffOrdersQueryOptions = (f: OrderFilters) =>
  queryOptions({
    queryKey: ['orders', 'staff', f],
    queryFn: () => getOrderPage('/api/staff/orders', f),
    refetchInterval: BACK_OFFICE_POLL_MS,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });
export const useStaffOrders = (f: OrderFilters) => useQuery(staffOrdersQueryOptions(f));

export const useCounterCounts = () =>
  useQuery({
    queryKey: ['orders', 'staff', 'counts'],
    queryFn: () => api<CounterCounts>('/api/staff/orders/counts'),
    refetchInterval: BACK_OFFICE_POLL_MS,
    staleTime: 2_000,
  });

export const useAccounts = (q: { search?: string; limit: number; offset: number }) =>
  useQuery({
    queryKey: ['accounts', q],
    queryFn: () => apiPage<Account>('/api/admin/users', q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useStats = () =>
  useQuery({
    queryKey: ['orders', 'stats'],
    queryFn: () => api<OrderStats>('/api/admin/orders/stats'),
    refetchInterval: BACK_OFFICE_POLL_MS,
    staleTime: 2_000,
  });

/** Status change for the admin or the staff; every order list is refreshed afterwards. */
export function useSetStatus(scope: 'admin' | 'staff') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: number; status: string; reason?: string }) =>
      api<BackOfficeOrder>(`/api/${scope}/orders/${id}/status`, {
        method: 'PATCH',
        body: reason ? { status, reason } : { status },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}

// ---- Services
export const useAllServices = () =>
  useQuery({
    queryKey: ['services', 'admin-all'],
    queryFn: () => api<Service[]>('/api/admin/services/all'),
    staleTime: 5_000,
  });
export function useServiceMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['services'] });
  return {
    toggle: useMutation({
      mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
        api<Service>(`/api/admin/services/${id}/status`, { method: 'PATCH', body: { isActive } }),
      onSettled: done,
    }),
    bulk: useMutation({
      mutationFn: (isActive: boolean) =>
        api<AnswerOf<typeof catalogRoutes.setAllActive>>('/api/admin/services/bulk-status', {
          method: 'PATCH',
          body: { isActive },
        }),
      onSettled: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api<MessageAnswer>(`/api/admin/services/${id}`, { method: 'DELETE' }),
      onSettled: done,
    }),
    save: useMutation({
      mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
        id
          ? api<Service>(`/api/admin/services/${id}`, { method: 'PUT', body: form })
          : api<Service>('/api/admin/services', { method: 'POST', body: form }),
      onSettled: done,
    }),
  };
}

// ---- Staff
/** What staff had the shop send in their words or to an address they typed (decision 033), newest first. */
export const useStaffSends = (recipient: string) =>
  useQuery({
    queryKey: ['staff-sends', recipient],
    queryFn: () =>
      api<StaffSend[]>(
        `/api/admin/staff-sends?limit=100${recipient ? `&recipient=${encodeURIComponent(recipient)}` : ''}`,
      ),
    staleTime: 5_000,
  });
export const useStaffList = () =>
  useQuery({ queryKey: ['staff'], queryFn: () => api<StaffMember[]>('/api/admin/staff'), staleTime: 5_000 });
export function useStaffMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['staff'] });
  return {
    create: useMutation({
      mutationFn: (body: StaffCreateInput) => api<StaffMember>('/api/admin/staff', { method: 'POST', body }),
      onSettled: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: StaffUpdateInput }) =>
        api<StaffMember>(`/api/admin/staff/${id}`, { method: 'PUT', body }),
      onSettled: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api<MessageAnswer>(`/api/admin/staff/${id}`, { method: 'DELETE' }),
      onSettled: done,
    }),
  };
}
