import type { PublicUser } from '@shop/shared/auth/schemas';
import type { SavedDetails } from '@shop/shared/orders/saved-details';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { currentUserQueryOptions } from '@/lib/auth';

export const updateProfile = (name: string) => api<PublicUser>('/api/auth/user', { method: 'PATCH', body: { name } });

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => qc.setQueryData(currentUserQueryOptions.queryKey, user),
  });
}

export const savedDetailsQuery = {
  queryKey: ['profile', 'saved-details'] as const,
  queryFn: () => api<SavedDetails>('/api/profile/saved-details'),
  staleTime: 0,
};
/** The customer's saved mobile number and delivery addresses (kept from paid orders). */
export const useSavedDetails = (enabled = true) => useQuery({ ...savedDetailsQuery, enabled });

export function useSaveMobile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mobileNumber: string) =>
      api<SavedDetails>('/api/profile/mobile', { method: 'PUT', body: { mobileNumber } }),
    onSuccess: (details) => qc.setQueryData(savedDetailsQuery.queryKey, details),
  });
}

export function useDeleteAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/profile/addresses/${id}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: savedDetailsQuery.queryKey }),
  });
}
