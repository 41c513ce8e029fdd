import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, routeUrl } from '@/lib/api-client';

/** GET /api/admin/reports/day: one IST day's paid orders, added up. */
export function useDayReport(date: string) {
  return useQuery({
    queryKey: ['admin', 'reports', 'day', date],
    queryFn: () => call('GET /api/admin/reports/day', { query: { date } }),
    placeholderData: keepPreviousData,
    // Today's figures move as orders are paid; other days do not.
    refetchInterval: 30_000,
  });
}

/** The CSV is a plain download (the browser saves it): a link, not a fetch. */
export function ordersCsvUrl(from: string, to: string): string {
  return routeUrl('GET /api/admin/reports/orders.csv', { query: { from, to } });
}
