import { PRINTER_ROLES, PRINTER_ROLE_LABELS, type PrinterRole } from '@shop/shared/printing/schemas';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAgentMutations, type PrinterDto } from '../api';

/** Paper sizes a printer offers, from its PWG media names (iso_a4_210x297mm → A4). */
export function paperSizes(media: string[]): string[] {
  const found = new Set<string>();
  for (const m of media) {
    if (/^iso_a4_/.test(m)) found.add('A4');
    else if (/^iso_a3_/.test(m)) found.add('A3');
    else if (/^na_letter_/.test(m)) found.add('Letter');
    else if (/^na_legal_/.test(m)) found.add('Legal');
    else if (/(card|cr80|id-1)/i.test(m) || /_5[34](\.\d+)?x8[56](\.\d+)?mm$/.test(m)) found.add('Card');
  }
  return [...found];
}

/** One CUPS queue or printer added by address: what it can do, how it is now, and the role the admin gives it. */
export function PrinterRow({ printer }: { printer: PrinterDto }) {
  const { setRole, removeDirect } = useAgentMutations();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const remove = async () => {
    try {
      await removeDirect.mutateAsync(printer.id);
      setConfirmRemove(false);
      toast({ title: 'Printer removed', description: printer.name, variant: 'success' });
    } catch (err) {
      setConfirmRemove(false);
      toast({ title: 'Error', description: errorMessage(err, 'The printer was not removed'), variant: 'destructive' });
    }
  };
  const caps = printer.capabilities;
  const selectId = `role-${printer.id}`;
  const change = async (value: string) => {
    const role = value === '' ? null : (value as PrinterRole);
    try {
      await setRole.mutateAsync({ id: printer.id, role });
      toast({
        title: 'Printer updated',
        description: `${printer.name}: ${role ? PRINTER_ROLE_LABELS[role] : 'not used for orders'}`,
        variant: 'success',
      });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The role was not saved'), variant: 'destructive' });
    }
  };
  const facts = [
    caps.color ? 'Colour' : 'Black & white only',
    caps.duplex ? 'Two-sided' : 'One-sided (two-sided by hand)',
    ...paperSizes(caps.media),
    ...(caps.pdf ? [] : ['No PDF']),
    ...(printer.uri
      ? [caps.format === 'image/pwg-raster' ? 'Straight over IPP (pages sent as raster)' : 'Straight over IPP']
      : []),
  ];
  return (
    <li className="space-y-2 py-3 first:pt-0 last:pb-0" data-testid="printer-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold">{printer.name}</p>
          <p className="break-words text-xs text-slate-500 dark:text-slate-400">
            {printer.name !== printer.queue && <span className="break-all font-mono">{printer.queue} · </span>}
            {printer.uri && <span className="break-all font-mono">{printer.uri} · </span>}
            {printer.make_and_model}
          </p>
        </div>
        <Badge variant={printer.problem ? 'destructive' : 'outline'} className="whitespace-nowrap">
          {printer.problem
            ? 'Needs attention'
            : printer.state === 'processing'
              ? 'Printing'
              : printer.online
                ? 'Ready'
                : 'Offline'}
        </Badge>
      </div>
      {printer.problem && (
        <p className="flex items-start gap-1.5 text-sm text-red-700 dark:text-red-300">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> {printer.problem}
        </p>
      )}
      <ul className="flex flex-wrap gap-1" aria-label={`What ${printer.name} can do`}>
        {facts.map((f) => (
          <li
            key={f}
            className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          >
            {f}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="text-sm font-medium">
          Prints
        </label>
        <select
          id={selectId}
          value={printer.role ?? ''}
          disabled={setRole.isPending}
          onChange={(e) => void change(e.target.value)}
          className="h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-base sm:flex-none lg:h-9 lg:text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <option value="">Not used for orders</option>
          {PRINTER_ROLES.map((r) => (
            <option key={r} value={r}>
              {PRINTER_ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        {printer.uri && (
          <Button
            variant="ghost"
            className="h-11 text-red-600 lg:h-9 dark:text-red-400"
            onClick={() => setConfirmRemove(true)}
            aria-label={`Remove ${printer.name}`}
          >
            Remove
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmRemove}
        title={`Remove ${printer.name}?`}
        description="The agent stops printing to this address. Printed orders keep their history."
        cancelLabel="Keep it"
        confirmLabel="Remove printer"
        busy={removeDirect.isPending}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={remove}
      />
    </li>
  );
}
