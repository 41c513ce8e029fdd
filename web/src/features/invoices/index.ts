/** What other features use of bills: the checkout's optional GSTIN for a business bill. */
export {
  BusinessBillFields,
  businessBillError,
  EMPTY_BUSINESS_BILL,
  offersGstBill,
  particularsNeeded,
  type BillOrder,
  type BusinessBill,
} from './components/business-bill-fields';
