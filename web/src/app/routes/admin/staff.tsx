import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge, Card, Skeleton } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { useStaffList, useStaffMutations, type StaffMember } from '@/features/admin/api';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';

/** Staff management: add, edit (only changed fields), toggle by the status badge, delete for good. */
export default function StaffManagementPage() {
  const { data, isPending, isError } = useStaffList();
  const m = useStaffMutations();
  const [dialog, setDialog] = useState<{ mode: 'add' } | { mode: 'edit'; staff: StaffMember } | null>(null);
  const [toDelete, setToDelete] = useState<StaffMember | null>(null);
  const staff = data ?? [];
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Staff Management</h1>
        <Button onClick={() => setDialog({ mode: 'add' })}><Plus className="h-4 w-4" aria-hidden /> Add Staff</Button>
      </div>
      {isError && <Card className="p-4 text-red-600">Failed to fetch staff</Card>}
      <Card className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700">
            <tr><th className="p-3">Name</th><th className="p-3">Mobile Number</th><th className="p-3">Status</th><th className="p-3">Created</th><th className="p-3">Actions</th></tr>
          </thead>
          <tbody>
            {isPending
              ? Array.from({ length: 3 }, (_, i) => <tr key={i}><td colSpan={5} className="p-3"><Skeleton className="h-6 w-full" /></td></tr>)
              : staff.length === 0
                ? <tr><td colSpan={5} className="p-6 text-center text-slate-500">No staff yet. Add the first counter clerk.</td></tr>
                : staff.map((s) => (
                    <tr key={s.id} className="border-b border-slate-100 dark:border-slate-800">
                      <td className="p-3 font-medium">{s.name}</td>
                      <td className="p-3">{s.mobile_number}</td>
                      <td className="p-3">
                        <button
                          type="button"
                          title="Click to change"
                          aria-label={`${s.is_active ? 'Active' : 'Inactive'}: click to ${s.is_active ? 'deactivate' : 'activate'} ${s.name}`}
                          onClick={async () => {
                            try {
                              await m.update.mutateAsync({ id: s.id, body: { is_active: !s.is_active } });
                              toast({ title: 'Staff updated', description: `${s.name} is now ${s.is_active ? 'inactive' : 'active'}` });
                            } catch (err) {
                              toast({ title: 'Error', description: errorMessage(err, 'Failed to update staff'), variant: 'destructive' });
                            }
                          }}
                        >
                          <Badge variant={s.is_active ? 'default' : 'secondary'}>{s.is_active ? 'Active' : 'Inactive'}</Badge>
                        </button>
                      </td>
                      <td className="p-3">{formatDate(s.created_at)}</td>
                      <td className="flex gap-2 p-3">
                        <Button size="sm" variant="outline" onClick={() => setDialog({ mode: 'edit', staff: s })}>Edit</Button>
                        <Button size="sm" variant="ghost" className="text-red-600" onClick={() => setToDelete(s)}>Delete</Button>
                      </td>
                    </tr>
                  ))}
          </tbody>
        </table>
      </Card>
      {dialog && <StaffDialog key={dialog.mode === 'edit' ? dialog.staff.id : 'add'} state={dialog} onClose={() => setDialog(null)} />}
      {toDelete && (
        <Dialog open onOpenChange={(o) => !o && setToDelete(null)} title="Delete staff member?" description={`${toDelete.name} will be deactivated for good and can no longer sign in.`}>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setToDelete(null)}>Cancel</Button>
            <Button
              variant="destructive"
              onClick={async () => {
                try {
                  await m.remove.mutateAsync(toDelete.id);
                  toast({ title: 'Staff deleted', description: toDelete.name });
                } catch (err) {
                  toast({ title: 'Error', description: errorMessage(err, 'Failed to delete staff'), variant: 'destructive' });
                }
                setToDelete(null);
              }}
            >
              Delete
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}

function StaffDialog({ state, onClose }: { state: { mode: 'add' } | { mode: 'edit'; staff: StaffMember }; onClose: () => void }) {
  const m = useStaffMutations();
  const original = state.mode === 'edit' ? state.staff : null;
  const [name, setName] = useState(original?.name ?? '');
  const [mobile, setMobile] = useState(original?.mobile_number ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      if (!original) {
        if (!name.trim() || !mobile.trim() || !password) {
          setError('Please fill all fields');
          return;
        }
        await m.create.mutateAsync({ name: name.trim(), mobile_number: mobile.trim(), password });
        toast({ title: 'Staff created', description: name.trim() });
      } else {
        // Only the fields that changed; an empty password keeps the old one.
        const body: Record<string, unknown> = {};
        if (name.trim() !== original.name) body.name = name.trim();
        if (mobile.trim() !== original.mobile_number) body.mobile_number = mobile.trim();
        if (password) body.password = password;
        if (Object.keys(body).length) await m.update.mutateAsync({ id: original.id, body });
        toast({ title: 'Staff updated', description: name.trim() });
      }
      onClose();
    } catch (err) {
      const msg = errorMessage(err, original ? 'Failed to update staff' : 'Failed to create staff');
      setError(msg);
      toast({ title: 'Error', description: msg, variant: 'destructive' });
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={original ? 'Edit Staff' : 'Add Staff'}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <Field id="staff-name" label="Name"><Input id="staff-name" value={name} onChange={(e) => setName(e.target.value)} /></Field>
        <Field id="staff-mobile" label="Mobile Number"><Input id="staff-mobile" inputMode="numeric" maxLength={13} value={mobile} onChange={(e) => setMobile(e.target.value)} /></Field>
        <Field id="staff-password" label="Password" hint={original ? 'Leave empty to keep the current password.' : 'At least 8 characters.'}>
          <Input id="staff-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>Cancel</Button>
          <Button type="submit" disabled={m.create.isPending || m.update.isPending}>{original ? 'Save' : 'Add Staff'}</Button>
        </div>
      </form>
    </Dialog>
  );
}
