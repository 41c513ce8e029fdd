import { serviceNameIn } from '@shop/shared/catalog/service-text';
import type { Service } from '@shop/shared/catalog/schemas';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { SandboxCheckout } from '@/features/checkout/sandbox-checkout';
import { WizardSteps } from './components/wizard-steps';
import { formatList } from '@shop/shared/i18n/format';
import { formatRupees } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n/i18n';
import { shopText } from '@/lib/shop-config';
import { DeliverySteps } from './wizard/components/delivery-steps';
import { DocumentsStep } from './wizard/components/documents-step';
import { OptionsStep } from './wizard/components/options-step';
import { PriceBar } from './wizard/components/price-bar';
import { ReviewStep } from './wizard/components/review-step';
import { useAutoPrice } from './wizard/use-auto-price';
import { useCheckout } from './wizard/use-checkout';
import { useOrderWizard } from './wizard/use-order-wizard';
import { useOrdersText } from './texts';

/**
 * The order wizard (docs/decisions/028-wizard-as-customers-use-it.md): the documents of the order, each one's options,
 * the order's price, delivery and payment, for phones first. `service` is the service whose page the customer came
 * from.
 */
export function OrderWizard({
  pageId,
  service,
  catalogue,
}: {
  pageId: string;
  service: Service;
  catalogue: { data?: Service[]; isError: boolean; isPending: boolean };
}) {
  const w = useOrderWizard(pageId, service, catalogue);
  const t = useOrdersText();
  const all = catalogue.data ?? [service];
  const serviceName = (id: number) => {
    const s = all.find((x) => x.id === id);
    return s ? serviceNameIn(currentLanguage(), s) : undefined;
  };
  const price = useAutoPrice(w, serviceName);
  const checkout = useCheckout(w, all, price);
  // The page is the order's: one document's service (or the page's before any), never the last edited of several.
  const only = w.documents.length === 1 ? all.find((s) => s.id === w.documents[0]!.opts.serviceId) : undefined;
  const priced = only ?? (w.documents.length === 0 ? service : null);
  const services = [
    ...new Set(w.documents.map((d) => serviceName(d.opts.serviceId)).filter((n): n is string => Boolean(n))),
  ];

  // Each step opens below the last: bring it into view, or on a phone the customer sees nothing happen.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const el = document.getElementById(`wizard-step-${w.open}`);
    if (!el) return;
    // Already in the upper half of the window (a desktop often is): leave the page where it is.
    const { top } = el.getBoundingClientRect();
    if (top >= 64 && top <= window.innerHeight / 2) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [w.open, w.editing]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <Link to={paths.serviceCategory(service.category)} className={buttonClass('ghost', 'sm', '-ml-2')}>
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t('wizard.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold">
        {priced
          ? t('wizard.title', { service: serviceNameIn(currentLanguage(), priced) })
          : t('wizard.titleMany', { count: w.documents.length })}
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {priced
          ? t('wizard.prices', {
              single: formatRupees(priced.price_single_side),
              double: formatRupees(priced.price_double_side),
            })
          : t('wizard.services', { services: formatList(currentLanguage(), services) })}
      </p>
      <div className="mt-6">
        <WizardSteps step={w.step} open={w.open} />
      </div>

      <DocumentsStep w={w} />
      {w.step >= 2 && (
        <OptionsStep
          w={w}
          onContinue={checkout.continueFromOptions}
          onReview={checkout.reviewNow}
          catalogueLoading={catalogue.isPending}
          serviceName={serviceName}
        />
      )}
      <ReviewStep w={w} serviceName={serviceName} updating={price.updating} />
      <DeliverySteps
        w={w}
        whatsapp={checkout.whatsapp}
        bill={checkout.bill}
        pickupError={checkout.pickupError}
        checkPickup={checkout.checkPickup}
        needChoice={checkout.needChoice}
        payNow={checkout.payNow}
      />
      {w.documents.length > 0 && <PriceBar w={w} price={price} paying={checkout.paying} onPay={checkout.payNow} />}

      {checkout.checkout && (
        <SandboxCheckout
          open
          shopName={shopText('name')}
          amountPaise={checkout.checkout.amount}
          providerOrderId={checkout.checkout.id}
          prefill={checkout.checkout.prefill}
          onSuccess={(res) => void checkout.onPaid(res, checkout.checkout!, w.deliveryType ?? 'pickup')}
          onFailure={checkout.onFailed}
          onDismiss={checkout.onDismiss}
        />
      )}
    </div>
  );
}
