import type { PdfUploadResult } from '@shop/shared/files/schemas';
import { walkInOrderSchema, type WalkInOrderInput, type WalkInOrderResult } from '@shop/shared/walk-in/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { businessBillError, EMPTY_BUSINESS_BILL, type BusinessBill } from '@/features/invoices';
import { localizeMessage } from '@/lib/i18n/messages';
import { useServices } from '@/features/catalog/api';
import { selectPrint, type PrintSelection } from '@/features/orders';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateWalkInOrder } from './api';
import { useWalkInTexts } from './texts';
import { documentBody, localPrice, startingOptions, type DocOptions, type WalkInDoc } from './walk-in-state';

const EMPTY_CUSTOMER = { name: '', mobile: '', email: '' };
/** A v4 UUID; crypto.randomUUID exists only on HTTPS pages, getRandomValues everywhere (a counter PC on the LAN). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
const selectionOf = (o: DocOptions): PrintSelection => ({
  serviceId: o.serviceId,
  printingType: o.printingType,
  paperSize: o.paperSize,
  paperType: o.paperType,
  sides: o.sides,
});

/** Field messages by path ("customer.mobile", "documents.1.pages"), the first for each. */
function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || 'form';
    out[key] ??= i.message;
  }
  return out;
}

/**
 * The walk-in form's state (decision 025): the customer, the documents (files uploaded here, or paper originals),
 * how it is paid and picked up, the price by the shared function, and the saved order. One request key per order,
 * so a double tap or a retry saves it once.
 */
