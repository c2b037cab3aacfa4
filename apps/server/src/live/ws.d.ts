/**
 * The part of the `ws` library (no @types/ws is installed) the live channel and its tests use:
 * the server-side socket @fastify/websocket hands over, and the client the tests connect with.
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';

  export type RawData = Buffer | ArrayBuffer | Buffer[];

  export class WebSocket extends EventEmitter {
    constructor(address: string, protocols?: string | string[], options?: { headers?: Record<string, string> });
    static readonly OPEN: 1;
    readonly readyState: number;
    readonly bufferedAmount: number;
    send(data: string, cb: (err?: Error) => void): void;
    send(data: string): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    ping(): void;
    pause(): void;
    resume(): void;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'open' | 'pong' | 'ping', listener: () => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
    on(event: 'unexpected-response', listener: (req: unknown, res: IncomingMessage) => void): this;
  }

  export class WebSocketServer extends EventEmitter {
    clients: Set<WebSocket>;
    close(cb?: () => void): void;
  }
  export { WebSocketServer as Server };
  export default WebSocket;
}
