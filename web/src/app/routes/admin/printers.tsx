import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { useAgentMutations, useAgents } from '@/features/printing/api';
import { AgentCard } from '@/features/printing/components/agent-card';
import { AgentTokenDialog } from '@/features/printing/components/agent-token-dialog';
import { PrintSpeedsCard } from '@/features/printing/components/print-speeds-card';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** The admin's printers: the print agents next to the shop's printers, and which printer prints what. */
export default function PrintersPage() {
  const { data, isPending, isError } = useAgents();
  const { create } = useAgentMutations();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const { agent, token } = await create.mutateAsync(name);
      setAdding(false);
      setName('');
      setNameError(undefined);
      setShown({ name: agent.name, token });
    } catch (err) {
      if (err instanceof ApiError && err.fields?.name) setNameError(err.fields.name);
      else toast({ title: 'Error', description: errorMessage(err, 'The agent was not added'), variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Printers</h1>
        <Button className="h-11 whitespace-nowrap sm:h-10" onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden /> Add print agent
        </Button>
      </div>
      <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        A print agent is a small program on a computer next to the shop&rsquo;s printers (the counter PC or a Raspberry
        Pi). It connects to this site, prints paid orders through CUPS, or straight to network printers added by their
        IPP address (so a Windows PC needs no print server), with the settings the customer paid for, and reports back.
        Give each printer the kind of work it does.
      </p>
      {isError && <Card className="p-4 text-red-600">Could not load the print agents.</Card>}
      {isPending ? (
        <Card className="space-y-3 p-4">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-16 w-full" />
        </Card>
      ) : data && data.length === 0 ? (
        <Card className="p-6 text-center text-slate-500 dark:text-slate-400">
          No print agent yet. Add one, then start it on the computer next to the printers.
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {data?.map((a) => (
            <AgentCard key={a.id} agent={a} onToken={setShown} />
          ))}
        </div>
      )}

      <PrintSpeedsCard />

      <Dialog
        open={adding}
        onOpenChange={setAdding}
        title="Add a print agent"
        description="Name the computer it will run on; its token is shown next."
      >
        <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
          <Field id="agent-name" label="Name" error={nameError} hint='For example "Counter PC" or "Back room Pi".'>
            <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} autoComplete="off" />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" className="h-11" onClick={() => setAdding(false)}>
              Cancel
            </Button>
            <Button type="submit" className="h-11" disabled={create.isPending}>
              Add agent
            </Button>
          </div>
        </form>
      </Dialog>
      <AgentTokenDialog shown={shown} onClose={() => setShown(null)} />
    </div>
  );
}
