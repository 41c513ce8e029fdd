import { MessageSquare } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useNotifyText } from '../texts';
import { useOrderMessages } from '../api';

/** On the customer's tracking page: the shop's notes about this order, oldest first. */
export function OrderMessages({ orderNumber }: { orderNumber: string }) {
  const { data } = useOrderMessages(orderNumber);
  const t = useNotifyText();
  if (!data || data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare className="h-5 w-5" aria-hidden /> {t('fromShop')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3" aria-label={t('fromShop')}>
          {data.map((m) => (
            <li key={m.id} className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800">
              <p className="whitespace-pre-line break-words">{m.body}</p>
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                {m.from} · {formatDateTime(m.created_at)}
              </p>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
