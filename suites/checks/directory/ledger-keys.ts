import { createPublicKey, verify } from 'node:crypto';
import { decodeAccountAddress } from '../../../protocol/strkey.ts';

/**
 * Ledger addresses as a verifier sees them (semantics §1, §4a): a StrKey account address carries the
 * account's Ed25519 public key, so a signature made for an account is checked against the address the
 * target publishes for it, never against a key the target hands over with the signature.
 */

/** A valid StrKey account address: 56 characters, `G`, version byte and checksum right. */
export function isLedgerAddress(address: string): boolean {
  return decodeAccountAddress(address) !== undefined;
}

/** Whether `signature` is the Ed25519 signature of `data` by the key inside `address`. */
export function verifiesWithAddress(address: string, data: Uint8Array, signature: Uint8Array): boolean {
  const publicKey = decodeAccountAddress(address);
  // node:crypto throws rather than answering false for a signature of the wrong length.
  if (!publicKey || signature.length !== 64) return false;
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  });
  return verify(null, data, key, signature);
}
