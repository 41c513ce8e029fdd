import { directPrinterCreateSchema } from '@shop/shared/printing/schemas';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAgentMutations, type AgentDto } from '../api';

/**
 * A network printer the agent prints to straight, with no CUPS (decision 035): an IPP Everywhere printer on the shop's
 * network, by its address. The agent reads it within a minute; then its role is set like any printer's.
 */
export function AddDirectPrinterDialog({ agent, onClose }: { agent: AgentDto; onClose: () => void }) {
  const { addDirect } = useAgentMutations();
  const [name, setName] = useState('');
  const [uri, setUri] = useState('');
  const [errors, setErrors] = useState<{ name?: string; uri?: string }>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = directPrinterCreateSchema.safeParse({ name, uri });
    if (!parsed.success) {
      const next: { name?: string; uri?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'name' ? 'name' : 'uri';
        next[field] ??= issue.message;
      }
      return setErrors(next);
    }
    try {
      const printer = await addDirect.mutateAsync({ agentId: agent.id, ...parsed.data });
      toast({
        title: 'Printer added',
        description: `${printer.name}: ${agent.name} reads it within a minute.`,
        variant: 'success',
      });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors({ name: err.fields.name, uri: err.fields.uri });
      else
        toast({ title: 'Error', description: errorMessage(err, 'The printer was not added'), variant: 'destructive' });
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Add a printer to ${agent.name}`}
      description="A network printer that speaks IPP Everywhere (most laser and ink-tank printers sold today). The agent prints to it straight: no CUPS and no driver on the computer."
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <Field
          id="direct-printer-name"
          label="Name"
          error={errors.name}
          hint="Letters, digits, - or _, e.g. Office_Laser."
        >
          <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        </Field>
        <Field
          id="direct-printer-uri"
          label="IPP address"
          error={errors.uri}
          hint="From the printer's network settings page or its printed network report, e.g. ipp://192.168.1.20/ipp/print. Give the printer a fixed address in the router."
        >
          <Input
            value={uri}
            maxLength={300}
            onChange={(e) => setUri(e.target.value)}
            autoComplete="off"
            inputMode="url"
            placeholder="ipp://192.168.1.20/ipp/print"
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" className="h-11" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" className="h-11" disabled={addDirect.isPending}>
            Add printer
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
