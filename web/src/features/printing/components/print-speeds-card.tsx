import { PRINT_SPEED_MESSAGE, printSpeedsSchema, type PrintSpeeds } from '@shop/shared/printing/speeds';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePrintSpeeds, useSetPrintSpeeds } from '../api';

const ROLES: Array<{ role: keyof PrintSpeeds; label: string; unit: string }> = [
  { role: 'bw_a4', label: 'Black & white A4', unit: 'pages a minute' },
  { role: 'color_a4', label: 'Colour A4', unit: 'pages a minute' },
  { role: 'a3', label: 'A3', unit: 'pages a minute' },
  { role: 'pvc', label: 'PVC cards', unit: 'cards a minute' },
];

/**
 * How fast the shop's printer of each kind works (decision 039): the due time on the counter's cards counts the
 * pages at these speeds (a side counted as a page). Set here whether or not a print agent prints from the queue.
 */
export function PrintSpeedsCard() {
  const { data } = usePrintSpeeds();
  const save = useSetPrintSpeeds();
  const [typed, setTyped] = useState<Partial<Record<keyof PrintSpeeds, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof PrintSpeeds, string>>>({});
  if (!data) return null;
  const value = (role: keyof PrintSpeeds) => typed[role] ?? String(data[role]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = printSpeedsSchema.safeParse(
      Object.fromEntries(ROLES.map(({ role }) => [role, Number(value(role).trim() || NaN)])),
    );
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), PRINT_SPEED_MESSAGE])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      setTyped({});
      toast({
        title: 'Printer speeds saved',
        description: 'Orders paid from now on are promised at these speeds.',
        variant: 'success',
      });
    } catch (err) {
      toast({
        title: 'Not saved',
        description: errorMessage(err, 'The speeds could not be saved.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <Card className="p-4">
      <form onSubmit={submit} noValidate className="space-y-3">
        <div>
          <h2 className="text-lg font-semibold">How fast each printer works</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The due time on each order counts its pages at these speeds, plus a few minutes of handling (two for a
            customer waiting at the counter).
          </p>
        </div>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {ROLES.map(({ role, label, unit }) => (
            <Field key={role} id={`speed-${role}`} label={label} hint={unit} error={errors[role]}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={300}
                step={1}
                value={value(role)}
                onChange={(e) => setTyped((t) => ({ ...t, [role]: e.target.value }))}
              />
            </Field>
          ))}
        </div>
        <Button type="submit" className="h-11 sm:h-10" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save speeds'}
        </Button>
      </form>
    </Card>
  );
}
