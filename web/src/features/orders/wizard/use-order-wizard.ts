import { zodResolver } from '@hookform/resolvers/zod';
import type { Service } from '@shop/shared/catalog/schemas';
import { makeDeliveryFormSchema, type DeliveryForm } from '@shop/shared/orders/schemas';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OrderCostResult, PdfUploadResult } from '../api';
import { readOrderDraft, saveOrderDraft } from '../order-draft';
import { isSameSelection, selectPrint, type PrintSelection } from '../print-selection';
import { shopConfig } from '@/lib/shop-config';
import {
  defaultOptions,
  orientationOf,
  selectionOf,
  slimUpload,
  type DocDraft,
  type WizardOptions,
} from './wizard-state';

export type DeliveryType = 'delivery' | 'pickup';

interface WizardDraft {
  /** The furthest step reached; `open` is the one shown in full (the others reached show a line and Edit). */
  step: number;
  open?: number;
  documents: DocDraft[];
  editing: number | null;
  cost: OrderCostResult | null;
  /** The documents the price was asked for (use-auto-price.ts): the price is current while they have not changed. */
  costKey?: string | null;
  deliveryType: DeliveryType | null;
  pickupMobile: string;
  cancelCount: number;
  delivery?: Partial<DeliveryForm>;
  /** Before orders had several documents the draft held one upload: read as a list of one. */
  upload?: PdfUploadResult;
  opts?: WizardOptions;
  copiesText?: string;
}

function restoredDocuments(draft: Partial<WizardDraft> | null): DocDraft[] {
  if (draft?.documents) return draft.documents;
  if (draft?.upload && draft.opts)
    return [
      {
        key: draft.upload.file.id,
        upload: draft.upload,
        opts: draft.opts,
        copiesText: draft.copiesText ?? '1',
        pageRange: '',
      },
    ];
  return [];
}

/**
 * The order wizard's state: the documents of the order, the one whose options are open, the order's price, the
 * delivery choice and details. Kept in this tab (order-draft.ts) so a reload or a phone that drops the tab comes back
 * where it was; nothing of it is trusted by the server.
 */
