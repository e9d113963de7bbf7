import { connect } from 'node:net';

/**
 * One HTTP/1.1 exchange as bytes over a fresh TCP connection: whatever the request holds (a GET with a
 * body, invalid UTF-8, a broken request line, duplicate parameters) goes out exactly as built, which
 * fetch and node:http refuse to do. The server closes the connection after its answer
 * (`Connection: close`), so the answer is everything read until then.
 */

export interface RawAnswer {
  kind: 'answer';
  status: number;
  /** Lower-case names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface RawFailure {
  kind: 'failure';
  /** `timeout`: no complete answer in time (a hang); `dropped`: closed or reset without a status line. */
  reason: 'timeout' | 'dropped';
  detail: string;
}

export interface HostPort {
  host: string;
  port: number;
}

export function exchangeRaw(target: HostPort, request: Buffer, timeoutMs: number): Promise<RawAnswer | RawFailure> {
  return new Promise((resolve) => {
    const socket = connect(target.port, target.host);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (result: RawAnswer | RawFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ kind: 'failure', reason: 'timeout', detail: `no complete answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A server may answer and close before it has read all of a large body; the answer still counts.
    // The answer is complete when the server ends its side; waiting for the full close costs a round trip.
    for (const event of ['end', 'close', 'error']) socket.on(event, () => finish(readAnswer(Buffer.concat(chunks))));
    // No half-close after the request: Node's server would take it for an abort and drop the request.
    socket.write(request);
  });
}

function readAnswer(received: Buffer): RawAnswer | RawFailure {
  const bytes = withoutInterimAnswers(received);
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0)
    return {
      kind: 'failure',
      reason: 'dropped',
      detail: `connection closed after ${bytes.length} bytes without a complete head`,
    };
  const [statusLine = '', ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  if (!status)
    return {
      kind: 'failure',
      reason: 'dropped',
      detail: `not an HTTP status line: ${JSON.stringify(statusLine.slice(0, 80))}`,
    };
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = bytes.subarray(headEnd + 4);
  const body = headers['transfer-encoding']?.toLowerCase() === 'chunked' ? dechunk(rest) : rest;
  return { kind: 'answer', status: Number(status), headers, body };
}

/** A `100 Continue` (sent for `Expect: 100-continue`) comes before the real answer. */
function withoutInterimAnswers(bytes: Buffer): Buffer {
  let rest = bytes;
  while (/^HTTP\/1\.[01] 1\d\d /.test(rest.subarray(0, 16).toString('latin1'))) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    rest = rest.subarray(end + 4);
  }
  return rest;
}

/** The payload of a chunked body (a truncated one gives what arrived). */
function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
