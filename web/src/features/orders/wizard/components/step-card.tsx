import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useOrdersText } from '../../texts';

/**
 * One step of the order wizard: in full while it is the open one, else (once reached) one line saying what was
 * chosen, with Edit (decision 028: finished steps collapse to a one-line summary).
 */
export function StepCard({
  n,
  title,
  summary,
  expanded,
  onEdit,
  editLabel,
  header,
  children,
}: {
  n: number;
  /** With its number, as the catalogue writes it ("2. Print options"). */
  title: string;
  summary: ReactNode;
  expanded: boolean;
  onEdit: () => void;
  /** What Edit says to a screen reader, e.g. "Edit the documents". */
  editLabel: string;
  header?: ReactNode;
  children: ReactNode;
}) {
  const t = useOrdersText();
  if (!expanded) {
    return (
      <Card id={`wizard-step-${n}`} className="mt-4 scroll-mt-20" data-testid={`step-${n}-summary`}>
        <div className="flex items-center gap-3 px-4 py-3">
          <Check className="h-5 w-5 shrink-0 rounded-full bg-green-600 p-0.5 text-white" aria-hidden />
          <div className="min-w-0 flex-1">
            <h2 className="text-sm font-semibold">{title}</h2>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{summary}</p>
          </div>
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={editLabel}>
            {t('step.edit')}
          </Button>
        </div>
      </Card>
    );
  }
  return (
    <Card id={`wizard-step-${n}`} className="mt-6 scroll-mt-20">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {header}
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}
