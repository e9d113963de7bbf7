import { readFileSync } from 'node:fs';
import type { RecordedCall } from '../runtime/recorder.ts';
import type { CallAttachment } from './report-types.ts';

/**
 * Reads the `dss-calls` attachments of a check. They come from disk or from another machine's results,
 * so their shape is checked rather than trusted; what cannot be read becomes a report problem, never a
 * crash of the report.
 */
export function parseCalls(
  attachments: readonly CallAttachment[],
  checkId: string,
  problems: string[],
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  for (const attachment of attachments) {
    const text = attachmentText(attachment, checkId, problems);
    if (text === null) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      problems.push(`check ${checkId}: a dss-calls attachment is not JSON`);
      continue;
    }
    if (!Array.isArray(value)) {
      problems.push(`check ${checkId}: a dss-calls attachment is not an array`);
      continue;
    }
    const valid = value.filter(isRecordedCall);
    if (valid.length < value.length)
      problems.push(`check ${checkId}: ${value.length - valid.length} recorded call(s) have the wrong shape`);
    calls.push(...valid);
  }
  return calls;
}

function attachmentText(attachment: CallAttachment, checkId: string, problems: string[]): string | null {
  if (attachment.body !== undefined) return attachment.body;
  if (attachment.path === undefined) {
    problems.push(`check ${checkId}: a dss-calls attachment has neither body nor path`);
    return null;
  }
  try {
    return readFileSync(attachment.path, 'utf8');
  } catch {
    // Shards merged on another machine lose attachment files; bodies travel inside the JSON results.
    problems.push(`check ${checkId}: cannot read dss-calls attachment ${attachment.path}`);
    return null;
  }
}

function isRecordedCall(value: unknown): value is RecordedCall {
  if (typeof value !== 'object' || value === null) return false;
  const call = value as Record<string, unknown>;
  return (
    (call.endpoint_id === null || typeof call.endpoint_id === 'string') &&
    typeof call.method === 'string' &&
    typeof call.url === 'string' &&
    (call.status === null || Number.isInteger(call.status)) &&
    isStringMap(call.request_headers) &&
    isStringMap(call.response_headers) &&
    (call.request_body === null || typeof call.request_body === 'string') &&
    (call.response_body === null || typeof call.response_body === 'string') &&
    typeof call.duration_ms === 'number' &&
    (call.error === undefined || typeof call.error === 'string') &&
    (call.rate_limited === undefined || isRateLimited(call.rate_limited))
  );
}

function isRateLimited(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { responses, waited_ms } = value as Record<string, unknown>;
  return Number.isInteger(responses) && (responses as number) > 0 && typeof waited_ms === 'number' && waited_ms >= 0;
}

function isStringMap(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}
