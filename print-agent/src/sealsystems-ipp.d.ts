/** The part of @sealsystems/ipp (CommonJS, untyped) the agent uses. */
declare module '@sealsystems/ipp' {
  export interface IppMessage {
    version?: string;
    operation?: string;
    id?: number | null;
    statusCode?: string;
    'operation-attributes-tag'?: Record<string, unknown>;
    'job-attributes-tag'?: Record<string, unknown> | Array<Record<string, unknown>>;
    'printer-attributes-tag'?: Record<string, unknown> | Array<Record<string, unknown>>;
    data?: Buffer;
  }
  export function serialize(msg: IppMessage): Buffer;
  export function request(url: string | object, body: Buffer, callback: (err: Error | null, res: IppMessage) => void): void;
  const ipp: { serialize: typeof serialize; request: typeof request };
  export default ipp;
}
