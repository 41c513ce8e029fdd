import { PolicyPage } from '@/components/layout/policy-page';
import { usePoliciesText } from '../../i18n/policies';
import { policyFacts } from './policy-facts';

export default function PrivacyPage() {
  const t = usePoliciesText();
  const s = policyFacts();
  return (
    <PolicyPage
      title={t('privacy.title')}
      intro={t('privacy.intro', s)}
      sections={[
        {
          title: t('privacy.collect'),
          items: [t('privacy.collect.1'), t('privacy.collect.2'), t('privacy.collect.3'), t('privacy.collect.4')],
        },
        { title: t('privacy.use'), items: [t('privacy.use.1'), t('privacy.use.2'), t('privacy.use.3')] },
        { title: t('privacy.documents'), text: t('privacy.documents.1') },
        { title: t('privacy.sharing'), text: t('privacy.sharing.1') },
        { title: t('privacy.cookies'), text: t('privacy.cookies.1') },
        { title: t('privacy.keeping'), text: t('privacy.keeping.1', s) },
        { title: t('privacy.contact'), text: t('privacy.contact.1', s) },
      ]}
    />
  );
}
