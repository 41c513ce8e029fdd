import { zodResolver } from '@hookform/resolvers/zod';
import { SERVICE_MESSAGES, serviceFormSchema, servicePriceProblem } from '@shop/shared/catalog/schemas';
import {
  CATEGORIES,
  CATEGORY_INFO,
  PAPER_SIZES,
  PAPER_TYPE_LABELS,
  PAPER_TYPES,
  PRINTING_TYPE_LABELS,
  PRINTING_TYPES,
  paperSizeLabel,
} from '@shop/shared/common/options';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { Input, Select, Textarea } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { getAllServices, useServiceMutations } from '@/features/admin/api';
import { ServiceImage } from '@/features/catalog/components/service-image';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { Service } from '@shop/shared/catalog/schemas';

/** The form keeps prices as text (as typed); the shared rule checks them (whole paise, at least ₹0.01). */
const formSchema = serviceFormSchema
  .extend({
    price_single_side: z.string(),
    price_double_side: z.string(),
    name_te: z.string().max(120),
    description_te: z.string().max(2000),
    sac: z.string(),
  })
  .superRefine((v, ctx) => {
    for (const key of ['price_single_side', 'price_double_side'] as const) {
      const problem = servicePriceProblem(v[key]);
      if (problem) ctx.addIssue({ code: 'custom', path: [key], message: problem });
    }
    if (v.sac.trim() && !/^99\d{4}$/.test(v.sac.trim()))
      ctx.addIssue({
        code: 'custom',
        path: ['sac'],
        message: 'A SAC for services has 6 digits starting with 99, e.g. 998912',
      });
  });
type FormValues = z.input<typeof formSchema>;

/** Add (/admin/new-service, /admin/services/new) and edit (/admin/services/edit/:id, /admin/services/:id). */
export default function ServiceFormPage() {
  const { id } = useParams();
  const editing = id !== undefined && id !== 'new';
  const {
    data: existing,
    isPending,
    isError,
    refetch,
  } = useQuery({
    queryKey: ['services', 'admin-one', id],
    enabled: editing,
    queryFn: async () => (await getAllServices()).find((s) => String(s.id) === id) ?? null,
  });
  if (editing && isPending)
    return (
      <div className="flex justify-center py-20">
        <Spinner />
      </div>
    );
  if (editing && isError)
    return (
      <Card className="p-10 text-center" role="alert">
        <p className="font-medium text-red-600 dark:text-red-400">Failed to fetch service details</p>
        <Button variant="outline" className="mt-3" onClick={() => void refetch()}>
          Try Again
        </Button>
      </Card>
    );
  if (editing && !existing)
    return (
      <Card className="p-10 text-center">
        Service not found.{' '}
        <Link className="text-brand-700 underline" to={paths.adminServices}>
          Back to Services
        </Link>
      </Card>
    );
  return <ServiceForm key={id ?? 'new'} service={existing ?? null} />;
}

const CATEGORY_PRINTING_TYPE: Record<string, FormValues['printing_type']> = {
  color_printing: 'color',
  black_white_printing: 'bw',
  pvc_card: 'pvc',
};

