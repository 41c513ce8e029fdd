import type { Service } from '@shop/shared/catalog/schemas';
import type { Order } from '@shop/shared/orders/order';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

export interface BackOfficeOrder extends Order {
  customer_name: string;
  customer_phone: string;
  whatsapp_url: string | null;
  address_text: string;
  is_new: boolean;
}
/** GET /api/admin/users: a shop account with its paid orders counted. */
export interface Account {
  id: number;
  name: string;
  email: string;
  role: 'user' | 'admin';
  created_at: string;
  order_count: number;
}
export interface StaffMember {
  id: number;
  name: string;
  mobile_number: string;
  is_active: boolean;
  created_at: string;
}
export interface OrderFilters {
  status?: string;
  deliveryType?: string;
  search?: string;
  /** `oldest`: the longest-waiting first (the counter's default); otherwise newest first. */
  sort?: 'oldest' | 'newest';
  limit?: number;
  offset?: number;
}

/** Back-office lists refresh every 5 s (spec §9); the live stream makes them refresh at once. */
export const BACK_OFFICE_POLL_MS = 5_000;

/** `capped`: more orders match than the server counts (x-total-capped); `total` is then that cap ("1,000+"). */
async function getOrderPage(base: string, f: OrderFilters): Promise<{ orders: BackOfficeOrder[]; total: number; capped: boolean }> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '' && v !== 'all') params.set(k, String(v));
  const res = await fetch(`${base}?${params}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  const body = (await res.json().catch(() => ({}))) as BackOfficeOrder[] | { message?: string };
  if (!res.ok) throw new ApiError(res.status, (body as { message?: string }).message ?? res.statusText);
  return { orders: body as BackOfficeOrder[], total: Number(res.headers.get('x-total-count') ?? 0), capped: res.headers.get('x-total-capped') === 'true' };
}

export const adminOrdersQueryOptions = (f: OrderFilters) =>
  queryOptions({ queryKey: ['orders', 'admin', f], queryFn: () => getOrderPage('/api/admin/orders', f), refetchInterval: BACK_OFFICE_POLL_MS, placeholderData: keepPreviousData, staleTime: 2_000 });
export const useAdminOrders = (f: OrderFilters) => useQuery(adminOrdersQueryOptions(f));

export const staffOrdersQueryOptions = (f: OrderFilters) =>
  queryOptions({ queryKey: ['orders', 'staff', f], queryFn: () => getOrderPage('/api/staff/orders', f), refetchInterval: BACK_OFFICE_POLL_MS, placeholderData: keepPreviousData, staleTime: 2_000 });
export const useStaffOrders = (f: OrderFilters) => useQuery(staffOrdersQueryOptions(f));

/** GET /api/staff/orders/counts: the counter's chip counts. */
export interface CounterCounts {
  all: number;
  unvisited: number;
  visited: number;
  processing: number;
  completed: number;
  delivery: number;
  pickup: number;
}
export const useCounterCounts = () =>
  useQuery({ queryKey: ['orders', 'staff', 'counts'], queryFn: () => api<CounterCounts>('/api/staff/orders/counts'), refetchInterval: BACK_OFFICE_POLL_MS, staleTime: 2_000 });

export interface Stats {
  total: number;
  delivery: number;
  pickup: number;
  new: number;
  processing: number;
  completed: number;
  services: { active: number; total: number };
}
async function getAccounts(q: { search?: string; limit: number; offset: number }): Promise<{ accounts: Account[]; total: number }> {
  const params = new URLSearchParams({ limit: String(q.limit), offset: String(q.offset) });
  if (q.search) params.set('search', q.search);
  const res = await fetch(`/api/admin/users?${params}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  const body = (await res.json().catch(() => ({}))) as Account[] | { message?: string };
  if (!res.ok) throw new ApiError(res.status, (body as { message?: string }).message ?? res.statusText);
  return { accounts: body as Account[], total: Number(res.headers.get('x-total-count') ?? 0) };
}
export const useAccounts = (q: { search?: string; limit: number; offset: number }) =>
  useQuery({ queryKey: ['accounts', q], queryFn: () => getAccounts(q), placeholderData: keepPreviousData, staleTime: 30_000 });

export const useStats = () =>
  useQuery({ queryKey: ['orders', 'stats'], queryFn: () => api<Stats>('/api/admin/orders/stats'), refetchInterval: BACK_OFFICE_POLL_MS, staleTime: 2_000 });

/** Status change for the admin or the staff; every order list is refreshed afterwards. */
export function useSetStatus(scope: 'admin' | 'staff') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: string }) =>
      api<BackOfficeOrder>(`/api/${scope}/orders/${id}/status`, { method: 'PATCH', body: { status } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}

// ---- Services
export const useAllServices = () =>
  useQuery({ queryKey: ['services', 'admin-all'], queryFn: () => api<Service[]>('/api/admin/services/all'), staleTime: 5_000 });
export function useServiceMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['services'] });
  return {
    toggle: useMutation({ mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => api<Service>(`/api/admin/services/${id}/status`, { method: 'PATCH', body: { isActive } }), onSettled: done }),
    bulk: useMutation({
      mutationFn: (isActive: boolean) => api<{ updatedCount: number; isActive: boolean; processingTime: number }>('/api/admin/services/bulk-status', { method: 'PATCH', body: { isActive } }),
      onSettled: done,
    }),
    remove: useMutation({ mutationFn: (id: number) => api<{ message: string }>(`/api/admin/services/${id}`, { method: 'DELETE' }), onSettled: done }),
    save: useMutation({
      mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
        id ? api<Service>(`/api/admin/services/${id}`, { method: 'PUT', body: form }) : api<Service>('/api/admin/services', { method: 'POST', body: form }),
      onSettled: done,
    }),
  };
}

// ---- Staff
export const useStaffList = () => useQuery({ queryKey: ['staff'], queryFn: () => api<StaffMember[]>('/api/admin/staff'), staleTime: 5_000 });
export function useStaffMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['staff'] });
  return {
    create: useMutation({ mutationFn: (body: { name: string; mobile_number: string; password: string }) => api<StaffMember>('/api/admin/staff', { method: 'POST', body }), onSettled: done }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) => api<StaffMember>(`/api/admin/staff/${id}`, { method: 'PUT', body }), onSettled: done }),
    remove: useMutation({ mutationFn: (id: number) => api<{ message: string }>(`/api/admin/staff/${id}`, { method: 'DELETE' }), onSettled: done }),
  };
}
