import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** What Node's HTTP parser refused before Express saw the request, in the `{ message }` every answer has. */
const REFUSALS: Readonly<Record<string, { status: number; reason: string; message: string }>> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request line or headers are too large',
  },
};
const MALFORMED = { status: 400, reason: 'Bad Request', message: 'Malformed HTTP request' };

/**
 * Node answers a request it cannot parse (a URL or headers past its 16 KB limit, a broken request
 * line) itself, with an empty body. The gateway answers those with a JSON `{ message }` instead, and
 * closes the connection, as Node would.
 */
export const answerClientErrors = (server: Server): void => {
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const refusal = (error.code && REFUSALS[error.code]) || MALFORMED;
    const body = JSON.stringify({ message: refusal.message });
    socket.end(
      `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
};
