import { Link, useParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useService, useServices } from '@/features/catalog/api';
import { OrderWizard } from '@/features/orders/order-wizard';

/** /order-create/{serviceId}: documents, options, review, delivery choice, delivery details, then payment. */
export default function OrderCreatePage() {
  const { id = '' } = useParams();
  const { data: service, isPending, isError } = useService(id);
  const catalogue = useServices();

  if (isPending) return <div className="flex justify-center py-20"><Spinner /></div>;
  if (isError || !service) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Service not available</h1>
        <p className="mt-2 text-slate-600">This service does not exist or is no longer offered.</p>
        <Link to={paths.services} className={buttonClass('default', 'default', 'mt-6')}>Browse services</Link>
      </div>
    );
  }
  return <OrderWizard pageId={id} service={service} catalogue={catalogue} />;
}
