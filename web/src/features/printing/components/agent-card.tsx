import { KeyRound, Plus, Server } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime, relativeTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAgentMutations, type AgentDto } from '../api';
import { AddDirectPrinterDialog } from './add-direct-printer-dialog';
import { PrinterRow } from './printer-row';

/** A print agent: connected or not, its token (replace, revoke), and the printers it reported. */
export function AgentCard({
  agent,
  onToken,
}: {
  agent: AgentDto;
  onToken: (shown: { name: string; token: string }) => void;
}) {
  const m = useAgentMutations();
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [addingPrinter, setAddingPrinter] = useState(false);
  const replace = async () => {
    try {
      const { token } = await m.replaceToken.mutateAsync(agent.id);
      onToken({ name: agent.name, token });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'No new token was made'), variant: 'destructive' });
    }
  };
  const revoke = async () => {
    try {
      const { message } = await m.revoke.mutateAsync(agent.id);
      setConfirmRevoke(false);
      toast({ title: 'Token revoked', description: message, variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The token was not revoked'), variant: 'destructive' });
    }
  };
  const status = !agent.has_token ? 'Revoked' : agent.online ? 'Connected' : 'Offline';
  return (
    <Card className="p-4" data-testid="agent-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-2 break-words text-lg font-semibold">
            <Server className="h-5 w-5 shrink-0 text-slate-400" aria-hidden /> {agent.name}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {agent.is_local
              ? 'Runs inside the shop’s server (PRINT_AGENT_LOCAL)'
              : agent.token_hint
                ? `Token ending …${agent.token_hint}`
                : 'No token: it cannot connect'}
            {agent.last_seen_at ? (
              <>
                {' '}
                · last heard{' '}
                <time dateTime={agent.last_seen_at} title={formatDateTime(agent.last_seen_at)}>
                  {relativeTime(agent.last_seen_at)}
                </time>
              </>
            ) : (
              ' · not running'
            )}
            {agent.version && agent.version !== 'in-process' ? ` · v${agent.version}` : ''}
          </p>
        </div>
        <Badge
          variant={agent.online ? 'default' : agent.has_token ? 'outline' : 'destructive'}
          className="flex items-center gap-1.5 whitespace-nowrap"
        >
          <span
            className={cn(
              'inline-block h-2 w-2 rounded-full',
              agent.online ? 'bg-green-400' : agent.has_token ? 'bg-amber-500' : 'bg-white',
            )}
            aria-hidden
          />
          {status}
        </Badge>
      </div>
      {!agent.is_local && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="outline"
            className="h-11 lg:h-9"
            disabled={m.replaceToken.isPending}
            onClick={() => void replace()}
          >
            <KeyRound className="h-4 w-4" aria-hidden /> {agent.has_token ? 'New token' : 'Give a token'}
          </Button>
          {agent.has_token && (
            <Button
              variant="ghost"
              className="h-11 text-red-600 lg:h-9 dark:text-red-400"
              onClick={() => setConfirmRevoke(true)}
            >
              Revoke
            </Button>
          )}
        </div>
      )}
      <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-800">
        {agent.printers.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {agent.online
              ? agent.prints_direct
                ? 'No printers yet: this computer has no CUPS queues. Add a network printer by its IPP address.'
                : 'This agent reported no CUPS printers.'
              : 'Printers appear here once the agent connects.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={`Printers of ${agent.name}`}>
            {agent.printers.map((p) => (
              <PrinterRow key={p.id} printer={p} />
            ))}
          </ul>
        )}
        {agent.prints_direct && (
          <Button variant="outline" className="mt-3 h-11 lg:h-9" onClick={() => setAddingPrinter(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Add printer by IPP address
          </Button>
        )}
      </div>
      {addingPrinter && <AddDirectPrinterDialog agent={agent} onClose={() => setAddingPrinter(false)} />}
      <ConfirmDialog
        open={confirmRevoke}
        title={`Revoke the token of ${agent.name}?`}
        description="The agent disconnects at once. Orders sent to its printers wait (nothing is lost) until it has a new token."
        cancelLabel="Keep it"
        confirmLabel="Revoke token"
        busy={m.revoke.isPending}
        onCancel={() => setConfirmRevoke(false)}
        onConfirm={revoke}
      />
    </Card>
  );
}
