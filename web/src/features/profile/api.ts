import type { PublicUser } from '@shop/shared/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
