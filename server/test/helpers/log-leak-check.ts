import { afterAll } from 'vitest';
import { capturedLines, capturedSecrets, findLeaks, resetCapture } from './log-capture.ts';

/**
 * Vitest setup file: after every test file, all log lines its test servers wrote (in-process apps from
 * createTestApp and real server processes from startServer, at level info) are searched for every password,
 * session and reset token, Razorpay secret, signature and delivery address the file's tests used. One hit fails
 * the file with the offending lines (the secret masked).
 */
afterAll(() => {
  const leaks = findLeaks(capturedLines(), capturedSecrets());
  const byKind: Record<string, number> = {};
  for (const kind of capturedSecrets().values()) byKind[kind] = (byKind[kind] ?? 0) + 1;
  const counts = { lines: capturedLines().length, secrets: capturedSecrets().size, byKind: JSON.stringify(byKind) };
  resetCapture();
  if (process.env.LOG_CAPTURE_STATS)
    console.log(`[log-leak-check] searched ${counts.lines} log lines for ${counts.secrets} secrets ${counts.byKind}`);
  if (leaks.length) {
    const shown = leaks.slice(0, 20).map((l) => `  ${l.kind} in a log line of ${l.source}:\n    ${l.line}`);
    throw new Error(`Secrets were written to the logs (${leaks.length} line(s)):\n${shown.join('\n')}`);
  }
});
