import { MAX_UPLOAD_BYTES } from '@shop/shared/files/schemas';
import { MAX_CONCURRENT_UPLOADS, QUOTA_CODES, QUOTA_MESSAGES, waitInWords } from '@shop/shared/quotas/limits';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@shop/shared/common/errors';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../plugins/errors.ts';
import { networkKey } from './address.ts';
import { DbRateStore } from './db-rate-store.ts';
import { MemoryRateStore, scaleRule, type RateRule } from './gcra.ts';
import { ADDRESS_FACTOR, RULES, type RuleName } from './rules.ts';
import { firstFile, openDrafts, unorderedUploads } from './usage.ts';

type HookDone = (err?: Error) => void;
type Message = (wait: string) => string;

/** Room for the multipart framing around the file in a request's Content-Length. */
const MULTIPART_SLACK = 4096;

const MESSAGES: Record<RuleName, Message> = {
  quote: QUOTA_MESSAGES.quotes,
  pdfUpload: QUOTA_MESSAGES.uploads,
  fileUpload: QUOTA_MESSAGES.uploads,
  counterUpload: QUOTA_MESSAGES.uploads,
  storageTest: QUOTA_MESSAGES.storageTests,
  draft: QUOTA_MESSAGES.drafts,
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Refused by a quota or rate limit: the request log writes it at debug (a flood is one warning, not a line each). */
    refusedByLimit?: boolean;
  }
}

/** A 429 the web app shows as it is: `{ message, code }`, and Retry-After in whole seconds. */
function tooMany(reply: FastifyReply, code: ErrorCode, message: Message, retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header('retry-after', String(seconds));
  reply.request.refusedByLimit = true;
  return new AppError(code, 429, message(waitInWords(seconds)));
}

/** One warning per account (or network) and limit per minute, however many requests it refuses. */
class RefusalLog {
  private readonly last = new Map<string, number>();
  constructor(private readonly ctx: AppContext) {}
  note(limit: string, account: Account, byNetwork: boolean, now: number) {
    const key = `${limit}:${byNetwork ? 'n' : 'a'}:${account.key}`;
    if ((this.last.get(key) ?? -Infinity) > now - 60_000) return;
    if (this.last.size > 10_000) this.last.clear();
    this.last.set(key, now);
    this.ctx.log.warn({ limit, ...account.log, byNetwork }, 'quota or rate limit reached');
  }
}

/** Whose allowance a request uses: a customer's (or the admin's) account, or a clerk at the counter. */
interface Account {
  /** `u:12` or `s:3`: the rate-limit and in-flight key. */
  key: string;
  /** Whose uploads the quota counts. */
  owner: number | { staffId: number };
  log: { userId: number } | { staffId: number };
}

const customerOf = (request: FastifyRequest): Account => {
  const p = request.principal;
  if (!p || p.kind !== 'user') throw new AppError('unauthorized', 401, 'Please sign in to continue.');
  return { key: `u:${p.user.id}`, owner: p.user.id, log: { userId: p.user.id } };
};

/** The counter's uploads (decision 025): a clerk by staff member, the admin by account. */
const counterOf = (request: FastifyRequest): Account => {
  const p = request.principal;
  if (p?.kind === 'staff')
    return { key: `s:${p.staff.id}`, owner: { staffId: p.staff.id }, log: { staffId: p.staff.id } };
  return customerOf(request);
};

/**
 * The route guards for quotas and rate limits (docs/decisions/012-quotas-and-clean-up.md), one set per app, used
 * as route `preValidation` hooks after the sign-in check. Uploads and payment orders are counted in the database (every
 * server copy sees the same counts); price quotes, which cost only this copy's CPU, in memory.
 */
/** The context of code that checks a customer's quotas and rates (built once in buildApp). */
export type QuotasContext = AppContext & { quotas: QuotaGuards };

