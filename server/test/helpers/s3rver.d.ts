declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: Array<{ name: string }>;
    allowMismatchedSignatures?: boolean;
  }
  interface KoaContext {
    req: import('node:http').IncomingMessage;
    status: number;
    type: string;
    body: unknown;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list (s3rver is a Koa app), composed when the server starts. */
    middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
