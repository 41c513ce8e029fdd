/**
 * GST state and union-territory codes (the first two digits of a GSTIN; also the place of supply), as the GST
 * portal and its offline tool list them. A document prints the place of supply as "Telangana (36)"; the GSTR-1
 * files as "36-Telangana".
 */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
};

/**
 * States a customer can choose as the billing state, in name order (Other Territory and the centre left out). The
 * names are plain ASCII, compared as they are: localeCompare would load the collation tables into every server at
 * start (about 3 MB of its idle memory) for the same order.
 */
export const BILLING_STATE_CODES: readonly string[] = Object.keys(GST_STATES)
  .filter((c) => c !== '97' && c !== '99')
  .sort((a, b) => (GST_STATES[a]! < GST_STATES[b]! ? -1 : 1));

export function isStateCode(code: string | null | undefined): code is string {
  return !!code && code in GST_STATES;
}

/** "Andhra Pradesh (37)", as a bill prints the place of supply. */
export function stateLabel(code: string): string {
  return `${GST_STATES[code] ?? 'Unknown state'} (${code})`;
}

/** "37-Andhra Pradesh", as the GST offline tool's CSV files write it. */
export function statePortalLabel(code: string): string {
  return `${code}-${GST_STATES[code] ?? ''}`;
}