export class QuotaGuards {
  /** The clock (epoch ms); tests move it instead of waiting. */
  now: () => number = () => Date.now();
  private readonly memory = new MemoryRateStore();
  private readonly store: DbRateStore;
  private readonly rules: Record<RuleName, { account: RateRule; address: RateRule }>;
  /** Uploads in progress on this copy, per account: their number and declared bytes. */
  private readonly inFlight = new Map<string, { count: number; bytes: number }>();
  private readonly refusals: RefusalLog;

  constructor(private readonly ctx: AppContext) {
    this.store = new DbRateStore(ctx.db);
    this.refusals = new RefusalLog(ctx);
    const scale = ctx.config.RATE_LIMIT_SCALE;
    const entries = Object.entries(RULES).map(([name, r]) => [
      name,
      {
        account: scaleRule(r, scale),
        address: scaleRule({ burst: r.burst * ADDRESS_FACTOR, intervalMs: r.intervalMs / ADDRESS_FACTOR }, scale),
      },
    ]);
    this.rules = Object.fromEntries(entries) as QuotaGuards['rules'];
  }

  /** POST /api/pdf/calculate-cost: per account and per address, in this copy's memory, without a promise. */
  readonly quote = (request: FastifyRequest, reply: FastifyReply, done: HookDone) => {
    const now = this.now();
    const { account, address } = this.rules.quote;
    const who = customerOf(request);
    const d = this.memory.hit(
      [
        [`quote:${who.key}`, account],
        [`quote:a:${networkKey(request.ip)}`, address],
      ],
      now,
    );
    if (d.allowed) return done();
    this.refusals.note('quote', who, d.index !== 0, now);
    done(
      tooMany(reply, QUOTA_CODES.rateLimited, d.index === 0 ? MESSAGES.quote : QUOTA_MESSAGES.network, d.retryAfterMs),
    );
  };

  /**
   * Counted in the database: the account first (a refused customer does not use up the network's allowance), then
   * its network address; when the network refuses, the account's count is given back.
   */
  private async limit(
    rule: RuleName,
    request: FastifyRequest,
    reply: FastifyReply,
    who: Account = customerOf(request),
  ): Promise<void> {
    const now = this.now();
    const { account, address } = this.rules[rule];
    const accountKey = `${rule}:${who.key}`;
    const mine = await this.store.hit(accountKey, account, now);
    if (!mine.allowed) {
      this.refusals.note(rule, who, false, now);
      throw tooMany(reply, QUOTA_CODES.rateLimited, MESSAGES[rule], mine.retryAfterMs);
    }
    const network = await this.store.hit(`${rule}:a:${networkKey(request.ip)}`, address, now);
    if (!network.allowed) {
      await this.store.giveBack(accountKey, account);
      this.refusals.note(rule, who, true, now);
      throw tooMany(reply, QUOTA_CODES.rateLimited, QUOTA_MESSAGES.network, network.retryAfterMs);
    }
  }

  /** GET /api/storage-test: a storage round trip per request. */
  readonly storageCheck = async (request: FastifyRequest, reply: FastifyReply) => {
    await this.limit('storageTest', request, reply);
  };

  /** POST /api/pdf/upload. */
  readonly pdfUpload = (request: FastifyRequest, reply: FastifyReply) => this.upload('pdfUpload', request, reply);
  /** POST /api/files/upload (any file, from the storage test page). */
  readonly fileUpload = (request: FastifyRequest, reply: FastifyReply) => this.upload('fileUpload', request, reply);
  /** POST /api/storage/test-upload: a tiny file the server writes, counted like an upload. */
  readonly storageTestUpload = (request: FastifyRequest, reply: FastifyReply) =>
    this.upload('storageTest', request, reply, 0);
  /** POST /api/counter/uploads: a clerk's (or the admin's) upload for a walk-in order, under the same quota. */
  readonly counterUpload = (request: FastifyRequest, reply: FastifyReply) =>
    this.upload('counterUpload', request, reply, undefined, counterOf(request));

