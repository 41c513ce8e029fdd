import { PRINT_OPTIONS_NOT_OFFERED } from '@shop/shared/catalog/print-offer';
import { paiseToRupees, rupeesToPaise } from '@shop/shared/common/money';
import { PAYMENT_CONFIRMATION_ERRORS } from '@shop/shared/payments/schemas';
import { pickupMobileSchema } from '@shop/shared/orders/schemas';
import type { Service } from '@shop/shared/catalog/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import {
  createPaymentOrder,
  verifyPayment,
  type CreatePaymentOrderResponse,
  type DeliveryChoice,
} from '@/features/checkout/api';
import { loadRazorpay, type CheckoutSuccess } from '@/features/checkout/razorpay';
import { reopenDraftPayment } from '../api';
import { businessBillError, EMPTY_BUSINESS_BILL, type BusinessBill } from '@/features/invoices';
import { useWhatsAppOptIn } from '@/features/notify';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { rememberPlacedOrder } from '@/lib/placed-orders';
import { shopConfig, shopText } from '@/lib/shop-config';
import { localizeMessage } from '@/lib/i18n/messages';
import { toast } from '@/lib/toast';
import { ordersText as t } from '../texts';
import type { DeliveryType, OrderWizard } from './use-order-wizard';
import type { AutoPrice } from './use-auto-price';
import { documentsBody, pickedName, printOptionsOf, summaryOf } from './wizard-state';
import { documentSummary } from '@shop/shared/orders/document-summary';
import { wordsText } from '@/lib/i18n/words';

const PICKUP_MOBILE_WRONG = 'Please enter a valid 10-digit mobile number for self pickup';

