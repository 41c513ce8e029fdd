import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** The agent's token, shown once (the server keeps only its hash), with the command that starts the agent. */
export function AgentTokenDialog({
  shown,
  onClose,
}: {
  shown: { name: string; token: string } | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState<string | null>(null);
  const command = shown ? `npx @shop/print-agent --server ${window.location.origin} --token ${shown.token}` : '';
  const copy = async (what: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      setCopied(null);
    }
  };
  return (
    <Dialog
      open={shown !== null}
      onOpenChange={(o) => {
        if (!o) {
          setCopied(null);
          onClose();
        }
      }}
      title={`Token for ${shown?.name ?? ''}`}
      description="Copy it now: it is shown only once. Anyone with it can take this shop's print jobs, so keep it on the agent's computer only."
    >
      <div className="space-y-3">
        <label className="block text-sm font-medium" htmlFor="agent-token">
          Token
        </label>
        <div className="flex gap-2">
          <input
            id="agent-token"
            readOnly
            value={shown?.token ?? ''}
            className="h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-sm dark:border-slate-700 dark:bg-slate-800"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            variant="outline"
            className="h-11"
            onClick={() => void copy('token', shown!.token)}
            aria-label="Copy the token"
          >
            {copied === 'token' ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          </Button>
        </div>
        <p className="text-sm font-medium">On the computer next to the printers (Node 20 and CUPS installed):</p>
        <pre
          className="overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-100"
          data-testid="agent-command"
        >
          {command}
        </pre>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" className="h-11" onClick={() => void copy('command', command)}>
            {copied === 'command' ? (
              <Check className="h-4 w-4" aria-hidden />
            ) : (
              <Copy className="h-4 w-4" aria-hidden />
            )}{' '}
            Copy command
          </Button>
          <Button className="h-11" onClick={onClose}>
            Done
          </Button>
        </div>
        <p className="sr-only" aria-live="polite">
          {copied ? `${copied} copied` : ''}
        </p>
      </div>
    </Dialog>
  );
}
