import { send, type HttpResult, type NetworkFailure, type NetworkFailureReason } from './http.ts';
import type { Transport } from './transport.ts';

/**
 * Why a target cannot be reached at all, said to the person who set the run up, in one line with what to
 * change. `dss test` (before Playwright starts) and preflight (global setup) both stop on these: the
 * address is wrong or unusable from here, whatever the service would do. A TLS failure on reach is the
 * user's set-up, not the target's failure: the spec says nothing of TLS, the kit judges the API, and no
 * verdict can be given on a target the harness cannot talk to; nearly always the fix is in the profile
 * (`tls.ca`, the client certificate, `tls.servername`) or the proxy. A TLS failure in the middle of a
 * run, once the target was reached, is the target's, like any other connection it breaks.
 */

/**
 * `GET url` (base_url, or the control plane's health), the first call of a run. A reset of an https connection is looked at again with a
 * handshake that sends nothing (Transport.handshake): a target refusing the client certificate under
 * TLS 1.3 shows as a reset when the request was already on its way, and must be said as the TLS
 * failure it is.
 */
export async function reachTarget(url: string, timeoutMs: number, transport: Transport): Promise<HttpResult> {
  const result = await send({ method: 'GET', url, headers: { accept: 'application/json' }, timeoutMs, transport });
  if (result.kind === 'response' || result.reason !== 'reset' || !url.startsWith('https:')) return result;
  const verdict = await transport.handshake(new URL(url), timeoutMs);
  if (verdict === 'closed' && transport.presentsClientCertificate) {
    return {
      ...result,
      reason: 'tls',
      code: CLOSED_AFTER_HANDSHAKE,
      message:
        'TLS failure: the target closed the connection as soon as the handshake with the client certificate was done, without an answer',
    };
  }
  const code = (verdict as { code?: unknown } | null)?.code;
  if (
    !(verdict instanceof Error) ||
    typeof code !== 'string' ||
    !(code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS'))
  )
    return result;
  return { ...result, reason: 'tls', code, message: `TLS failure: ${verdict.message}` };
}

/** Not node's: the code reachTarget gives a target that hangs up on the client certificate without an alert. */
const CLOSED_AFTER_HANDSHAKE = 'DSS_CLOSED_AFTER_CLIENT_CERTIFICATE';

/** The reasons that stop a run before it starts. A timeout is judged apart (reach.ts): it may be the target's. */
export const unusableAddress = new Set<NetworkFailureReason>(['refused', 'dns', 'tls', 'proxy', 'invalid-request']);

export function unreachableMessage(
  baseUrl: string,
  failure: NetworkFailure,
  timeoutMs: number,
  transport: Transport,
): string {
  const host = hostOf(baseUrl);
  const at = `cannot reach the target at ${baseUrl}`;
  switch (failure.reason) {
    case 'refused':
      return `${at}: the connection was refused (${failure.message}). Is the service running, and listening on that address and port?`;
    case 'dns':
      return `${at}: the host name ${host} does not resolve (${failure.message}). Check the spelling of the URL and this machine's DNS.`;
    case 'tls':
      return `${at}: ${tlsAdvice(failure, host)}`;
    case 'proxy':
      return `${at}: ${failure.message}. The proxy comes from ${transport.proxies.source === 'profile' ? "the profile's proxy: block" : 'the environment (HTTPS_PROXY or HTTP_PROXY; NO_PROXY exempts a host)'}; see docs/profiles.md, "Proxies".`;
    case 'timeout':
      return `${at}: no answer within ${timeoutMs} ms (${failure.message}). Is the service running, and is the address reachable from this machine (firewall, VPN, proxy)?`;
    default:
      return `${at}: ${failure.message}. Is the service running?`;
  }
}

/** node's codes for a server certificate that no trusted CA signed. */
const untrusted = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);
/** Alerts the target sends when it does not accept the client certificate the harness showed. */
const clientCertificateRefused = new Set([
  'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
  'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_REVOKED',
  'ERR_SSL_SSLV3_ALERT_UNSUPPORTED_CERTIFICATE',
  'ERR_SSL_TLSV1_ALERT_ACCESS_DENIED',
  CLOSED_AFTER_HANDSHAKE,
]);

function tlsAdvice(failure: NetworkFailure, host: string): string {
  const code = failure.code ?? '';
  const said = `(${failure.message})`;
  if (untrusted.has(code))
    return `the target's certificate is not signed by a CA trusted here ${said}: give the CA that signed it as tls.ca in the profile (docs/profiles.md, "TLS").`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return `the target's certificate is not issued for ${host} ${said}: give the name it is issued for as tls.servername in the profile, or use that name in base_url.`;
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID')
    return `the target's certificate is outside its validity period ${said}: its operators must renew it (or this machine's clock is wrong).`;
  if (code === 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED')
    return `the target asks for a client certificate and the profile gives none ${said}: give tls.cert and tls.key, or tls.pfx (docs/profiles.md, "TLS").`;
  if (clientCertificateRefused.has(code))
    return `the target does not accept the harness's client certificate ${said}: tls.cert and tls.key (or tls.pfx) must be signed by a CA the target trusts for clients (docs/profiles.md, "TLS").`;
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'EPROTO')
    return `the TLS handshake failed ${said}: does the address serve https? A port that speaks plain http answers an https:// URL so.`;
  return `the TLS handshake failed ${said}. Is the certificate valid for ${host} and signed by a CA trusted here (tls.ca), and does the target accept the client certificate, if it wants one (docs/profiles.md, "TLS")?`;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname;
  } catch {
    return baseUrl;
  }
}
