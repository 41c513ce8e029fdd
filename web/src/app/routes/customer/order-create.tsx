import { Link, useParams } from '@/lib/router';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useService, useServices } from '@/features/catalog/api';
import { useAccountText } from '../../i18n/account';
import { OrderWizard } from '@/features/orders/order-wizard';

/** /order-create/{serviceId}: documents, options, review, delivery choice, delivery details, then payment. */
export default function OrderCreatePage() {
  const { id = '' } = useParams();
  const { data: service, isPending, isError } = useService(id);
  const catalogue = useServices();
  const t = useAccountText();

  if (isPending)
    return (
      <div className="flex justify-center py-20">
        <Spinner />
      </div>
    );
  if (isError || !service) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t('create.unavailable')}</h1>
        <p className="mt-2 text-slate-600">{t('create.unavailableText')}</p>
        <Link to={paths.services} className={buttonClass('default', 'default', 'mt-6')}>
          {t('create.browse')}
        </Link>
      </div>
    );
  }
  return <OrderWizard pageId={id} service={service} catalogue={catalogue} />;
}
