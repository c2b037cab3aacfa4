/**
 * The one place the `ws` library's socket (untyped here: no @types/ws) meets the live channel's
 * own socket type: what the hub calls, and the three events the route listens to.
 */
import type { LiveSocket } from './connection.ts';

interface WsLike extends LiveSocket {
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): void;
  on(event: 'pong' | 'close', listener: () => void): void;
}

export function liveSocketOf(ws: WsLike) {
  return {
    live: ws satisfies LiveSocket,
    onMessage(listener: (text: string) => void) {
      ws.on('message', (data, isBinary) => {
        if (isBinary) {
          listener(''); // refused as invalid (text frames only)
          return;
        }
        listener(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as Buffer).toString('utf8'));
      });
    },
    onPong(listener: () => void) {
      ws.on('pong', listener);
    },
    onClose(listener: () => void) {
      ws.on('close', listener);
    },
  };
}
