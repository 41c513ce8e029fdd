import { shopDateFormat, shopDayStart } from '@shop/shared/common/shop-clock';

/** One check's answer, in the doctor's words (server/src/doctor). */
export type CheckStatus = 'ok' | 'warn' | 'problem';
export interface CheckResult {
  area: string;
  status: CheckStatus;
  /** Plain words: what is there, or what is missing and how to fix it. */
  message: string;
}

/**
 * When each Node.js release line stops getting security fixes (the Node.js release schedule,
 * github.com/nodejs/Release): even majors are long-term support for 30 months, odd ones for 6 months.
 */
const NODE_END_OF_LIFE: Record<number, string> = {
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};
/** The oldest Node.js the shop runs on (package.json's engines). */
const NODE_MINIMUM = [20, 19] as const;
const INSTALL_NODE =
  'install the current LTS (Node 22 or 24) from nodejs.org or NodeSource; Debian 12’s own nodejs is 18';

/** A calendar day as the shop writes it: 30/04/2026. */
const shopDate = (day: string) =>
  shopDateFormat({ day: '2-digit', month: '2-digit', year: 'numeric' }).format(shopDayStart(day));

/** The Node.js running the shop: old enough to run it, and still getting security fixes on `today` (YYYY-MM-DD). */
export function checkNode(version: string, today: string): CheckResult {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major < NODE_MINIMUM[0] || (major === NODE_MINIMUM[0] && minor < NODE_MINIMUM[1]))
    return {
      area: 'Node.js',
      status: 'problem',
      message: `Node ${version} is too old for the shop (it needs ${NODE_MINIMUM.join('.')} or newer): ${INSTALL_NODE}`,
    };
  const endOfLife = NODE_END_OF_LIFE[major];
  if (endOfLife && endOfLife <= today)
    return {
      area: 'Node.js',
      status: 'warn',
      message: `Node ${version} has had no security fixes since ${shopDate(endOfLife)} (its end of life): ${INSTALL_NODE}`,
    };
  return {
    area: 'Node.js',
    status: 'ok',
    message: `Node ${version}${endOfLife ? `, security fixes until ${shopDate(endOfLife)}` : ''}`,
  };
}
