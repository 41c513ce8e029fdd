import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { currentUserQueryOptions } from '@/lib/auth';

export const updateProfile = (name: string) => call('PATCH /api/auth/user', { body: { name } });

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => qc.setQueryData(currentUserQueryOptions.queryKey, user),
  });
}

export const savedDetailsQuery = {
  queryKey: ['profile', 'saved-details'] as const,
  queryFn: () => call('GET /api/profile/saved-details'),
  staleTime: 0,
};
/** The customer's saved mobile number and delivery addresses (kept from paid orders). */
export const useSavedDetails = (enabled = true) => useQuery({ ...savedDetailsQuery, enabled });

export function useSaveMobile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mobileNumber: string) => call('PUT /api/profile/mobile', { body: { mobileNumber } }),
    onSuccess: (details) => qc.setQueryData(savedDetailsQuery.queryKey, details),
  });
}

export function useDeleteAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /api/profile/addresses/:id', { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: savedDetailsQuery.queryKey }),
  });
}
