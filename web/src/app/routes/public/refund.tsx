import { PolicyPage } from '@/components/layout/policy-page';
import { usePoliciesText } from '../../i18n/policies';
import { policyFacts } from './policy-facts';

export default function RefundPage() {
  const t = usePoliciesText();
  const s = policyFacts();
  return (
    <PolicyPage
      title={t('refund.title')}
      intro={t('refund.intro', s)}
      sections={[
        { title: t('refund.cancel'), text: t('refund.cancel.1') },
        { title: t('refund.none'), text: t('refund.none.1') },
        { title: t('refund.fail'), items: [t('refund.fail.1', s), t('refund.fail.2'), t('refund.fail.3')] },
        { title: t('refund.failed'), text: t('refund.failed.1') },
        { title: t('refund.contact'), text: t('refund.contact.1', s) },
      ]}
    />
  );
}
