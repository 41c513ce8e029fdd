import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@shop/shared/auth/schemas';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { paths, safeRedirect } from '@/config/paths';
import { toast } from '@/lib/toast';
import { enterAs, useLogin } from '../api';
import { showServerError } from '../server-errors';
import { useAuthText } from '../texts';
import { AuthCard, SubmitButton } from './auth-card';
import { PasswordInput } from './password-input';

export function LoginForm() {
  const t = useAuthText();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { user } = await mutation.mutateAsync(values);
      const target = user.role === 'admin' ? paths.adminDashboard : safeRedirect(params.get('redirectTo'));
      toast({
        title: t('login.welcome', { name: user.name }),
        description: t('login.welcomeBody'),
        variant: 'success',
      });
      await enterAs(qc, navigate, user, target);
    } catch (err) {
      showServerError(err, {
        setError,
        fieldNames: ['email', 'password'],
        title: t('login.failedTitle'),
        fallback: t('login.failedFallback'),
      });
    }
  });

  return (
    <AuthCard
      icon={<LogIn className="h-6 w-6" aria-hidden />}
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link
            to={paths.register}
            className="inline-block py-2 -my-2 font-medium text-brand-700 hover:underline dark:text-brand-500"
          >
            {t('login.register')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="login-email" label={t('fields.email')} error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            {...register('email')}
          />
        </Field>
        <Field id="login-password" label={t('fields.password')} error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </Field>
        <div className="flex justify-end">
          <Link
            to={paths.forgotPassword}
            className="inline-block py-2 -my-2 text-sm font-medium text-brand-700 hover:underline dark:text-brand-500"
          >
            {t('login.forgot')}
          </Link>
        </div>
        <SubmitButton pending={mutation.isPending} label={t('login.submit')} pendingLabel={t('login.submitting')} />
      </form>
    </AuthCard>
  );
}
