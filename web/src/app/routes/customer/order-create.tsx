import { zodResolver } from '@hookform/resolvers/zod';
import { PRINT_OPTIONS_NOT_OFFERED } from '@shop/shared/catalog/print-offer';
import { paiseToRupees, rupeesToPaise } from '@shop/shared/common/money';
import { ORIENTATIONS } from '@shop/shared/common/options';
import { MAX_UPLOAD_BYTES } from '@shop/shared/files/schemas';
import { nextBusinessDayNotice } from '@shop/shared/orders/business-hours';
import { UPLOAD_LIMITS_HINT } from '@shop/shared/files/schemas';
import { makeDeliveryFormSchema, type DeliveryForm } from '@shop/shared/orders/schemas';
import { PAYMENT_CONFIRMATION_ERRORS } from '@shop/shared/payments/schemas';
import { ArrowLeft, FileText, Home, Store, UploadCloud } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle, Spinner } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useService, useServices } from '@/features/catalog/api';
import { loadRazorpay, type CheckoutSuccess } from '@/features/checkout/razorpay';
import { SandboxCheckout } from '@/features/checkout/sandbox-checkout';
import {
  calculateCost,
  createPaymentOrder,
  uploadPdf,
  verifyPayment,
  type CostResult,
  type CreatePaymentOrderResponse,
  type PdfUploadResult,
  type PrintOptionsForm,
} from '@/features/orders/api';
import { CostBreakdown } from '@/features/orders/components/cost-breakdown';
import { PrintChoiceFields } from '@/features/orders/components/print-choice-fields';
import { WizardSteps } from '@/features/orders/components/wizard-steps';
import { readOrderDraft, saveOrderDraft } from '@/features/orders/order-draft';
import { isSameSelection, selectPrint, type PrintSelection } from '@/features/orders/print-selection';
import { rememberPlacedOrder } from '@/lib/placed-orders';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDate, formatRupees } from '@/lib/format';
import { shopConfig } from '@/lib/shop-config';
import { toast } from '@/lib/toast';
import { BusinessBillFields, businessBillError, EMPTY_BUSINESS_BILL, type BusinessBill } from '@/features/invoices/components/business-bill-fields';

type Binding = 'none' | 'spiralBinding' | 'paperBinding' | 'transparentSheet' | 'lamination';
const BINDING_LABELS: Record<Binding, string> = {
  none: 'No binding',
  spiralBinding: 'Spiral binding',
  paperBinding: 'Paper binding',
  transparentSheet: 'Transparent sheet (soft binding)',
  lamination: 'Lamination',
};

/** serviceId is the service that prices the print (it changes with printing type, paper size and paper type). */
type WizardOptions = Omit<PrintOptionsForm, 'serviceName' | 'spiralBinding' | 'paperBinding' | 'transparentSheet' | 'lamination'> & { binding: Binding };
const selectionOf = (o: WizardOptions): PrintSelection => ({ serviceId: o.serviceId, printingType: o.printingType, paperSize: o.paperSize, paperType: o.paperType, sides: o.sides });
interface WizardDraft {
  step: number;
  upload: PdfUploadResult;
  opts: WizardOptions;
  copiesText: string;
  cost: CostResult | null;
  deliveryType: 'delivery' | 'pickup' | null;
  pickupMobile: string;
  cancelCount: number;
  delivery?: Partial<DeliveryForm>;
}

