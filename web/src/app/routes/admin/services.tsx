import {
  CATEGORY_INFO,
  isCategory,
  paperSizeLabel,
  paperTypeLabel,
  PRINTING_TYPE_LABELS,
  type PrintingType,
} from '@shop/shared/common/options';
import { candidateOf, missingMixedColourPartner } from '@shop/shared/pricing/mixed-colour';
import type { Service } from '@shop/shared/catalog/schemas';
import { Info, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@/lib/router';
import { Button, buttonClass } from '@/components/ui/button';
import { Badge, Card, Skeleton } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useAllServices, useServiceMutations } from '@/features/admin/api';
import { ServiceImage } from '@/features/catalog/components/service-image';
import { errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { toast } from '@/lib/toast';

/**
 * On an active colour service whose paper no active black & white service prints: customers cannot have only the
 * colour pages in colour (decision 016), and the admin is told which service to add, with the form filled in.
 */
function MixedColourHint({ service, all }: { service: Service; all: readonly Service[] }) {
  const missing = missingMixedColourPartner(candidateOf(service), all.map(candidateOf));
  if (!missing) return null;
  const paper = `${paperSizeLabel(missing.paperSize)} ${paperTypeLabel(missing.paperType)}`;
  const query = new URLSearchParams({
    printing_type: 'bw',
    paper_size: missing.paperSize,
    paper_type: missing.paperType,
    category: 'black_white_printing',
  });
  return (
    <p
      role="note"
      className="flex gap-2 rounded-md bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      data-testid="mixed-colour-hint"
    >
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>
        Customers cannot print only the colour pages in colour: no active black &amp; white service prints {paper}.{' '}
        <Link to={`${paths.adminServicesNew}?${query}`} className="font-medium underline">
          Add a black &amp; white {paper} service
        </Link>
      </span>
    </p>
  );
}

/** Admin services: search, toggle one or all, edit, delete with confirmation. */
export default function AdminServicesPage() {
  const { data, isPending, isError } = useAllServices();
  const m = useServiceMutations();
  const [search, setSearch] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<{ id: number; name: string } | null>(null);
  // Deactivating everything hides the whole catalogue from customers: the admin confirms, seeing how many.
  const [confirmDeactivateAll, setConfirmDeactivateAll] = useState(false);
  const all = data ?? [];
  const q = search.trim().toLowerCase();
  const list = q ? all.filter((s) => `${s.name} ${s.description} ${s.category}`.toLowerCase().includes(q)) : all;
  const anyInactive = all.some((s) => !s.is_active);
  const activeCount = all.filter((s) => s.is_active).length;

  const bulk = async (isActive: boolean) => {
    try {
      const r = await m.bulk.mutateAsync(isActive);
      toast({
        title: isActive ? 'All services activated' : 'All services deactivated',
        description: `${r.updatedCount} services updated in ${r.processingTime} ms`,
      });
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to bulk update services'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Services</h1>
        <div className="flex flex-wrap gap-2">
          {all.length > 0 &&
            (anyInactive ? (
              <Button variant="success" className="h-11 sm:h-10" onClick={() => bulk(true)} disabled={m.bulk.isPending}>
                Activate All
              </Button>
            ) : (
              <Button
                variant="outline"
                className="h-11 sm:h-10"
                onClick={() => setConfirmDeactivateAll(true)}
                disabled={m.bulk.isPending}
              >
                Deactivate All
              </Button>
            ))}
          <Link
            to={paths.adminServicesNew}
            className={buttonClass('default', 'default', 'h-11 whitespace-nowrap sm:h-10')}
          >
            <Plus className="h-4 w-4" aria-hidden /> Add Service
          </Link>
        </div>
      </div>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search services"
          placeholder="Search services..."
          className="h-11 pl-9 sm:h-10"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {isError && <Card className="p-6 text-red-600">Failed to fetch services</Card>}
      {isPending ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Card key={i} className="space-y-3 p-4">
              <Skeleton className="h-32 w-full" />
              <Skeleton className="h-5 w-1/2" />
            </Card>
          ))}
        </div>
      ) : list.length === 0 ? (
        !isError && <Card className="p-10 text-center text-slate-500">No services found matching your search.</Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.map((s) => (
            <li key={s.id}>
              <Card data-testid="admin-service" className="overflow-hidden">
                <ServiceImage src={s.image_url} alt={s.name} className="aspect-[8/5] w-full" />
                <div className="space-y-2 p-4 text-sm">
                  <div className="flex items-start justify-between gap-2">
                    <h2 className="min-w-0 break-words font-semibold">{s.name}</h2>
                    <Badge variant={s.is_active ? 'default' : 'secondary'}>{s.is_active ? 'Active' : 'Inactive'}</Badge>
                  </div>
                  <p className="text-slate-600 dark:text-slate-400" data-testid="service-print">
                    {PRINTING_TYPE_LABELS[s.printing_type as PrintingType] ?? s.printing_type} ·{' '}
                    {paperSizeLabel(s.paper_size)} {paperTypeLabel(s.paper_type)} ·{' '}
                    {isCategory(s.category) ? CATEGORY_INFO[s.category].name : s.category}
                  </p>
                  <p>
                    {formatRupees(s.price_single_side)} single · {formatRupees(s.price_double_side)} double
                  </p>
                  <MixedColourHint service={s} all={all} />
                  <div className="flex flex-wrap gap-2 pt-1">
                    <Button
                      size="sm"
                      className="h-10 sm:h-8"
                      variant={s.is_active ? 'outline' : 'success'}
                      onClick={async () => {
                        try {
                          await m.toggle.mutateAsync({ id: s.id, isActive: !s.is_active });
                          toast({
                            title: s.is_active ? 'Service deactivated' : 'Service activated',
                            description: s.name,
                          });
                        } catch (err) {
                          toast({
                            title: 'Error',
                            description: errorMessage(err, 'Failed to update service status'),
                            variant: 'destructive',
                          });
                        }
                      }}
                    >
                      {s.is_active ? 'Deactivate' : 'Activate'}
                    </Button>
                    <Link to={paths.adminServiceEdit(s.id)} className={buttonClass('outline', 'sm', 'h-10 sm:h-8')}>
                      <Pencil className="h-4 w-4" aria-hidden /> Edit
                    </Link>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="h-10 text-red-600 sm:h-8 dark:text-red-400"
                      onClick={() => setConfirmDelete({ id: s.id, name: s.name })}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden /> Delete
                    </Button>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmDeactivateAll}
        title={`Deactivate all ${activeCount} services?`}
        description={`${activeCount === 1 ? '1 service' : `${activeCount} services`} will be hidden from customers and cannot be ordered until you activate them again. Orders already placed are not affected.`}
        confirmLabel={`Deactivate ${activeCount === 1 ? '1 service' : `${activeCount} services`}`}
        busy={m.bulk.isPending}
        onCancel={() => setConfirmDeactivateAll(false)}
        onConfirm={async () => {
          await bulk(false);
          setConfirmDeactivateAll(false);
        }}
      />
      <ConfirmDialog
        open={confirmDelete !== null}
        title="Delete service?"
        description={`"${confirmDelete?.name}" will no longer be offered to customers. Past orders keep it.`}
        confirmLabel="Delete"
        busy={m.remove.isPending}
        onCancel={() => setConfirmDelete(null)}
        onConfirm={async () => {
          if (!confirmDelete) return;
          try {
            await m.remove.mutateAsync(confirmDelete.id);
            toast({ title: 'Service deleted', description: confirmDelete.name });
          } catch (err) {
            toast({
              title: 'Error',
              description: errorMessage(err, 'Failed to delete service'),
              variant: 'destructive',
            });
          }
          setConfirmDelete(null);
        }}
      />
    </div>
  );
}
