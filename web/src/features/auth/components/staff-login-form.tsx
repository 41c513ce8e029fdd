import { zodResolver } from '@hookform/resolvers/zod';
import { staffLoginSchema } from '@shop/shared/auth/schemas';
import { Smartphone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@/lib/router';
import { PhoneInput } from '@/components/ui/phone-input';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useStaffLogin } from '../api';
import { showServerError } from '../server-errors';
import { useAuthText } from '../texts';
import { AuthCard, SubmitButton } from './auth-card';
import { PasswordInput } from './password-input';

export function StaffLoginForm() {
  const t = useAuthText();
  const navigate = useNavigate();
  const mutation = useStaffLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(staffLoginSchema),
    mode: 'onTouched',
    defaultValues: { mobile_number: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast({ title: t('staff.success'), variant: 'success' });
      await navigate(paths.staffDashboard, { replace: true });
    } catch (err) {
      showServerError(err, {
        setError,
        fieldNames: ['mobile_number', 'password'],
        title: t('staff.failedTitle'),
        fallback: t('staff.failedFallback'),
      });
    }
  });

  return (
    <AuthCard
      icon={<Smartphone className="h-6 w-6" aria-hidden />}
      title={t('staff.title')}
      subtitle={t('staff.subtitle')}
      footer={
        <Link
          to={paths.login}
          className="inline-block py-2 -my-2 font-medium text-brand-700 hover:underline dark:text-brand-500"
        >
          {t('staff.customer')}
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="staff-mobile" label={t('fields.mobile')} error={errors.mobile_number?.message}>
          <PhoneInput autoComplete="tel" placeholder={t('staff.placeholder')} {...register('mobile_number')} />
        </Field>
        <Field id="staff-password" label={t('fields.password')} error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </Field>
        <SubmitButton pending={mutation.isPending} label={t('staff.submit')} pendingLabel={t('staff.submitting')} />
      </form>
    </AuthCard>
  );
}
