import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@shop/shared/auth/schemas';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '@/lib/router';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useForgotPassword } from '../api';
import { showServerError } from '../server-errors';
import { authRich, useAuthText } from '../texts';
import { AuthCard, SubmitButton } from './auth-card';

export function ForgotPasswordForm() {
  const t = useAuthText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useForgotPassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const res = await mutation.mutateAsync(email);
      toast({ title: t('forgot.sentTitle'), description: res.message || t('forgot.sent') });
      setSentTo(email);
    } catch (err) {
      showServerError(err, {
        setError,
        fieldNames: ['email'],
        title: t('forgot.failedTitle'),
        fallback: t('forgot.failedFallback'),
      });
    }
  });

  const backToLogin = (
    <Link
      to={paths.login}
      className="inline-block py-2 -my-2 font-medium text-brand-700 hover:underline dark:text-brand-500"
    >
      {t('forgot.back')}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard
        icon={<MailCheck className="h-6 w-6" aria-hidden />}
        title={t('forgot.sentTitle')}
        subtitle={t('forgot.sentTo', { email: sentTo })}
        footer={backToLogin}
      >
        <div className="space-y-4 text-sm">
          <p className="font-medium">{t('forgot.tipsTitle')}</p>
          <ul className="list-disc space-y-1.5 pl-5 text-slate-600 dark:text-slate-400">
            {(['forgot.tip1', 'forgot.tip2', 'forgot.tip3', 'forgot.tip4'] as const)
              .map((tip) => t(tip))
              .map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
          </ul>
          <p className="text-slate-600 dark:text-slate-400">
            {authRich('forgot.tryAgain', {
              again: (
                <button
                  type="button"
                  className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500"
                  onClick={() => {
                    reset({ email: sentTo });
                    setSentTo(null);
                  }}
                />
              ),
            })}
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<KeyRound className="h-6 w-6" aria-hidden />}
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={backToLogin}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="forgot-email" label={t('fields.email')} error={errors.email?.message}>
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...register('email')}
          />
        </Field>
        <SubmitButton pending={mutation.isPending} label={t('forgot.submit')} pendingLabel={t('forgot.submitting')} />
      </form>
    </AuthCard>
  );
}
