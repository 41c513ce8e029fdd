import { Navigate } from '@/lib/router';
import { FullScreenSpinner } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { AdminLoginForm } from '@/features/auth/components/admin-login-form';
import { isAdmin, useUser } from '@/lib/auth';

export default function AdminLoginPage() {
  const { data: user, isPending } = useUser();
  if (isPending) return <FullScreenSpinner />;
  if (isAdmin(user)) return <Navigate to={paths.adminDashboard} replace />;
  return <AdminLoginForm />;
}
