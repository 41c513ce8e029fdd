import { useCommonText } from '@/lib/i18n/common';
import { shopConfig } from '@/lib/shop-config';

/**
 * Shown on every page (customer, admin, staff) while the shop takes no real money: the sandbox checkout or
 * Razorpay test keys. A shop that went live by mistake in test mode says so to everyone who opens it.
 */
export function TestModeBand() {
  const t = useCommonText();
  if (!shopConfig.payments.testMode) return null;
  return (
    <div
      role="note"
      data-testid="test-mode-band"
      className="bg-amber-300 px-4 py-1.5 text-center text-sm font-semibold text-slate-950"
    >
      {t('testMode.title')} <span className="hidden font-normal sm:inline">{t('testMode.detail')}</span>
    </div>
  );
}