/** Asking the price of the order, paying for it and what follows: the steps that talk to the server. */
export function useCheckout(w: OrderWizard, services: readonly Service[], price: AutoPrice) {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [checkout, setCheckout] = useState<CreatePaymentOrderResponse | null>(null);
  const lastDraft = useRef<{ key: string; order: CreatePaymentOrderResponse } | null>(null);
  const failedInWindow = useRef(false);
  const nameOf = (id: number) => services.find((s) => s.id === id)?.name;
  // The "Send me order updates on WhatsApp" tick (decision 022), sent with the order.
  const whatsapp = useWhatsAppOptIn();
  // An optional GSTIN and registered name for a business bill (decision 015), checked before paying.
  const [businessBill, setBusinessBill] = useState<BusinessBill>(EMPTY_BUSINESS_BILL);
  const [billProblem, setBillProblem] = useState<string | null>(null);

  const [pickupError, setPickupError] = useState<string | null>(null);
  /** The pickup number as typed (any way people type it) is a whole one; else says so, unless it is empty and may be. */
  const checkPickup = (text: string, whenEmpty: boolean) => {
    const ok = pickupMobileSchema.safeParse(text).success;
    setPickupError(ok || (!whenEmpty && !text.trim()) ? null : localizeMessage(PICKUP_MOBILE_WRONG));
    return ok;
  };
  const [needChoice, setNeedChoice] = useState(false);

  /** A document whose copies or pages are wrong opens with the reason (before moving on, or paying). */
  const checkDocuments = () => {
    if (!price.problem) return true;
    w.editDocument(price.problem.index);
    toast({ title: t('calc.failed'), description: price.problem.message, variant: 'destructive' });
    return false;
  };
  /** Options done: on to the review (or back to where the customer was). */
  const reviewNow = () => {
    if (checkDocuments()) w.go(Math.max(3, w.step));
  };
  /**
   * Continue: the next document whose options the customer has not seen (a Word letter left in colour at ₹10 a
   * page was the harm: decision 039), else the review. A wrong range or copies on this document is said first.
   */
  const continueFromOptions = () => {
    const next = w.nextUnseen();
    if (next === null) return reviewNow();
    if (price.problem && price.problem.index === w.editing) return void checkDocuments();
    w.editDocument(next);
  };

  /**
   * Pay, from the price bar (decision 028): the details still missing are asked for where they are (the
   * delivery choice, the pickup number, the address form with its messages), else the payment window opens.
   */
  const payNow = () => {
    if (!checkDocuments() || !price.fresh || paying) return;
    if (!w.deliveryType) {
      setNeedChoice(true);
      w.go(4);
      return;
    }
    if (w.deliveryType === 'pickup') {
      const mobile = pickupMobileSchema.safeParse(w.pickupMobile);
      if (!mobile.success) {
        setPickupError(localizeMessage(PICKUP_MOBILE_WRONG));
        w.go(4);
        requestAnimationFrame(() => document.getElementById('pickupMobile')?.focus());
        return;
      }
      setPickupError(null);
      void pay({ deliveryType: 'pickup', deliveryDetails: { mobileNumber: mobile.data } });
      return;
    }
    w.go(5);
    void w.deliveryForm.handleSubmit((v) =>
      pay({
        deliveryType: 'delivery',
        deliveryDetails: {
          address: v.address,
          doorNumber: v.doorNumber,
          pincode: v.pincode,
          mobileNumber: v.mobileNumber,
          confirmMobileNumber: v.confirmMobileNumber,
        },
      }),
    )();
  };

  const pay = async (delivery: DeliveryChoice) => {
    const type = delivery.deliveryType;
    const cost = w.cost;
    if (!w.documents.length || !cost) return;
    const charge = type === 'delivery' ? cost.deliveryCharge : 0;
    // The bill the shop may issue for this order (decision 037), checked as the server will.
    const problem = businessBillError(businessBill, {
      grossPaise: rupeesToPaise(cost.totalCost + charge),
      delivered: type === 'delivery',
    });
    setBillProblem(problem);
    if (problem) return;
    setPaying(true);
    saveOrderData(w, type, charge, delivery.deliveryDetails, nameOf);
    try {
      const body = {
        amount: rupeesToPaise(cost.totalCost + charge),
        currency: 'INR' as const,
        notes: { userId: user?.id, serviceId: w.documents[0]!.opts.serviceId },
        documents: documentsBody(w.documents, nameOf),
        ...delivery,
        whatsappUpdates: whatsapp.checked,
        businessBill,
      };
      // Paying again for the same order after a cancelled or failed payment reopens its draft, not a second one.
      const key = JSON.stringify(body);
      const again =
        lastDraft.current?.key === key
          ? await reopenDraftPayment(lastDraft.current.order.orderNumber).catch(() => null)
          : null;
      const order = again ?? (await createPaymentOrder(body));
      lastDraft.current = { key, order };
      if (order.provider === 'sandbox') {
        setCheckout(order);
        return;
      }
      try {
        await loadRazorpay(shopConfig.payments.checkoutUrl);
      } catch {
        toast({ title: t('pay.gatewayTitle'), description: t('pay.gateway'), variant: 'destructive' });
        setPaying(false);
        return;
      }
      const first = w.documents[0]!;
      const rzp = new window.Razorpay!({
        key: order.key,
        amount: order.amount,
        currency: 'INR',
        name: shopText('name'),
        description:
          w.documents.length > 1
            ? t('pay.documents', { count: w.documents.length })
            : t('pay.describe', {
                service: nameOf(first.opts.serviceId) ?? t('review.printing'),
                file: first.upload.file.originalFilename,
              }),
        order_id: order.id,
        prefill: order.prefill,
        handler: (res) => void onPaid(res, order, type),
        modal: { ondismiss: onDismiss },
        theme: { color: '#1d4ed8' },
      });
      rzp.on('payment.failed', () => onFailed(t('pay.windowFailed')));
      rzp.open();
    } catch (err) {
      setPaying(false);
      if (err instanceof ApiError && (err.code === 'price_changed' || err.code === PRINT_OPTIONS_NOT_OFFERED)) {
        // The price or a service changed since the price was shown: read the catalogue again and choose anew.
        toast({
          title: err.code === 'price_changed' ? t('pay.priceChanged') : t('pay.optionsChanged'),
          description: localizeMessage(err.message),
          variant: 'destructive',
        });
        void qc.invalidateQueries({ queryKey: ['services'] });
        void qc.invalidateQueries({ queryKey: ['service'] });
        w.priceAgain();
        w.go(2);
        return;
      }
      toast({
        title: t('pay.createFailed'),
        description: errorMessage(err, t('pay.initiateFailed')),
        variant: 'destructive',
      });
    }
  };

  const onPaid = async (res: CheckoutSuccess, order: CreatePaymentOrderResponse, type: DeliveryType) => {
    setCheckout(null);
    try {
      const verified = await verifyPayment(res);
      toast({ title: t('pay.placed'), description: t('pay.placedText') });
      const orderNumber = verified.orderNumber ?? order.orderNumber;
      const first = w.documents[0];
      if (user && first && w.cost) {
        // Tracking shows this copy while the server does not answer.
        rememberPlacedOrder({
          orderNumber,
          userId: user.id,
          placedAt: new Date().toISOString(),
          fileDetails: { originalFilename: w.documents.map(pickedName).join(', ') },
          pdfInfo: { pageCount: w.cost.pages },
          printingOptions: printOptionsOf(first, nameOf(first.opts.serviceId)),
          costSummary: {
            totalCost: w.cost.totalCost,
            finalAmount: paiseToRupees(order.amount),
            subtotal: w.cost.subtotal,
            discount: w.cost.discountAmount,
          },
          deliveryType: type,
          deliveryCharge: type === 'delivery' ? w.cost.deliveryCharge : 0,
          documentLines: w.documents.map((d, i) => documentSummary(summaryOf(d, w.cost!.documents[i]), wordsText)),
          pagesPrinted: w.cost.documents.reduce((n, d) => n + d.pages * d.copies, 0),
        });
      }
      w.clearDraft();
      try {
        localStorage.removeItem('orderData');
      } catch {
        /* storage unavailable */
      }
      await qc.invalidateQueries({ queryKey: ['orders'] });
      setTimeout(() => navigate(paths.orderTracking(orderNumber)), 1000);
    } catch (err) {
      setPaying(false);
      // The server's own words when it asked the provider and the payment did not confirm the order.
      const known = err instanceof ApiError && !!err.code && err.code in PAYMENT_CONFIRMATION_ERRORS;
      const description = known ? localizeMessage(err.message) : t('pay.verifyFailedText');
      toast({ title: t('pay.verifyFailed'), description, variant: 'destructive' });
    }
  };

  /** A payment the bank refused is a failure, not a cancellation: the window stays open to try another way. */
  const onFailed = (message: string) => {
    failedInWindow.current = true;
    w.setFailCount((n) => n + 1);
    toast({ title: t('pay.failed'), description: localizeMessage(message), variant: 'destructive' });
  };

  const onDismiss = () => {
    setCheckout(null);
    setPaying(false);
    if (failedInWindow.current) {
      failedInWindow.current = false;
      return;
    }
    w.setCancelCount((n) => n + 1);
    toast({ title: t('pay.cancelled'), description: t('pay.cancelledText'), variant: 'destructive' });
  };

  const cost = w.cost;
  const billOrder =
    cost && w.deliveryType
      ? {
          grossPaise: rupeesToPaise(cost.totalCost + (w.deliveryType === 'delivery' ? cost.deliveryCharge : 0)),
          delivered: w.deliveryType === 'delivery',
        }
      : null;
  const bill = { value: businessBill, onChange: setBusinessBill, error: billProblem, order: billOrder };
  return {
    continueFromOptions,
    reviewNow,
    payNow,
    paying,
    checkout,
    onPaid,
    onDismiss,
    onFailed,
    whatsapp,
    bill,
    pickupError,
    checkPickup,
    needChoice,
  };
}

/** The "saved order data" in local storage (the /delivery page reads it): no mobile number kept. */
function saveOrderData(
  w: OrderWizard,
  type: DeliveryType,
  charge: number,
  details: DeliveryChoice['deliveryDetails'],
  nameOf: (id: number) => string | undefined,
) {
  const first = w.documents[0];
  if (!first || !w.cost) return;
  try {
    localStorage.setItem(
      'orderData',
      JSON.stringify({
        fileDetails: {
          originalFilename: w.documents.map((d) => d.upload.file.originalFilename).join(', '),
          fileId: first.upload.file.id,
        },
        pdfInfo: { pageCount: w.cost.pages },
        printingOptions: printOptionsOf(first, nameOf(first.opts.serviceId)),
        costSummary: { totalCost: w.cost.totalCost, finalAmount: w.cost.totalCost + charge },
        deliveryType: type,
        deliveryCharge: charge,
        deliveryDetails: { ...details, mobileNumber: undefined },
      }),
    );
  } catch {
    /* storage unavailable */
  }
}