/** /order-create/{serviceId}: upload, options, review, delivery choice, delivery details, then payment. */
export default function OrderCreatePage() {
  const { id = '' } = useParams();
  const { data: service, isPending, isError } = useService(id);
  const catalogue = useServices();
  const { data: user } = useUser();
  const navigate = useNavigate();
  const qc = useQueryClient();

  const [draft] = useState(() => readOrderDraft<WizardDraft>(id));
  const [step, setStep] = useState(draft?.step ?? 1);
  const [progress, setProgress] = useState<number | null>(null);
  const [upload, setUpload] = useState<PdfUploadResult | null>(draft?.upload ?? null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [pickedFile, setPickedFile] = useState<File | null>(null);

  const [opts, setOpts] = useState<WizardOptions>(() => ({
    ...(draft?.opts ?? {
      printingType: 'bw',
      paperSize: 'a4',
      paperType: 'white_75gsm',
      sides: 'single',
      orientation: 'portrait',
      copies: 1,
      binding: 'none',
    }),
    serviceId: Number(draft?.opts?.serviceId ?? id),
  }));
  const [optionsInitialised, setOptionsInitialised] = useState(!!draft?.opts);
  const [copiesText, setCopiesText] = useState(draft?.copiesText ?? '1');
  const [cost, setCost] = useState<CostResult | null>(draft?.cost ?? null);
  const [calculating, setCalculating] = useState(false);
  const [deliveryType, setDeliveryType] = useState<'delivery' | 'pickup' | null>(draft?.deliveryType ?? null);
  const [pickupMobile, setPickupMobile] = useState(draft?.pickupMobile ?? '');
  const [businessBill, setBusinessBill] = useState<BusinessBill>(EMPTY_BUSINESS_BILL);
  const [businessBillProblem, setBusinessBillProblem] = useState<string | null>(null);
  const [pickupError, setPickupError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [checkout, setCheckout] = useState<CreatePaymentOrderResponse | null>(null);
  const [cancelCount, setCancelCount] = useState(draft?.cancelCount ?? 0);

  if (service && !optionsInitialised) {
    setOptionsInitialised(true);
    setOpts((o) => ({ ...o, serviceId: service.id, printingType: service.printing_type, paperSize: service.paper_size, paperType: service.paper_type, sides: service.supports_single_side ? 'single' : 'double' }));
  }
  // The print choices select the active service that prints them (docs/decisions/009). Until the catalogue has
  // loaded only the service of this page is known; once it has (and at every refresh) a choice no active service
  // prints any more moves to one that is, and its old price is cleared.
  const offered = catalogue.data ?? (service && (catalogue.isError || opts.serviceId === service.id) ? [service] : []);
  const settled = service && optionsInitialised ? selectPrint(offered, selectionOf(opts)) : null;
  if (settled && (catalogue.data || catalogue.isError) && !isSameSelection(settled.selection, selectionOf(opts))) {
    setOpts((o) => ({ ...o, ...settled.selection }));
    setCost(null);
  }
  const priced = settled?.service ?? service;

  const deliveryForm = useForm<DeliveryForm>({
    resolver: zodResolver(makeDeliveryFormSchema(shopConfig.deliveryPincodes)),
    defaultValues: { address: '', doorNumber: '', pincode: '', mobileNumber: '', confirmMobileNumber: '', ...draft?.delivery },
  });

  // Keep the wizard's progress for a reload (see order-draft.ts); nothing to keep before a file is uploaded.
  const deliveryValues = useRef<Partial<DeliveryForm> | undefined>(draft?.delivery);
  const wizardState = useRef<Omit<WizardDraft, 'delivery'> | null>(null);
  useEffect(() => {
    wizardState.current = upload ? { step, upload, opts, copiesText, cost, deliveryType, pickupMobile, cancelCount } : null;
    saveOrderDraft(id, wizardState.current && { ...wizardState.current, delivery: deliveryValues.current });
  }, [id, step, upload, opts, copiesText, cost, deliveryType, pickupMobile, cancelCount]);
  useEffect(
    () =>
      deliveryForm.subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          deliveryValues.current = values;
          if (wizardState.current) saveOrderDraft(id, { ...wizardState.current, delivery: values });
        },
      }),
    [deliveryForm, id],
  );

  const [notice] = useState(() => nextBusinessDayNotice(new Date()));
  // Each step opens below the last: bring it into view, or on a phone the customer sees nothing happen.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const el = document.getElementById(`wizard-step-${step}`);
    if (!el) return;
    // Already in the upper half of the window (a desktop often is): leave the page where it is.
    const { top } = el.getBoundingClientRect();
    if (top >= 64 && top <= window.innerHeight / 2) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [step]);
  // After the payment window closes, show why and the Retry button, wherever the page was left.
  useEffect(() => {
    if (cancelCount > 0) document.getElementById('payment-cancelled')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [cancelCount]);
  useEffect(() => {
    if (deliveryType === 'pickup') document.getElementById('pickup-details')?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [deliveryType]);
  const deliveryCharge = cost && deliveryType === 'delivery' ? cost.deliveryCharge : 0;

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

  const pricedService = priced ?? service;
  const printOptions = (): PrintOptionsForm => ({
    serviceId: opts.serviceId,
    serviceName: pricedService.name,
    printingType: opts.printingType,
    paperSize: opts.paperSize,
    paperType: opts.paperType,
    sides: opts.sides,
    orientation: opts.orientation,
    copies: opts.copies,
    spiralBinding: opts.binding === 'spiralBinding',
    paperBinding: opts.binding === 'paperBinding',
    transparentSheet: opts.binding === 'transparentSheet',
    lamination: opts.binding === 'lamination',
  });

  // Any change to an option clears the computed cost.
  const change = <K extends keyof typeof opts>(key: K, value: (typeof opts)[K]) => {
    setOpts((o) => ({ ...o, [key]: value }));
    setCost(null);
  };
  const changePrint = (patch: Partial<PrintSelection>) => {
    const next = selectPrint(offered, selectionOf(opts), patch);
    if (!next) return;
    setOpts((o) => ({ ...o, ...next.selection }));
    setCost(null);
  };

  const startUpload = async () => {
    const file = pickedFile;
    if (!file) return;
    if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) {
      toast({ title: 'Invalid file type', description: 'Please upload a PDF file', variant: 'destructive' });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({ title: 'File too large', description: 'Maximum file size is 10MB', variant: 'destructive' });
      return;
    }
    setProgress(0);
    try {
      const result = await uploadPdf(file, setProgress);
      setUpload(result);
      setCost(null);
      toast({ title: 'File Uploaded', description: `${result.file.originalFilename}: ${result.pdfInfo.pageCount} pages` });
      setStep(2);
    } catch (err) {
      toast({ title: 'Upload Failed', description: err instanceof Error ? err.message : 'Upload failed', variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  };

  const runCalculation = async () => {
    if (!upload) return;
    const copies = Number(copiesText);
    if (!Number.isInteger(copies) || copies < 1) {
      toast({ title: 'Calculation Failed', description: 'Copies must be a whole number of at least 1', variant: 'destructive' });
      return;
    }
    setCalculating(true);
    try {
      const result = await calculateCost(upload.file.id, upload.pdfInfo.pageCount, { ...printOptions(), copies });
      setCost(result);
      toast({ title: 'Cost Calculated', description: `Total ${formatRupees(result.totalCost)}` });
      setStep(3);
    } catch (err) {
      toast({ title: 'Calculation Failed', description: errorMessage(err, 'Failed to calculate cost'), variant: 'destructive' });
    } finally {
      setCalculating(false);
    }
  };

  const saveOrderData = (details: Record<string, string>) => {
    try {
      localStorage.setItem(
        'orderData',
        JSON.stringify({
          fileDetails: { originalFilename: upload?.file.originalFilename, fileId: upload?.file.id },
          pdfInfo: { pageCount: upload?.pdfInfo.pageCount },
          printingOptions: printOptions(),
          costSummary: cost ? { totalCost: cost.totalCost, finalAmount: cost.totalCost + deliveryCharge } : null,
          deliveryType,
          deliveryCharge,
          deliveryDetails: { ...details, mobileNumber: undefined },
        }),
      );
    } catch {
      /* storage unavailable */
    }
  };

  const pay = async (type: 'delivery' | 'pickup', details: Record<string, string>) => {
    if (!upload || !cost) return;
    const billProblem = businessBillError(businessBill);
    setBusinessBillProblem(billProblem);
    if (billProblem) return;
    setPaying(true);
    saveOrderData(details);
    const charge = type === 'delivery' ? cost.deliveryCharge : 0;
    try {
      const order = await createPaymentOrder({
        amount: rupeesToPaise(cost.totalCost + charge),
        currency: 'INR',
        notes: { userId: user?.id, serviceId: opts.serviceId },
        fileId: upload.file.id,
        options: printOptions(),
        deliveryType: type,
        deliveryDetails: details,
        businessBill,
      });
      if (order.provider === 'sandbox') {
        setCheckout(order);
        return;
      }
      try {
        await loadRazorpay(shopConfig.payments.checkoutUrl);
      } catch {
        toast({ title: 'Payment Error', description: 'Failed to load payment gateway. Please try again.', variant: 'destructive' });
        setPaying(false);
        return;
      }
      const rzp = new window.Razorpay!({
        key: order.key,
        amount: order.amount,
        currency: 'INR',
        name: shopConfig.name,
        description: `${pricedService.name}: ${upload.file.originalFilename}`,
        order_id: order.id,
        prefill: order.prefill,
        handler: (res) => void onPaid(res, order),
        modal: { ondismiss: onDismiss },
        theme: { color: '#1d4ed8' },
      });
      rzp.open();
    } catch (err) {
      setPaying(false);
      if (err instanceof ApiError && err.code === 'price_changed') {
        toast({ title: 'Price changed', description: err.message, variant: 'destructive' });
        setCost(null);
        setStep(2);
        return;
      }
      if (err instanceof ApiError && err.code === PRINT_OPTIONS_NOT_OFFERED) {
        // The service changed since the price was shown: read the catalogue again and choose anew.
        toast({ title: 'Printing options changed', description: err.message, variant: 'destructive' });
        void qc.invalidateQueries({ queryKey: ['services'] });
        void qc.invalidateQueries({ queryKey: ['service'] });
        setCost(null);
        setStep(2);
        return;
      }
      toast({ title: 'Failed to create payment order', description: errorMessage(err, 'Failed to initiate payment'), variant: 'destructive' });
    }
  };

  const onPaid = async (res: CheckoutSuccess, order: CreatePaymentOrderResponse) => {
    setCheckout(null);
    try {
      const verified = await verifyPayment(res);
      toast({ title: 'Order Placed Successfully', description: 'Payment successful and order placed!' });
      const orderNumber = verified.orderNumber ?? order.orderNumber;
      if (user && upload && cost && deliveryType) {
        // Tracking can show this copy while the server does not answer (spec: falls back to saved order data).
        rememberPlacedOrder({
          orderNumber,
          userId: user.id,
          placedAt: new Date().toISOString(),
          fileDetails: { originalFilename: upload.file.originalFilename },
          pdfInfo: { pageCount: upload.pdfInfo.pageCount },
          printingOptions: printOptions(),
          costSummary: { totalCost: cost.totalCost, finalAmount: paiseToRupees(order.amount) },
          deliveryType,
          deliveryCharge,
        });
      }
      try {
        localStorage.removeItem('orderData');
      } catch {
        /* ignore */
      }
      saveOrderDraft(id, null);
      await qc.invalidateQueries({ queryKey: ['orders'] });
      setTimeout(() => navigate(paths.orderTracking(orderNumber)), 1000);
    } catch (err) {
      setPaying(false);
      // The server's own words when it asked the provider and the payment did not confirm the order.
      const known = err instanceof ApiError && !!err.code && err.code in PAYMENT_CONFIRMATION_ERRORS;
      const description = known ? err.message : "We received your payment but couldn't verify it. Please contact customer support.";
      toast({ title: 'Payment Verification Failed', description, variant: 'destructive' });
    }
  };

  const onDismiss = () => {
    setCheckout(null);
    setPaying(false);
    setCancelCount((n) => n + 1);
    toast({ title: 'Payment Cancelled', description: 'You cancelled the payment process. Your order is saved but not confirmed.', variant: 'destructive' });
  };

  const submitPickup = () => {
    if (!/^\d{10}$/.test(pickupMobile)) {
      setPickupError('Please enter a valid 10-digit mobile number for self pickup');
      return;
    }
    setPickupError(null);
    void pay('pickup', { mobileNumber: pickupMobile });
  };

  const submitDelivery = deliveryForm.handleSubmit((values) =>
    pay('delivery', {
      address: values.address,
      doorNumber: values.doorNumber,
      pincode: values.pincode,
      mobileNumber: values.mobileNumber,
      confirmMobileNumber: values.confirmMobileNumber,
    }),
  );

  const pageCount = upload?.pdfInfo.pageCount ?? 0;
  // Shown next to the Pay button, where the customer is when the payment window closes.
  const cancelNotice = cancelCount > 0 && (
    <div id="payment-cancelled" role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <p className="font-semibold">Payment was cancelled {cancelCount} time(s)</p>
      <p>You can retry the payment when you're ready.</p>
    </div>
  );
  const payLabel = (amount: number) => (paying ? 'Opening payment…' : `${cancelCount > 0 ? 'Retry Payment' : 'Pay'} ${formatRupees(amount)}`);
  const e = deliveryForm.formState.errors;

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <Link to={paths.serviceCategory(service.category)} className={buttonClass('ghost', 'sm', '-ml-2')}>
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back
      </Link>
      <h1 className="mt-2 text-2xl font-bold">Order: {pricedService.name}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {formatRupees(pricedService.price_single_side)} per page single-sided · {formatRupees(pricedService.price_double_side)} per sheet double-sided
      </p>
      <div className="mt-6">
        <WizardSteps step={step} />
      </div>

      {/* Step 1: upload */}
      <Card id="wizard-step-1" className="mt-6 scroll-mt-20">
        <CardHeader>
          <CardTitle>1. Upload your PDF</CardTitle>
        </CardHeader>
        <CardContent>
          {upload ? (
            <div className="flex items-start gap-4">
              <img src={upload.file.previewUrl} alt={`First page of ${upload.file.originalFilename}`} className="h-32 w-24 rounded border border-slate-200 bg-white object-contain dark:border-slate-700" />
              <div className="min-w-0 text-sm">
                <p className="flex items-center gap-2 font-medium">
                  <FileText className="h-4 w-4 shrink-0" aria-hidden /> <span className="truncate">{upload.file.originalFilename}</span>
                </p>
                <p className="mt-1" data-testid="page-count">{upload.pdfInfo.pageCount} pages · {(upload.file.size / 1024 / 1024).toFixed(2)} MB</p>
                <Button variant="outline" size="sm" className="mt-3" onClick={() => { setUpload(null); setCost(null); setPickedFile(null); setStep(1); }}>
                  Choose another file
                </Button>
              </div>
            </div>
          ) : (
            <div className="space-y-3">
              <label htmlFor="pdf" className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 p-6 text-center hover:border-brand-500 dark:border-slate-700">
                <UploadCloud className="h-8 w-8 text-brand-700 dark:text-brand-500" aria-hidden />
                <span className="max-w-full text-sm font-medium [overflow-wrap:anywhere]">{pickedFile ? pickedFile.name : 'Choose a PDF file'}</span>
                <span className="text-xs text-slate-500 dark:text-slate-400">{pickedFile ? `${(pickedFile.size / 1024 / 1024).toFixed(2)} MB · tap to choose another` : UPLOAD_LIMITS_HINT}</span>
              </label>
              <input id="pdf" ref={fileInput} type="file" accept="application/pdf,.pdf" className="sr-only" onChange={(ev) => setPickedFile(ev.target.files?.[0] ?? null)} />
              {progress !== null && (
                <div>
                  <div className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} aria-label="Upload progress">
                    <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
                  </div>
                  <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{progress < 100 ? `Uploading… ${progress}%` : 'Checking your PDF…'}</p>
                </div>
              )}
              <Button onClick={startUpload} disabled={!pickedFile || progress !== null} className="w-full sm:w-auto">
                {progress !== null ? 'Uploading...' : 'Upload'}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>

      {/* Step 2: options */}
      {step >= 2 && upload && (
        <Card id="wizard-step-2" className="mt-6 scroll-mt-20">
          <CardHeader>
            <CardTitle>2. Print options</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              {settled ? (
                <PrintChoiceFields services={offered} settled={settled} onChange={changePrint} />
              ) : (
                <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">{catalogue.isPending ? 'Loading printing options…' : 'No printing options are available right now. Please try again later.'}</p>
              )}
              <Field id="orientation" label="Orientation">
                <Select id="orientation" value={opts.orientation} onChange={(ev) => change('orientation', ev.target.value as 'portrait' | 'landscape')}>
                  {ORIENTATIONS.map((o) => <option key={o} value={o}>{o === 'portrait' ? 'Portrait' : 'Landscape'}</option>)}
                </Select>
              </Field>
              <Field id="copies" label="Copies">
                <Input
                  id="copies"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={1000}
                  step={1}
                  value={copiesText}
                  onChange={(ev) => {
                    setCopiesText(ev.target.value);
                    const n = Number(ev.target.value);
                    change('copies', Number.isInteger(n) && n >= 1 ? n : 1);
                  }}
                />
              </Field>
            </div>
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Binding (choose one)</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {(Object.keys(BINDING_LABELS) as Binding[]).map((b) => (
                  <label key={b} className={cn('flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm', opts.binding === b ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700')}>
                    <input type="radio" name="binding" value={b} checked={opts.binding === b} onChange={() => change('binding', b)} />
                    {BINDING_LABELS[b]}
                  </label>
                ))}
              </div>
              {opts.binding === 'spiralBinding' && pageCount > 350 && (
                <p className="mt-2 text-sm text-amber-700 dark:text-amber-400">Note: a spiral-bound document over 350 pages is split into {Math.ceil(pageCount / 350)} books.</p>
              )}
              {opts.binding === 'spiralBinding' && pageCount <= 350 && <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Spiral-bound documents over 350 pages are split into two books.</p>}
            </fieldset>
            <Button onClick={runCalculation} disabled={calculating || !settled} className="w-full sm:w-auto">
              {calculating ? 'Calculating…' : 'Calculate Cost'}
            </Button>
          </CardContent>
        </Card>
      )}

      {/* Step 3: review */}
      {step >= 3 && cost && (
        <Card id="wizard-step-3" className="mt-6 scroll-mt-20">
          <CardHeader>
            <CardTitle>3. Review</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <CostBreakdown cost={cost} />
            {step === 3 && <Button onClick={() => setStep(4)} className="w-full sm:w-auto">Continue</Button>}
          </CardContent>
        </Card>
      )}

      {/* Step 4: delivery option */}
      {step >= 4 && cost && (
        <Card id="wizard-step-4" className="mt-6 scroll-mt-20">
          <CardHeader>
            <CardTitle>4. Choose Delivery Option</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {notice && (
              <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                Orders placed outside 9:00 AM – 10:00 PM IST or on Sunday will be processed on the next business day: <strong>{formatDate(notice)}</strong>.
              </p>
            )}
            <div className="grid gap-3 sm:grid-cols-2">
              <button
                type="button"
                onClick={() => { setDeliveryType('delivery'); setStep(5); }}
                className={cn('rounded-lg border p-4 text-left', deliveryType === 'delivery' ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700')}
              >
                <Home className="h-6 w-6 text-brand-700 dark:text-brand-500" aria-hidden />
                <p className="mt-2 font-semibold">Home Delivery</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">Delivered to your door in Guntur. Delivery: {cost.deliveryCharge === 0 ? 'FREE' : formatRupees(cost.deliveryCharge)}</p>
              </button>
              <button
                type="button"
                onClick={() => { setDeliveryType('pickup'); setStep(4); }}
                className={cn('rounded-lg border p-4 text-left', deliveryType === 'pickup' ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700')}
              >
                <Store className="h-6 w-6 text-brand-700 dark:text-brand-500" aria-hidden />
                <p className="mt-2 font-semibold">Shop Pickup</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">Collect at our shop in Guntur. Delivery: FREE</p>
              </button>
            </div>
            <BusinessBillFields value={businessBill} onChange={setBusinessBill} error={businessBillProblem} />
            {deliveryType === 'pickup' && (
              <div id="pickup-details" className="scroll-mt-20 space-y-3">
                <Field id="pickupMobile" label="Mobile number" error={pickupError ?? undefined} hint="We will call this number when your order is ready.">
                  <Input
                    id="pickupMobile"
                    inputMode="numeric"
                    autoComplete="tel-national"
                    maxLength={10}
                    value={pickupMobile}
                    aria-invalid={!!pickupError}
                    onChange={(ev) => setPickupMobile(ev.target.value.replace(/\D/g, '').slice(0, 10))}
                  />
                </Field>
                <CostBreakdown cost={cost} deliveryCharge={0} />
                {cancelNotice}
                <Button onClick={submitPickup} disabled={paying} size="lg" className="w-full">
                  {payLabel(cost.totalCost)}
                </Button>
              </div>
            )}
          </CardContent>
        </Card>
      )}

      {/* Step 5: delivery details */}
      {step >= 5 && cost && deliveryType === 'delivery' && (
        <Card id="wizard-step-5" className="mt-6 scroll-mt-20">
          <CardHeader>
            <CardTitle>5. Delivery Details</CardTitle>
          </CardHeader>
          <CardContent>
            <form onSubmit={submitDelivery} className="space-y-4" noValidate>
              <Field id="address" label="Address" error={e.address?.message}>
                <Input id="address" autoComplete="street-address" aria-invalid={!!e.address} {...deliveryForm.register('address')} />
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="doorNumber" label="Door/Flat number" error={e.doorNumber?.message}>
                  <Input id="doorNumber" aria-invalid={!!e.doorNumber} {...deliveryForm.register('doorNumber')} />
                </Field>
                <Field id="pincode" label="Pincode" error={e.pincode?.message} hint={`We deliver in Guntur to pincodes ${shopConfig.deliveryPincodes.join(', ')}.`}>
                  <Input id="pincode" inputMode="numeric" maxLength={6} autoComplete="postal-code" list="pincode-options" aria-invalid={!!e.pincode} {...deliveryForm.register('pincode')} />
                  <datalist id="pincode-options">
                    {shopConfig.deliveryPincodes.map((p) => <option key={p} value={p} />)}
                  </datalist>
                </Field>
                <Field id="mobileNumber" label="Mobile number" error={e.mobileNumber?.message}>
                  <Input id="mobileNumber" inputMode="numeric" maxLength={10} autoComplete="tel-national" aria-invalid={!!e.mobileNumber} {...deliveryForm.register('mobileNumber')} />
                </Field>
                <Field id="confirmMobileNumber" label="Confirm mobile number" error={e.confirmMobileNumber?.message}>
                  <Input id="confirmMobileNumber" inputMode="numeric" maxLength={10} aria-invalid={!!e.confirmMobileNumber} {...deliveryForm.register('confirmMobileNumber')} />
                </Field>
              </div>
              <CostBreakdown cost={cost} deliveryCharge={cost.deliveryCharge} />
              {cancelNotice}
              <Button type="submit" disabled={paying} size="lg" className="w-full">
                {payLabel(cost.totalCost + cost.deliveryCharge)}
              </Button>
            </form>
          </CardContent>
        </Card>
      )}

      {checkout && (
        <SandboxCheckout
          open
          shopName={shopConfig.name}
          amountPaise={checkout.amount}
          providerOrderId={checkout.id}
          prefill={checkout.prefill}
          onSuccess={(res) => void onPaid(res, checkout)}
          onFailure={(message) => toast({ title: 'Payment failed', description: message, variant: 'destructive' })}
          onDismiss={onDismiss}
        />
      )}
    </div>
  );
}
