import type { DayReport } from '@shop/shared/reports/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/reports/day: one IST day's paid orders, added up. */
export function useDayReport(date: string) {
  return useQuery({
    queryKey: ['admin', 'reports', 'day', date],
    queryFn: () => api<DayReport>(`/api/admin/reports/day?date=${encodeURIComponent(date)}`),
    placeholderData: keepPreviousData,
    // Today's figures move as orders are paid; other days do not.
    refetchInterval: 30_000,
  });
}

/** The CSV is a plain download (the browser saves it): a link, not a fetch. */
export function ordersCsvUrl(from: string, to: string): string {
  return `/api/admin/reports/orders.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
}