  /**
   * Before a byte of the file is read: at most MAX_CONCURRENT_UPLOADS at once per account on this copy, the rate
   * limit, then the stored-but-never-ordered quota with this upload's declared size (and the other uploads in
   * progress) included. The reservation is released when the response ends, however it ends.
   */
  private async upload(
    rule: RuleName,
    request: FastifyRequest,
    reply: FastifyReply,
    fixedBytes?: number,
    who: Account = customerOf(request),
  ): Promise<void> {
    const declared = fixedBytes ?? declaredFileBytes(request);
    const mine = this.inFlight.get(who.key) ?? { count: 0, bytes: 0 };
    if (mine.count >= MAX_CONCURRENT_UPLOADS)
      throw tooMany(reply, QUOTA_CODES.uploadsInProgress, QUOTA_MESSAGES.uploadsInProgress, 10_000);
    const others = { ...mine };
    mine.count += 1;
    mine.bytes += declared;
    this.inFlight.set(who.key, mine);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      mine.count -= 1;
      mine.bytes -= declared;
      if (mine.count <= 0) this.inFlight.delete(who.key);
    };
    reply.raw.once('close', release);
    try {
      await this.limit(rule, request, reply, who);
      const {
        UPLOAD_QUOTA_FILES: files,
        UPLOAD_QUOTA_MB: megabytes,
        UPLOAD_RETENTION_HOURS: retentionHours,
        CLEANUP_INTERVAL_MINUTES,
      } = this.ctx.config;
      const stored = await unorderedUploads(this.ctx, who.owner);
      if (stored.count + others.count + 1 > files || stored.bytes + others.bytes + declared > megabytes * 1024 * 1024) {
        // The oldest never-ordered upload is removed by the first clean-up run after it is retentionHours old.
        const freedAt = stored.oldest
          ? stored.oldest.getTime() + retentionHours * 3600_000 + CLEANUP_INTERVAL_MINUTES * 60_000
          : this.now() + 60_000;
        const message = (wait: string) => QUOTA_MESSAGES.uploadQuota({ files, megabytes, retentionHours }, wait);
        this.refusals.note('uploadQuota', who, false, this.now());
        throw tooMany(reply, QUOTA_CODES.uploadQuota, message, Math.max(60_000, freedAt - this.now()));
      }
    } catch (err) {
      release();
      throw err;
    }
  }

  /**
   * POST /api/razorpay/create-order: the rate limit, then the open-draft cap, counted by document. Drafts of the file
   * being paid for now do not count: paying again for the same document adds no document.
   */
  readonly draft = async (request: FastifyRequest, reply: FastifyReply) => {
    const who = customerOf(request);
    const userId = who.owner as number;
    await this.limit('draft', request, reply, who);
    const body = request.body as { fileId?: unknown; documents?: Array<{ fileId?: unknown }> } | undefined;
    // A retried payment of the same order (same first document) is not a new draft.
    const fileId = Array.isArray(body?.documents) ? body.documents[0]?.fileId : body?.fileId;
    const open = await openDrafts(
      this.ctx,
      userId,
      new Date(this.now()),
      typeof fileId === 'string' && UUID.test(fileId) ? otherFiles(fileId) : undefined,
    );
    const max = this.ctx.config.OPEN_DRAFTS_MAX;
    if (open.count >= max) {
      this.refusals.note('draftQuota', who, false, this.now());
      const expiresAt = (open.oldest?.getTime() ?? this.now()) + this.ctx.config.DRAFT_EXPIRY_HOURS * 3600_000;
      throw tooMany(
        reply,
        QUOTA_CODES.draftQuota,
        (wait) => QUOTA_MESSAGES.draftQuota(max, wait),
        Math.max(60_000, expiresAt - this.now()),
      );
    }
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Drafts of any other file (or of none). */
const otherFiles = (fileId: string) => sql`${firstFile} is distinct from ${fileId}::uuid`;

/** The file's size as far as the request tells before it is read: its Content-Length, less the multipart framing. */
function declaredFileBytes(request: FastifyRequest): number {
  const length = Number(request.headers['content-length']);
  if (!Number.isFinite(length) || length <= 0) return MAX_UPLOAD_BYTES;
  return Math.min(MAX_UPLOAD_BYTES, Math.max(0, length - MULTIPART_SLACK));
}
