import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordSchema } from '@shop/shared/auth/schemas';
import { CircleCheck, LockKeyhole, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@/lib/router';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api';
import { showServerError } from '../server-errors';
import { useAuthText } from '../texts';
import { AuthCard, SubmitButton } from './auth-card';
import { PasswordInput } from './password-input';

export const RESET_REDIRECT_MS = 3000;

export function InvalidResetLink() {
  const t = useAuthText();
  return (
    <AuthCard
      icon={<TriangleAlert className="h-6 w-6" aria-hidden />}
      title={t('reset.invalidTitle')}
      subtitle={t('reset.invalid')}
    >
      <Link to={paths.forgotPassword} className={buttonClass('default', 'default', 'w-full')}>
        {t('reset.requestNew')}
      </Link>
    </AuthCard>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useAuthText();
  const navigate = useNavigate();
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  const mutation = useResetPassword(token);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: '', confirmPassword: '' } });

  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => void navigate(paths.login, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast({ title: t('reset.successTitle'), description: t('reset.success'), variant: 'success' });
      setState('done');
    } catch (err) {
      showServerError(err, {
        setError,
        fieldNames: ['password', 'confirmPassword'],
        title: t('reset.failedTitle'),
        fallback: t('reset.failedFallback'),
      });
      if (err instanceof ApiError && err.code === 'invalid_reset_token') setState('invalid');
    }
  });

  if (state === 'invalid') return <InvalidResetLink />;
  if (state === 'done') {
    return (
      <AuthCard
        icon={<CircleCheck className="h-6 w-6" aria-hidden />}
        title={t('reset.successTitle')}
        subtitle={t('reset.success')}
      >
        <Link to={paths.login} replace className={buttonClass('default', 'default', 'w-full')}>
          {t('reset.goToLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<LockKeyhole className="h-6 w-6" aria-hidden />}
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field
          id="reset-password"
          label={t('fields.newPassword')}
          error={errors.password?.message}
          hint={t('reset.hint')}
        >
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </Field>
        <Field id="reset-confirm" label={t('fields.confirmPassword')} error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
        <SubmitButton pending={mutation.isPending} label={t('reset.submit')} pendingLabel={t('reset.submitting')} />
      </form>
    </AuthCard>
  );
}
