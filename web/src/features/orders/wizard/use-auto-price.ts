import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { calculateOrderCost } from '../api';
import { ordersText as t } from '../texts';
import type { OrderWizard } from './use-order-wizard';
import { documentsBody, firstProblem } from './wizard-state';

/**
 * How long the customer may keep typing (copies, a page range) before the price is asked for. The first price, and
 * the price after a document joined or left, are asked for at once.
 */
const SETTLE_MS = 300;

/**
 * The order's price, kept current (decision 028: changing an option re-prices in place without hiding later
 * steps). Every change of the documents asks the server again once the typing settles; the last price stays on
 * screen, marked as being updated, until the new one arrives. Only the newest answer counts. Pay needs a price for
 * exactly the documents on screen (`fresh`); the server checks it again when the payment is created.
 */
export function useAutoPrice(w: OrderWizard, nameOf: (id: number) => string | undefined) {
  const problem = firstProblem(w.documents);
  const body = w.documents.length && !problem ? documentsBody(w.documents, nameOf) : null;
  const key = body ? JSON.stringify(body) : null;
  const [failed, setFailed] = useState<{ key: string; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef<string | null>(key);
  useEffect(() => {
    latest.current = key;
  }, [key]);
  const { costKey, setPriced } = w;
  const count = w.documents.length;
  const pricedCount = useRef(w.cost?.documents.length ?? 0);
  const hasCost = !!w.cost;

  useEffect(() => {
    if (!key || !body || key === costKey) return;
    const typing = hasCost && pricedCount.current === count;
    const timer = setTimeout(
      () => {
        calculateOrderCost(body)
          .then((result) => {
            if (latest.current !== key) return;
            pricedCount.current = body.length;
            setPriced(result, key);
          })
          .catch((err: unknown) => {
            if (latest.current !== key) return;
            const message = errorMessage(err, t('calc.failedText'));
            setFailed({ key, message });
            toast({ title: t('calc.failed'), description: message, variant: 'destructive' });
          });
      },
      typing ? SETTLE_MS : 0,
    );
    return () => clearTimeout(timer);
    // body is derived from key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, costKey, attempt]);

  const fresh = !!key && key === costKey;
  const error = failed && failed.key === key ? failed.message : null;
  const retry = () => {
    setFailed(null);
    setAttempt((n) => n + 1);
  };
  return { fresh, updating: !!key && !fresh && !error, error, problem, retry };
}
export type AutoPrice = ReturnType<typeof useAutoPrice>;
