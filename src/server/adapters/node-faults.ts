import type { ServerResponse } from 'node:http';
import type { DeliveryFault, EngineResponse } from '../answers/response.js';
import { writeHeadFor } from './node-write-head.js';

type Send = (res: ServerResponse, response: EngineResponse) => void;
type Cors = Readonly<Record<string, string>> | undefined;

/** A timer that ends with the response: a client that hangs up leaves nothing behind. */
function after(res: ServerResponse, ms: number, run: () => void, unref = false): void {
  const timer = setTimeout(run, ms);
  if (unref) timer.unref();
  res.once('close', () => clearTimeout(timer));
}

function realise(
  res: ServerResponse,
  response: EngineResponse,
  fault: DeliveryFault,
  send: Send,
  cors: Cors,
): void {
  if (res.destroyed) return;
  if (fault.action === 'delay') {
    send(res, response);
    return;
  }
  if (fault.action === 'drop') {
    // The socket ends without a byte of the answer: the client sees a reset, not a status.
    res.socket?.destroy();
    res.destroy();
    return;
  }
  const body = Buffer.from(response.body);
  writeHeadFor(res, response, body.length, false, cors);
  res.write(body.subarray(0, fault.afterBytes));
  // The rest never comes; the connection ends after stallMs unless the client gave up first.
  after(res, fault.stallMs, () => res.destroy(), true);
}

/** Delivers an answer the fault injector touched over node:http: late, cut off, or half-written. */
export function deliverFault(res: ServerResponse, response: EngineResponse, send: Send, cors: Cors): void {
  const fault = response.fault as DeliveryFault;
  if (fault.delayMs > 0) after(res, fault.delayMs, () => realise(res, response, fault, send, cors));
  else realise(res, response, fault, send, cors);
}