function ServiceForm({ service }: { service: Service | null }) {
  const navigate = useNavigate();
  const { save } = useServiceMutations();
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(service?.image_url ?? null);
  // A new service may come filled in from a hint (the services page: the black & white partner a colour service needs).
  const [params] = useSearchParams();
  const given = <T extends string>(key: string, allowed: readonly T[]) =>
    !service && allowed.includes(params.get(key) as T) ? (params.get(key) as T) : undefined;
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: service?.name ?? '',
      description: service?.description ?? '',
      price_single_side: service ? String(service.price_single_side) : '',
      price_double_side: service ? String(service.price_double_side) : '',
      is_active: service?.is_active ?? true,
      printing_type: (service?.printing_type ??
        given('printing_type', PRINTING_TYPES) ??
        'color') as FormValues['printing_type'],
      paper_size: (service?.paper_size ?? given('paper_size', PAPER_SIZES) ?? 'a4') as FormValues['paper_size'],
      paper_type: (service?.paper_type ??
        given('paper_type', PAPER_TYPES) ??
        'white_75gsm') as FormValues['paper_type'],
      category: (service?.category ?? given('category', CATEGORIES) ?? 'color_printing') as FormValues['category'],
      name_te: service?.name_te ?? '',
      description_te: service?.description_te ?? '',
      sac: service?.sac ?? '',
    },
  });
  const e = form.formState.errors;
  // A category brings its printing type along (black & white printing → B&W), unless the admin chose one by hand.
  const [printingTypeChosen, setPrintingTypeChosen] = useState(false);
  const followCategory = (category: string) => {
    const type = CATEGORY_PRINTING_TYPE[category];
    if (type && !printingTypeChosen) form.setValue('printing_type', type);
  };
  const submit = form.handleSubmit(async (values) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(values))
      if (v !== undefined && v !== null && k !== 'image_url') fd.append(k, String(v));
    if (image) fd.append('image', image);
    try {
      await save.mutateAsync({ id: service?.id, form: fd });
      toast(
        service
          ? { title: 'Service updated', description: 'The service has been successfully updated.' }
          : { title: 'Service created', description: 'The service has been successfully created.' },
      );
      setTimeout(() => navigate(paths.adminServices), 100);
    } catch (err) {
      if (err instanceof ApiError && err.fields)
        for (const [k, msg] of Object.entries(err.fields)) form.setError(k as keyof FormValues, { message: msg });
      toast({
        title: 'Error',
        description: errorMessage(err, service ? 'Failed to update service' : 'Failed to create service'),
        variant: 'destructive',
      });
    }
  });

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Link to={paths.adminServices} className={buttonClass('ghost', 'sm', '-ml-2')}>
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Services
      </Link>
      <h1 className="text-2xl font-bold">{service ? 'Edit Service' : 'Add New Service'}</h1>
      <Card className="p-5">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field id="name" label="Service name" error={e.name?.message}>
            <Input {...form.register('name')} />
          </Field>
          <Field id="description" label="Description" error={e.description?.message}>
            <Textarea {...form.register('description')} />
          </Field>
          <Field
            id="name_te"
            label="Name in Telugu (optional)"
            error={e.name_te?.message}
            hint="Shown on Telugu pages; empty shows the English name."
          >
            <Input lang="te" {...form.register('name_te')} />
          </Field>
          <Field id="description_te" label="Description in Telugu (optional)" error={e.description_te?.message}>
            <Textarea lang="te" {...form.register('description_te')} />
          </Field>
          <Field
            id="sac"
            label="SAC on the bill (optional)"
            error={e.sac?.message}
            hint="Empty: the shop's printing SAC (998912). Paper originals are billed as photocopying (998595)."
          >
            <Input inputMode="numeric" maxLength={6} className="sm:max-w-xs" {...form.register('sac')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="price_single_side"
              label="Price per page, single-sided (₹)"
              error={e.price_single_side?.message}
              hint={SERVICE_MESSAGES.priceHint}
            >
              <Input inputMode="decimal" {...form.register('price_single_side')} />
            </Field>
            <Field
              id="price_double_side"
              label="Price per sheet, double-sided (₹)"
              error={e.price_double_side?.message}
              hint={SERVICE_MESSAGES.priceHint}
            >
              <Input inputMode="decimal" {...form.register('price_double_side')} />
            </Field>
            <Field id="printing_type" label="Printing type">
              <Select {...form.register('printing_type', { onChange: () => setPrintingTypeChosen(true) })}>
                {PRINTING_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {PRINTING_TYPE_LABELS[t]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="category" label="Category">
              <Select
                {...form.register('category', {
                  onChange: (ev: { target: { value: string } }) => followCategory(ev.target.value),
                })}
              >
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {CATEGORY_INFO[c].name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="paper_size" label="Paper size">
              <Select {...form.register('paper_size')}>
                {PAPER_SIZES.map((t) => (
                  <option key={t} value={t}>
                    {paperSizeLabel(t)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="paper_type" label="Paper type">
              <Select {...form.register('paper_type')}>
                {PAPER_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {PAPER_TYPE_LABELS[t]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input type="checkbox" className="h-5 w-5" {...form.register('is_active')} /> Active (customers can order
            it)
          </label>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
            <ServiceImage src={preview} alt="Service image preview" className="aspect-[8/5] w-40 shrink-0 rounded" />
            <div className="min-w-0">
              <label htmlFor="image" className="text-sm font-medium">
                Image (PNG, JPEG, WebP or GIF, up to 2 MB)
              </label>
              <input
                id="image"
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                className="mt-1 block w-full text-sm text-slate-600 file:mr-3 file:h-10 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50 dark:text-slate-300 dark:file:border-slate-700 dark:file:bg-slate-900 dark:file:text-slate-100"
                onChange={(ev) => {
                  const f = ev.target.files?.[0] ?? null;
                  setImage(f);
                  if (f) setPreview(URL.createObjectURL(f));
                }}
              />
            </div>
          </div>
          <div className="flex gap-2">
            <Button type="submit" className="h-11 sm:h-10" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : service ? 'Save changes' : 'Create service'}
            </Button>
            <Link to={paths.adminServices} className={buttonClass('outline', 'default', 'h-11 sm:h-10')}>
              Cancel
            </Link>
          </div>
        </form>
      </Card>
    </div>
  );
}