export function useOrderWizard(
  pageId: string,
  service: Service | undefined,
  catalogue: { data?: Service[]; isError: boolean },
) {
  const [draft] = useState(() => readOrderDraft<WizardDraft>(pageId));
  const [step, setStep] = useState(draft?.step ?? 1);
  const [open, setOpen] = useState(draft?.open ?? draft?.step ?? 1);
  const [documents, setDocuments] = useState<DocDraft[]>(() => restoredDocuments(draft));
  const [editing, setEditing] = useState<number | null>(draft?.editing ?? (restoredDocuments(draft).length ? 0 : null));
  const [priced, setPriced] = useState<{ cost: OrderCostResult; key: string | null } | null>(
    draft?.cost && 'documents' in draft.cost ? { cost: draft.cost, key: draft.costKey ?? null } : null,
  );
  const cost = priced?.cost ?? null;
  const [deliveryType, setDeliveryType] = useState<DeliveryType | null>(draft?.deliveryType ?? null);
  const [pickupMobile, setPickupMobile] = useState(draft?.pickupMobile ?? '');
  const [cancelCount, setCancelCount] = useState(draft?.cancelCount ?? 0);
  const [failCount, setFailCount] = useState(0);

  const current = editing !== null ? documents[editing] : undefined;
  // The print choices select the active service that prints them (docs/decisions/009). Until the catalogue has
  // loaded only the service of this page is known; once it has (and at every refresh) a choice no active service
  // prints any more moves to one that is, and the old price is cleared.
  const offered =
    catalogue.data ?? (service && (catalogue.isError || current?.opts.serviceId === service.id) ? [service] : []);
  const settled = service && current ? selectPrint(offered, selectionOf(current.opts)) : null;
  if (
    settled &&
    current &&
    editing !== null &&
    (catalogue.data || catalogue.isError) &&
    !isSameSelection(settled.selection, selectionOf(current.opts))
  ) {
    setDocuments((docs) =>
      docs.map((d, i) => (i === editing ? { ...d, opts: { ...d.opts, ...settled.selection } } : d)),
    );
  }

  const deliveryForm = useForm<DeliveryForm>({
    resolver: zodResolver(makeDeliveryFormSchema(shopConfig.deliveryPincodes)),
    // Said once a field is left (or at Pay), then kept up to date: never while an empty field is being typed in.
    mode: 'onTouched',
    defaultValues: {
      address: '',
      doorNumber: '',
      pincode: '',
      mobileNumber: '',
      confirmMobileNumber: '',
      ...draft?.delivery,
    },
  });

  // Keep the progress for a reload; nothing to keep before a file is uploaded.
  const deliveryValues = useRef<Partial<DeliveryForm> | undefined>(draft?.delivery);
  const wizardState = useRef<Omit<WizardDraft, 'delivery'> | null>(null);
  useEffect(() => {
    wizardState.current = documents.length
      ? { step, open, documents, editing, cost, costKey: priced?.key ?? null, deliveryType, pickupMobile, cancelCount }
      : null;
    saveOrderDraft(pageId, wizardState.current && { ...wizardState.current, delivery: deliveryValues.current });
  }, [pageId, step, open, documents, editing, cost, priced, deliveryType, pickupMobile, cancelCount]);
  useEffect(
    () =>
      deliveryForm.subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          deliveryValues.current = values;
          if (wizardState.current) saveOrderDraft(pageId, { ...wizardState.current, delivery: values });
        },
      }),
    [deliveryForm, pageId],
  );

  // A document whose options are on screen has been looked at: Continue then leads to the next one not yet seen.
  // (Set while rendering, as `settled` above: React renders again at once, before anything is painted.)
  const shown = open === 2 && editing !== null ? documents[editing] : undefined;
  if (shown && !shown.seen) setDocuments((docs) => docs.map((d) => (d.key === shown.key ? { ...d, seen: true } : d)));
  /** The next document (after the one open, then from the first) whose options were never on screen, or null. */
  const nextUnseen = (): number | null => {
    const from = editing ?? -1;
    const order = [...documents.keys()]
      .filter((i) => i !== editing)
      .sort(
        (a, b) =>
          ((a - from + documents.length) % documents.length) - ((b - from + documents.length) % documents.length),
      );
    return order.find((i) => !documents[i]!.seen) ?? null;
  };

  /** Shows step `n` in full (reached from now on); the others reached stay on screen as a line with Edit. */
  const go = (n: number) => {
    setOpen(n);
    setStep((s) => Math.max(s, n));
  };
  /** A change re-prices the order where it is (use-auto-price.ts): no step is hidden, nothing is asked again. */
  const updateDocument = (index: number, patch: Partial<DocDraft>) => {
    setDocuments((docs) => docs.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  };
  /** A sensitive document (ID card, certificate) costs the same: the price stands. */
  const markSensitive = (index: number, sensitive: boolean) =>
    setDocuments((docs) => docs.map((d, i) => (i === index ? { ...d, sensitive } : d)));
  const changeOption = <K extends keyof WizardOptions>(key: K, value: WizardOptions[K]) => {
    if (editing === null) return;
    setDocuments((docs) => docs.map((d, i) => (i === editing ? { ...d, opts: { ...d.opts, [key]: value } } : d)));
  };
  const changePrint = (patch: Partial<PrintSelection>) => {
    if (!current || editing === null) return;
    const next = selectPrint(offered, selectionOf(current.opts), patch);
    if (!next) return;
    updateDocument(editing, { opts: { ...current.opts, ...next.selection } });
  };

  /**
   * An upload that answered joins the order with the page's print (or the last document's). Uploads of one pick run
   * side by side (use-uploads.ts) and answer in any order: `seq` (the order they were picked in) keeps them in it.
   * The first of a pick opens for its options.
   */
  const addUploaded = (upload: PdfUploadResult, seq: number, first: boolean) => {
    if (!service) return;
    const base = documents.at(-1)?.opts ?? defaultOptions(service);
    const added: DocDraft = {
      key: upload.file.id,
      upload: slimUpload(upload),
      opts: { ...base, copies: 1, binding: 'none', orientation: orientationOf(upload) },
      copiesText: '1',
      pageRange: '',
      seq,
    };
    const at = documents.findIndex((d) => d.seq !== undefined && d.seq > seq);
    const index = at < 0 ? documents.length : at;
    setDocuments((docs) => {
      const i = docs.findIndex((d) => d.seq !== undefined && d.seq > seq);
      return i < 0 ? [...docs, added] : [...docs.slice(0, i), added, ...docs.slice(i)];
    });
    if (first) {
      setEditing(index);
      go(2);
    } else if (editing !== null && index <= editing) setEditing(editing + 1);
  };
  const removeDocument = (index: number) => {
    const left = documents.filter((_, i) => i !== index);
    setDocuments(left);
    setEditing(left.length ? Math.min(index, left.length - 1) : null);
    if (left.length === 0) {
      setStep(1);
      setOpen(1);
      setPriced(null);
    }
  };
  const moveDocument = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= documents.length) return;
    const next = [...documents];
    [next[index], next[to]] = [next[to]!, next[index]!];
    setDocuments(next);
    if (editing === index) setEditing(to);
    else if (editing === to) setEditing(index);
  };
  const editDocument = (index: number) => {
    setEditing(index);
    go(2);
  };

  return {
    step,
    open,
    go,
    documents,
    editing,
    current,
    offered,
    catalogueReady: !!catalogue.data,
    settled,
    cost,
    costKey: priced?.key ?? null,
    setPriced: (cost: OrderCostResult, key: string) => setPriced({ cost, key }),
    /** The shop's prices changed under the shown one: ask again (it stays on screen, marked as being updated). */
    priceAgain: () => setPriced((p) => p && { ...p, key: null }),
    deliveryType,
    setDeliveryType,
    pickupMobile,
    setPickupMobile,
    cancelCount,
    setCancelCount,
    failCount,
    setFailCount,
    deliveryForm,
    updateDocument,
    markSensitive,
    changeOption,
    changePrint,
    addUploaded,
    removeDocument,
    moveDocument,
    editDocument,
    nextUnseen,
    clearDraft: () => saveOrderDraft(pageId, null),
  };
}
export type OrderWizard = ReturnType<typeof useOrderWizard>;
