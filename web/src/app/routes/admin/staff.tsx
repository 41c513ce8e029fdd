import { staffCreateSchema, staffUpdateSchema } from '@shop/shared/auth/staff';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge, Card, Skeleton } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { PhoneInput } from '@/components/ui/phone-input';
import { normaliseIndianMobile } from '@shop/shared/common/mobile';
import { useStaffList, useStaffMutations, type StaffMember } from '@/features/admin/api';
import { StaffSends } from '@/features/admin/components/staff-sends';
import { PasswordInput } from '@/features/auth/components/password-input';
import { PasswordStrengthMeter } from '@/features/auth/components/password-strength';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';

/** Staff management: add, edit (only changed fields), toggle by the status badge, delete for good. */
export default function StaffManagementPage() {
  const { data, isPending, isError } = useStaffList();
  const m = useStaffMutations();
  const [dialog, setDialog] = useState<{ mode: 'add' } | { mode: 'edit'; staff: StaffMember } | null>(null);
  const [toDelete, setToDelete] = useState<StaffMember | null>(null);
  const staff = data ?? [];
  const toggle = async (s: StaffMember) => {
    try {
      await m.update.mutateAsync({ id: s.id, body: { is_active: !s.is_active } });
      toast({
        title: 'Staff updated',
        description: `${s.name} is now ${s.is_active ? 'inactive' : 'active'}`,
        variant: 'success',
      });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to update staff'), variant: 'destructive' });
    }
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Staff Management</h1>
        <Button className="h-11 whitespace-nowrap sm:h-10" onClick={() => setDialog({ mode: 'add' })}>
          <Plus className="h-4 w-4" aria-hidden /> Add Staff
        </Button>
      </div>
      {isError && <Card className="p-4 text-red-600">Failed to fetch staff</Card>}
      {/* Phones: one card per person; wider screens: a table. */}
      <ul className="space-y-3 sm:hidden" aria-label="Staff">
        {isPending ? (
          Array.from({ length: 3 }, (_, i) => (
            <li key={i}>
              <Card className="p-4">
                <Skeleton className="h-12 w-full" />
              </Card>
            </li>
          ))
        ) : staff.length === 0 ? (
          <li>
            <Card className="p-6 text-center text-slate-500">No staff yet. Add the first counter clerk.</Card>
          </li>
        ) : (
          staff.map((s) => (
            <li key={s.id}>
              <Card className="space-y-3 p-4" data-testid="staff-card">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="break-words font-semibold">{s.name}</p>
                    <p className="text-sm">
                      <a href={`tel:${s.mobile_number}`} className="text-brand-700 dark:text-blue-300">
                        {s.mobile_number}
                      </a>
                    </p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">Created {formatDate(s.created_at)}</p>
                  </div>
                  <StatusToggle staff={s} onToggle={() => void toggle(s)} />
                </div>
                <div className="grid grid-cols-2 gap-2">
                  <Button variant="outline" className="h-11" onClick={() => setDialog({ mode: 'edit', staff: s })}>
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    className="h-11 text-red-600 dark:text-red-400"
                    onClick={() => setToDelete(s)}
                  >
                    Delete
                  </Button>
                </div>
              </Card>
            </li>
          ))
        )}
      </ul>
      <Card className="hidden overflow-x-auto sm:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700 dark:text-slate-400">
            <tr>
              <th className="p-3">Name</th>
              <th className="p-3">Mobile Number</th>
              <th className="p-3">Status</th>
              <th className="p-3">Created</th>
              <th className="p-3">Actions</th>
            </tr>
          </thead>
          <tbody>
            {isPending ? (
              Array.from({ length: 3 }, (_, i) => (
                <tr key={i}>
                  <td colSpan={5} className="p-3">
                    <Skeleton className="h-6 w-full" />
                  </td>
                </tr>
              ))
            ) : staff.length === 0 ? (
              <tr>
                <td colSpan={5} className="p-6 text-center text-slate-500">
                  No staff yet. Add the first counter clerk.
                </td>
              </tr>
            ) : (
              staff.map((s) => (
                <tr key={s.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <td className="p-3 font-medium">{s.name}</td>
                  <td className="whitespace-nowrap p-3">{s.mobile_number}</td>
                  <td className="p-3">
                    <StatusToggle staff={s} onToggle={() => void toggle(s)} />
                  </td>
                  <td className="whitespace-nowrap p-3">{formatDate(s.created_at)}</td>
                  <td className="p-3">
                    <div className="flex gap-2">
                      <Button size="sm" variant="outline" onClick={() => setDialog({ mode: 'edit', staff: s })}>
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-600 dark:text-red-400"
                        onClick={() => setToDelete(s)}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </Card>
      {dialog && (
        <StaffDialog
          key={dialog.mode === 'edit' ? dialog.staff.id : 'add'}
          state={dialog}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete staff member?"
        description={`${toDelete?.name} will be deactivated for good and can no longer sign in.`}
        confirmLabel="Delete"
        busy={m.remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await m.remove.mutateAsync(toDelete.id);
            toast({ title: 'Staff deleted', description: toDelete.name });
          } catch (err) {
            toast({ title: 'Error', description: errorMessage(err, 'Failed to delete staff'), variant: 'destructive' });
          }
          setToDelete(null);
        }}
      />
      <StaffSends />
    </div>
  );
}

/** The status badge is the switch: one tap activates or deactivates. */
function StatusToggle({ staff, onToggle }: { staff: StaffMember; onToggle: () => void }) {
  return (
    <button
      type="button"
      title={`Click to ${staff.is_active ? 'deactivate' : 'activate'}`}
      aria-label={`${staff.is_active ? 'Active' : 'Inactive'}: click to ${staff.is_active ? 'deactivate' : 'activate'} ${staff.name}`}
      className="-m-2 shrink-0 rounded-full p-2 focus-visible:outline-2 focus-visible:outline-brand-600"
      onClick={onToggle}
    >
      <Badge variant={staff.is_active ? 'default' : 'secondary'}>{staff.is_active ? 'Active' : 'Inactive'}</Badge>
    </button>
  );
}

function StaffDialog({
  state,
  onClose,
}: {
  state: { mode: 'add' } | { mode: 'edit'; staff: StaffMember };
  onClose: () => void;
}) {
  const m = useStaffMutations();
  const original = state.mode === 'edit' ? state.staff : null;
  const [name, setName] = useState(original?.name ?? '');
  const [mobile, setMobile] = useState(original?.mobile_number ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const saving = m.create.isPending || m.update.isPending;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    try {
      if (!original && (!name.trim() || !mobile.trim() || !password)) {
        setError('Please fill all fields');
        return;
      }
      // The server's own rules (shared): a clerk's password follows the customers' rules.
      const checked = (original ? staffUpdateSchema : staffCreateSchema).safeParse(
        original
          ? { name: name.trim() || undefined, mobile_number: mobile.trim() || undefined, password }
          : { name, mobile_number: mobile, password },
      );
      if (!checked.success) {
        const fields: Record<string, string> = {};
        for (const issue of checked.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
        setFieldErrors(fields);
        setError(checked.error.issues[0]?.message ?? 'Please fill all fields');
        return;
      }
      if (!original) {
        await m.create.mutateAsync({ name: name.trim(), mobile_number: mobile.trim(), password });
        toast({ title: 'Staff created', description: name.trim(), variant: 'success' });
      } else {
        // Only the fields that changed; an empty password keeps the old one.
        const body: Record<string, unknown> = {};
        if (name.trim() !== original.name) body.name = name.trim();
        if (normaliseIndianMobile(mobile) !== original.mobile_number) body.mobile_number = mobile.trim();
        if (password) body.password = password;
        if (Object.keys(body).length) await m.update.mutateAsync({ id: original.id, body });
        toast({ title: 'Staff updated', description: name.trim(), variant: 'success' });
      }
      onClose();
    } catch (err) {
      const msg = errorMessage(err, original ? 'Failed to update staff' : 'Failed to create staff');
      if (err instanceof ApiError && err.fields) setFieldErrors(err.fields);
      setError(msg);
      toast({ title: 'Error', description: msg, variant: 'destructive' });
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={original ? 'Edit Staff' : 'Add Staff'}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <Field id="staff-name" label="Name" error={fieldErrors.name}>
          <Input autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field id="staff-mobile" label="Mobile Number" error={fieldErrors.mobile_number}>
          <PhoneInput
            autoComplete="off"
            placeholder="10-digit mobile number"
            value={mobile}
            onChange={(e) => setMobile(e.target.value)}
          />
        </Field>
        <Field
          id="staff-password"
          label="Password"
          error={fieldErrors.password}
          hint={`${original ? 'Leave empty to keep the current password. ' : ''}At least 8 characters with an uppercase letter, a lowercase letter, a number and a symbol.`}
        >
          <PasswordInput autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        {password && <PasswordStrengthMeter password={password} />}
        {error && !Object.keys(fieldErrors).length && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="grid grid-cols-2 gap-2 pt-1 sm:flex sm:justify-end">
          <Button variant="outline" className="h-11 sm:h-10" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" className="h-11 sm:h-10" disabled={saving}>
            {saving ? 'Saving…' : original ? 'Save' : 'Add Staff'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
