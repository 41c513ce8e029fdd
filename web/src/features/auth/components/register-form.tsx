import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema } from '@shop/shared/auth/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from '@/lib/router';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { enterAs, useRegister } from '../api';
import { showServerError } from '../server-errors';
import { authRich, useAuthText } from '../texts';
import { AuthCard, SubmitButton } from './auth-card';
import { PasswordInput } from './password-input';
import { PasswordStrengthMeter } from './password-strength';

const POLICIES = [
  { key: 'terms', label: 'register.acceptTerms', to: paths.terms },
  { key: 'privacy', label: 'register.acceptPrivacy', to: paths.privacy },
  { key: 'refund', label: 'register.acceptRefund', to: paths.refund },
] as const;
type PolicyKey = (typeof POLICIES)[number]['key'];

/**
 * What was typed and ticked, kept for this tab while a policy is read (its link leaves the page; Back returns to an
 * empty form otherwise). Name, e-mail and ticks only: passwords are never written to storage.
 */
const DRAFT_KEY = 'register-draft';
type Draft = { name: string; email: string; accepted: Record<PolicyKey, boolean> };
function readDraft(): Draft | null {
  try {
    const d = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Draft | null;
    return d && typeof d.name === 'string' && typeof d.email === 'string' && d.accepted ? d : null;
  } catch {
    return null;
  }
}
function saveDraft(d: Draft) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(d));
  } catch {
    /* storage full or off: the form still works */
  }
}

export function RegisterForm() {
  const t = useAuthText();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mutation = useRegister();
  const [draft] = useState(readDraft);
  const [accepted, setAccepted] = useState<Record<PolicyKey, boolean>>(
    draft?.accepted ?? { terms: false, privacy: false, refund: false },
  );
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: draft?.name ?? '', email: draft?.email ?? '', password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const name = useWatch({ control, name: 'name' }) ?? '';
  const email = useWatch({ control, name: 'email' }) ?? '';
  useEffect(() => saveDraft({ name, email, accepted }), [name, email, accepted]);

  const onSubmit = handleSubmit(async (values) => {
    if (!POLICIES.every((p) => accepted[p.key])) {
      toast({ title: t('register.policyTitle'), description: t('register.policyMessage'), variant: 'destructive' });
      return;
    }
    try {
      const res = await mutation.mutateAsync(values);
      sessionStorage.removeItem(DRAFT_KEY);
      toast({
        title: t('register.successTitle', { name: res.user.name }),
        description: t('register.success'),
        variant: 'success',
      });
      await enterAs(qc, navigate, res.user, paths.home);
    } catch (err) {
      showServerError(err, {
        setError,
        fieldNames: ['name', 'email', 'password', 'confirmPassword'],
        title: t('register.failedTitle'),
        fallback: t('register.failedFallback'),
      });
    }
  });

  return (
    <AuthCard
      icon={<UserPlus className="h-6 w-6" aria-hidden />}
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link
            to={paths.login}
            className="inline-block py-2 -my-2 font-medium text-brand-700 hover:underline dark:text-brand-500"
          >
            {t('register.login')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="register-name" label={t('fields.name')} error={errors.name?.message}>
          <Input autoComplete="name" placeholder="Ravi Kumar" {...register('name')} />
        </Field>
        <Field id="register-email" label={t('fields.email')} error={errors.email?.message}>
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...register('email')}
          />
        </Field>
        <Field id="register-password" label={t('fields.password')} error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </Field>
        <PasswordStrengthMeter password={password} />
        <Field id="register-confirm" label={t('fields.confirmPassword')} error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
        <fieldset className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-800">
          <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('register.policies')}
          </legend>
          {POLICIES.map((p) => (
            // The whole row is the label, so a thumb anywhere on it ticks the box (the policy link still opens the policy).
            <label
              key={p.key}
              htmlFor={`policy-${p.key}`}
              className="flex cursor-pointer items-start gap-3 py-1.5 text-sm text-slate-700 dark:text-slate-300"
            >
              <input
                id={`policy-${p.key}`}
                type="checkbox"
                checked={accepted[p.key]}
                onChange={(e) => setAccepted((a) => ({ ...a, [p.key]: e.target.checked }))}
                className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-700"
              />
              <span>
                {authRich(p.label, {
                  link: (
                    <Link
                      to={p.to}
                      className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500"
                    />
                  ),
                })}
              </span>
            </label>
          ))}
        </fieldset>
        <SubmitButton
          pending={mutation.isPending}
          label={t('register.submit')}
          pendingLabel={t('register.submitting')}
        />
      </form>
    </AuthCard>
  );
}
