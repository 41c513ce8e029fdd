import { ApiError } from './api-client';
import { commonText } from './i18n/common';

/**
 * A file the server sends (an order's PDF), fetched so a refusal can be told in words: its bytes and headers, or an
 * ApiError with the server's message. `url` is a route's (routeUrl) or one the server gave (`download_url`).
 */
export async function fetchFile(url: string): Promise<{ blob: Blob; headers: Headers }> {
  let res: Response;
  try {
    // oxlint-disable-next-line no-restricted-globals
    res = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, commonText('networkError'), 'network');
  }
  if (!res.ok) {
    // Only the server's JSON refusal (`{ message, code }`) carries words for people; anything else is its status.
    const refusal = (await res.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiError(res.status, refusal?.message || res.statusText || commonText('requestFailed'), refusal?.code);
  }
  return { blob: await res.blob(), headers: res.headers };
}
