import { emailSchema } from '@shop/shared/auth/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { enterAs, logout, setSignedInUser, useLogin } from '../api';
import { rememberAdminEmail, rememberedAdminEmail } from '../admin-email';
import { showServerError } from '../server-errors';
import { useAuthText } from '../texts';
import { AuthCard, SubmitButton } from './auth-card';
import { PasswordInput } from './password-input';

export const ADMIN_REDIRECT_MS = 100;

/**
 * Admin sign-in. The server never publishes the admin's e-mail: on a browser where the admin signed in before it is
 * prefilled and locked (with a way to change it); on a new device it is typed once. Only role admin gets in.
 */
export function AdminLoginForm() {
  const t = useAuthText();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mutation = useLogin();
  const [remembered] = useState(rememberedAdminEmail);
  const [email, setEmail] = useState(remembered ?? '');
  const [locked, setLocked] = useState(!!remembered);
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const emailInput = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const changeEmail = () => {
    setLocked(false);
    setEmail('');
    setEmailError(undefined);
    // The field becomes editable on this render; focus it for the next keystroke.
    setTimeout(() => emailInput.current?.focus(), 0);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return;
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? t('fields.email'));
      emailInput.current?.focus();
      return;
    }
    setEmailError(undefined);
    try {
      const { user } = await mutation.mutateAsync({ email: parsed.data, password });
      if (user.role !== 'admin') {
        // Not the admin: the session just made is given up at once, and nothing is remembered.
        await logout().catch(() => undefined);
        setSignedInUser(qc, null);
        toast({ title: t('admin.failedTitle'), description: t('admin.unauthorized'), variant: 'destructive' });
        return;
      }
      rememberAdminEmail(parsed.data);
      toast({ title: t('admin.welcome'), variant: 'success' });
      timer.current = setTimeout(() => void enterAs(qc, navigate, user, paths.adminDashboard), ADMIN_REDIRECT_MS);
    } catch (err) {
      showServerError(err, { title: t('admin.failedTitle'), fallback: t('admin.failedFallback') });
    }
  };

  return (
    <AuthCard
      icon={<ShieldCheck className="h-6 w-6" aria-hidden />}
      title={t('admin.title')}
      subtitle={t('admin.subtitle')}
      footer={
        <>
          {t('admin.customer')}{' '}
          <Link
            to={paths.login}
            className="inline-block py-2 -my-2 font-medium text-brand-700 hover:underline dark:text-brand-500"
          >
            {t('admin.customerLink')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field
          id="admin-email"
          label={t('fields.email')}
          error={emailError}
          hint={locked ? undefined : t('admin.emailHint')}
        >
          <Input
            ref={emailInput}
            type="email"
            inputMode="email"
            autoComplete="username"
            value={email}
            readOnly={locked}
            aria-readonly={locked}
            className={locked ? 'bg-slate-100! text-slate-600! dark:bg-slate-800! dark:text-slate-300!' : undefined}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </Field>
        {locked && (
          <button
            type="button"
            onClick={changeEmail}
            className="-mt-2 inline-block py-2 text-sm font-medium text-brand-700 hover:underline dark:text-brand-500"
          >
            {t('admin.changeEmail')}
          </button>
        )}
        <Field id="admin-password" label={t('fields.password')}>
          <PasswordInput
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </Field>
        <SubmitButton
          pending={mutation.isPending}
          disabled={!password || !email.trim()}
          label={t('admin.submit')}
          pendingLabel={t('admin.submitting')}
        />
      </form>
    </AuthCard>
  );
}