export function useWalkIn() {
  const T = useWalkInTexts();
  const qc = useQueryClient();
  const { data: services = [], isPending: servicesLoading } = useServices();
  const create = useCreateWalkInOrder();
  const [requestKey, setRequestKey] = useState(newKey);
  const [customer, setCustomer] = useState(EMPTY_CUSTOMER);
  const [docs, setDocs] = useState<WalkInDoc[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [method, setMethod] = useState<'cash' | 'upi_counter'>('cash');
  const [reference, setReference] = useState('');
  const [pickup, setPickup] = useState<'now' | 'later'>('now');
  const [whatsapp, setWhatsapp] = useState(false);
  // A GST bill for a business customer, or the particulars a bill of ₹50,000 or more needs (decision 037).
  const [bill, setBill] = useState<BusinessBill>(EMPTY_BUSINESS_BILL);
  const [billError, setBillError] = useState<string | null>(null);
  // The tick is for the amount on screen: a different total needs it again.
  const [receivedFor, setReceivedFor] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<WalkInOrderResult | null>(null);

  const price = localPrice(docs, services);
  const received = price !== null && receivedFor === price.totalAmount;
  const update = useCallback(
    (key: string, patch: Partial<WalkInDoc>) =>
      setDocs((all) => all.map((d) => (d.key === key ? ({ ...d, ...patch } as WalkInDoc) : d))),
    [],
  );
  const add = (doc: WalkInDoc) => {
    setDocs((all) => [...all, doc]);
    setEditing(doc.key);
  };

  return {
    bill: {
      value: bill,
      onChange: setBill,
      error: billError,
      order: price ? { grossPaise: price.totalCost, delivered: false } : null,
    },
    services,
    servicesLoading,
    customer,
    setCustomer: (patch: Partial<typeof EMPTY_CUSTOMER>) => setCustomer((c) => ({ ...c, ...patch })),
    docs,
    editing,
    setEditing,
    price,
    method,
    setMethod,
    reference,
    setReference,
    pickup,
    setPickup,
    whatsapp,
    setWhatsapp,
    received,
    setReceived: (on: boolean) => setReceivedFor(on && price ? price.totalAmount : null),
    errors,
    saving: create.isPending,
    result,

    addUpload: (upload: PdfUploadResult) => {
      const opts = startingOptions(services, docs.at(-1)?.opts);
      // A photo or Word file keeps its own name (photo.jpg), not the PDF's the shop made of it.
      const name = upload.converted?.originalFilename ?? upload.file.originalFilename;
      const convertedFrom = upload.converted?.from ?? null;
      if (opts)
        add({
          key: upload.file.id,
          source: 'upload',
          fileId: upload.file.id,
          name,
          convertedFrom,
          pageCount: upload.pdfInfo.pageCount,
          pageRange: '',
          sensitive: false,
          colourMode: 'all',
          colourPages: null,
          opts,
        });
    },
    addPaper: () => {
      const opts = startingOptions(services, docs.at(-1)?.opts);
      if (opts) add({ key: newKey(), source: 'paper', label: '', pagesText: '', opts });
    },
    update,
    changeOptions: (key: string, patch: Partial<DocOptions>) =>
      setDocs((all) => all.map((d) => (d.key === key ? { ...d, opts: { ...d.opts, ...patch } } : d))),
    /** Printing type, paper size, paper type or sides: moved to what an active service prints (decision 009). */
    changePrint: (doc: WalkInDoc, patch: Partial<PrintSelection>) => {
      const next = selectPrint(services, selectionOf(doc.opts), patch);
      if (next) update(doc.key, { opts: { ...doc.opts, ...next.selection } });
    },
    settledFor: (doc: WalkInDoc) => selectPrint(services, selectionOf(doc.opts)),
    remove: (key: string) => {
      setDocs((all) => all.filter((d) => d.key !== key));
      setEditing(null);
    },

    submit: async () => {
      const body: WalkInOrderInput = {
        requestKey,
        customer: {
          name: customer.name,
          mobile: customer.mobile,
          ...(customer.email.trim() ? { email: customer.email } : {}),
        },
        documents: docs.map(documentBody),
        payment: {
          method,
          received: received as true,
          ...(method === 'upi_counter' && reference.trim() ? { reference } : {}),
        },
        pickup,
        whatsappUpdates: whatsapp,
        amount: price?.totalAmount ?? -1,
        ...(Object.values(bill).some((v) => v.trim()) ? { businessBill: bill } : {}),
      };
      const billProblem = businessBillError(bill, price ? { grossPaise: price.totalCost, delivered: false } : null);
      setBillError(billProblem);
      if (billProblem) {
        toast({ title: T.fixFields, description: localizeMessage(billProblem), variant: 'destructive' });
        return;
      }
      const parsed = walkInOrderSchema.safeParse(body);
      if (!parsed.success) {
        setErrors(fieldErrors(parsed.error.issues));
        toast({ title: T.fixFields, description: parsed.error.issues[0]?.message, variant: 'destructive' });
        return;
      }
      setErrors({});
      try {
        setResult(await create.mutateAsync(body));
      } catch (err) {
        if (err instanceof ApiError && err.code === 'price_changed') {
          setReceivedFor(null);
          await qc.invalidateQueries({ queryKey: ['services'] });
          toast({ title: T.priceChanged, description: T.priceChangedText, variant: 'destructive' });
          return;
        }
        if (err instanceof ApiError && err.fields) {
          setErrors(err.fields);
          const billField = Object.entries(err.fields).find(([k]) => k.startsWith('businessBill.'));
          if (billField) setBillError(billField[1]);
        }
        toast({ title: T.failed, description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
      }
    },
    /** The next customer: an empty form and a new request key. */
    reset: () => {
      setRequestKey(newKey());
      setCustomer(EMPTY_CUSTOMER);
      setDocs([]);
      setEditing(null);
      setMethod('cash');
      setReference('');
      setPickup('now');
      setWhatsapp(false);
      setBill(EMPTY_BUSINESS_BILL);
      setBillError(null);
      setReceivedFor(null);
      setErrors({});
      setResult(null);
    },
  };
}
export type WalkInForm = ReturnType<typeof useWalkIn>;
