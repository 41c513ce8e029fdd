/** Words the error messages put inside their sentences: how long to wait (shared/src/quotas/limits.ts, waitInWords). */
export default {
  seconds: '{n, plural, one {# second} other {# seconds}}',
  minutes: '{n, plural, one {# minute} other {# minutes}}',
  aboutHours: 'about {n, plural, one {# hour} other {# hours}}',
  and: '{first} and {last}',
} as const;
