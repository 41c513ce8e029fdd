import { PolicyPage } from '@/components/layout/policy-page';
import { usePoliciesText } from '../../i18n/policies';
import { policyFacts } from './policy-facts';

export default function TermsPage() {
  const t = usePoliciesText();
  const s = policyFacts();
  return (
    <PolicyPage
      title={t('terms.title')}
      intro={t('terms.intro', s)}
      sections={[
        { title: t('terms.account'), items: [t('terms.account.1'), t('terms.account.2'), t('terms.account.3')] },
        {
          title: t('terms.orders'),
          items: [t('terms.orders.1'), t('terms.orders.2'), t('terms.orders.3'), t('terms.orders.4', s)],
        },
        { title: t('terms.prices'), items: [t('terms.prices.1'), t('terms.prices.2'), t('terms.prices.3')] },
        {
          title: t('terms.delivery'),
          items: [t('terms.delivery.1', s), t('terms.delivery.2', s), t('terms.delivery.3')],
        },
        { title: t('terms.cancel'), text: t('terms.cancel.1') },
        { title: t('terms.status'), text: t('terms.status.1') },
        { title: t('terms.liability'), text: t('terms.liability.1') },
        { title: t('terms.changes'), text: t('terms.changes.1', s) },
      ]}
    />
  );
}
