import { useParams } from '@/lib/router';
import { InvalidResetLink, ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordPage() {
  const { token } = useParams();
  if (!token) return <InvalidResetLink />;
  // A new link starts a fresh form.
  return <ResetPasswordForm key={token} token={token} />;
}
