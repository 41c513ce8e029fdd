import type {
  LoginInput,
  PublicStaff,
  PublicUser,
  RegisterInput,
  ResetPasswordInput,
  StaffLoginInput,
} from '@shop/shared/auth/schemas';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { call } from '@/lib/api-client';
import { currentStaffQueryOptions, currentUserQueryOptions } from '@/lib/auth';
import { currentLanguage, rememberedLanguage } from '@/lib/i18n/i18n';

export const login = (body: LoginInput) => call('POST /api/auth/login', { body });
/** The new account keeps the language chosen on this browser, or Telugu when it was signed up in Telugu. */
export const register = (body: RegisterInput) =>
  call('POST /api/auth/register', {
    body: { ...body, language: rememberedLanguage() ?? (currentLanguage() === 'te' ? 'te' : undefined) },
  });
export const logout = () => call('POST /api/auth/logout');
export const forgotPassword = (email: string) => call('POST /api/auth/forgot-password', { body: { email } });
export const resetPassword = (token: string, body: ResetPasswordInput) =>
  call('POST /api/auth/reset-password/:token', { params: { token }, body });
export const staffLogin = (body: StaffLoginInput) => call('POST /api/auth/staff/login', { body });

/** A new identity (or none): whatever was cached for the previous one goes. */
export function setSignedInUser(qc: QueryClient, user: PublicUser | null) {
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
  qc.setQueryData(currentUserQueryOptions.queryKey, user);
  // The cookie now holds a customer session (or none), so any staff session in this browser is gone.
  qc.setQueryData(currentStaffQueryOptions.queryKey, null);
}

/**
 * After a sign-in: go to `target`, then make the new user known.
 * The cached user is dropped first, so guards wait (spinner) instead of deciding on the old answer; setting the
 * user before navigating would let the sign-in page's own guard send everyone to / instead of `target`.
 */
export async function enterAs(qc: QueryClient, navigate: NavigateFunction, user: PublicUser, target: string) {
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
  qc.removeQueries({ queryKey: currentUserQueryOptions.queryKey, exact: true });
  qc.setQueryData(currentStaffQueryOptions.queryKey, null);
  await navigate(target, { replace: true });
  qc.setQueryData(currentUserQueryOptions.queryKey, user);
}

export function setSignedInStaff(qc: QueryClient, staff: PublicStaff) {
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
  qc.setQueryData(currentUserQueryOptions.queryKey, null);
  qc.setQueryData(currentStaffQueryOptions.queryKey, staff);
  void qc.invalidateQueries({ queryKey: currentStaffQueryOptions.queryKey });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
export function useRegister() {
  return useMutation({ mutationFn: register });
}
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (body: ResetPasswordInput) => resetPassword(token, body) });
}
export function useStaffLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: staffLogin,
    onSuccess: (res) => setSignedInStaff(qc, res.staff),
  });
}
