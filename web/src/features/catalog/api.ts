import type { Service } from '@shop/shared/catalog/schemas';
import type { Category } from '@shop/shared/common/options';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export type { Service };

export const getServices = (category?: Category) => call('GET /api/services', { query: { category } });
export const getService = (id: string | number) => call('GET /api/services/:id', { params: { id } });

/** Services refresh every 15 s, fresh for 30 s, and refetch on focus and mount. */
export const servicesQueryOptions = (category?: Category) =>
  queryOptions({
    queryKey: ['services', category ?? 'all'],
    queryFn: () => getServices(category),
    refetchInterval: 15_000,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });
export const useServices = (category?: Category) => useQuery(servicesQueryOptions(category));

export const serviceQueryOptions = (id: string | number) =>
  queryOptions({ queryKey: ['service', String(id)], queryFn: () => getService(id), staleTime: 30_000 });
export const useService = (id: string | number) => useQuery(serviceQueryOptions(id));
