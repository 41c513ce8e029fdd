import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { shopConfig } from '@/lib/shop-config';
import { toast } from '@/lib/toast';
import { enterAs, logout, setSignedInUser, useLogin } from '../api';
import { showServerError } from '../server-errors';
import { authText } from '../texts';
import { AuthCard } from './auth-card';
import { PasswordInput } from './password-input';

const t = authText.admin;
export const ADMIN_REDIRECT_MS = 100;

/** Admin sign-in: the e-mail is the configured admin's and cannot be changed; only role admin gets in. */
export function AdminLoginForm() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mutation = useLogin();
  const [password, setPassword] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return;
    try {
      const { user } = await mutation.mutateAsync({ email: shopConfig.adminEmail, password });
      if (user.role !== 'admin') {
        // Not the admin: the session just made is given up at once.
        await logout().catch(() => undefined);
        setSignedInUser(qc, null);
        toast({ title: t.failedTitle, description: t.unauthorized, variant: 'destructive' });
        return;
      }
      toast({ title: t.welcome, variant: 'success' });
      timer.current = setTimeout(() => void enterAs(qc, navigate, user, paths.adminDashboard), ADMIN_REDIRECT_MS);
    } catch (err) {
      showServerError(err, { title: t.failedTitle, fallback: t.failedFallback });
    }
  };

  return (
    <AuthCard
      icon={<ShieldCheck className="h-6 w-6" aria-hidden />}
      title={t.title}
      subtitle={t.subtitle}
      footer={
        <>
          {t.customer}{' '}
          <Link to={paths.login} className="inline-block py-2 -my-2 font-medium text-brand-700 hover:underline dark:text-brand-500">
            {t.customerLink}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="admin-email" label={authText.fields.email}>
          <Input id="admin-email" type="email" value={shopConfig.adminEmail} readOnly disabled autoComplete="username" />
        </Field>
        <Field id="admin-password" label={authText.fields.password}>
          <PasswordInput id="admin-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </Field>
        <Button type="submit" className="w-full" disabled={!password || mutation.isPending}>
          {mutation.isPending ? t.submitting : t.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
