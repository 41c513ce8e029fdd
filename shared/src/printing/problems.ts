/**
 * CUPS' printer-state-reasons and job states in words a clerk understands. The agent uses these to report why a job
 * waits or failed; the server uses them for the admin's printer list. Keywords: RFC 8011 §5.4.12 and PWG 5100.x.
 */
const REASONS: Array<[RegExp, string]> = [
  [/^media-empty|^media-needed|^input-tray-missing/, 'Out of paper'],
  [/^media-jam/, 'Paper jam'],
  [/^(toner|marker-supply)-empty/, 'Toner or ink is empty'],
  [/^(door|cover|interlock)-open/, 'A cover or door is open'],
  [/^offline-report|^connecting-to-device|^timed-out|^shutdown/, 'The printer is offline or switched off'],
  [/^output-area-full/, 'The output tray is full'],
  [/^paused/, 'The printer is stopped in CUPS'],
  [/^spool-area-full/, 'The print spooler is full'],
];

/** The first reason that blocks printing, in words, or null. `-report` and `-warning` suffixes are warnings only. */
export function describePrinterProblem(p: {
  state?: string;
  stateReasons?: string[];
  stateMessage?: string;
  accepting?: boolean;
}): string | null {
  const reasons = (p.stateReasons ?? []).filter((r) => r !== 'none' && !/-warning$/.test(r));
  for (const [pattern, words] of REASONS) {
    const hit = reasons.find((r) => pattern.test(r) && (!/-report$/.test(r) || r === 'offline-report'));
    if (hit) return p.stateMessage ? `${words} (${p.stateMessage})` : words;
  }
  if (p.state === 'stopped')
    return p.stateMessage ? `The printer is stopped (${p.stateMessage})` : 'The printer is stopped';
  if (p.accepting === false) return 'The printer is not accepting jobs (rejecting in CUPS)';
  return null;
}

/** Why CUPS ended a job without printing it (job-state aborted or canceled). */
export function describeJobEnd(state: string, reasons: string[], message: string): string {
  const extra = message ? `: ${message}` : '';
  if (state === 'canceled') return `Cancelled at the printer${extra}`;
  if (reasons.includes('document-format-error') || reasons.includes('unsupported-document-format'))
    return `The printer could not read the document${extra}`;
  if (reasons.includes('job-canceled-at-device')) return `Cancelled on the printer's panel${extra}`;
  return `CUPS stopped the job${extra || ' (see the CUPS error log)'}`;
}
