// Ports for the processes the dev scripts and tests start. They come from below the kernel's
// ephemeral range: a port the kernel hands out for bind(0) is also where it puts outgoing
// connections, so between our check and the child's listen() a connection pool (to PostgreSQL,
// Redis, a sibling service) could take it and the child would die with EADDRINUSE.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const LOWEST = 20_000;
const DEFAULT_EPHEMERAL_START = 32_768;

/** The first port of the kernel's ephemeral range (Linux), or the IANA default elsewhere. */
export const ephemeralStart = () => {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const port = Number(start);
    return Number.isInteger(port) && port > 0 ? port : DEFAULT_EPHEMERAL_START;
  } catch {
    return DEFAULT_EPHEMERAL_START;
  }
};

/** Resolves true when nothing listens on (or holds) 127.0.0.1:port. */
export const canListen = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

const kernelPort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

// ports this process has handed out already (two callers in one process never get the same one)
const handedOut = new Set();

/**
 * A free port on 127.0.0.1 below the ephemeral range, chosen at random (several test runs may pick
 * at once) and never one this process handed out before. Where the range leaves too little room
 * below it, the kernel's choice.
 */
export const freePort = async ({ random = Math.random } = {}) => {
  const highest = ephemeralStart() - 1;
  if (highest - LOWEST < 1_000) return kernelPort();
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = LOWEST + Math.floor(random() * (highest - LOWEST + 1));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free port found between ${LOWEST} and ${highest}`);
};
