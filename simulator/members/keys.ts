import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { decodeAccountAddress, encodeAccountAddress } from '../../protocol/strkey.ts';
import { BoundedMap } from '../bounded-map.ts';

// PKCS#8 and SPKI prefixes for a raw Ed25519 seed / public key (RFC 8410), so keys can be derived
// from a seed without a key-generation library.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * The Ed25519 key pair of one digital account. Keys are derived from a seed so that a network built
 * from the same seed has the same addresses on every start, which developers rely on when they keep
 * a simulator's addresses in their own configuration.
 */
export class AccountKey {
  readonly publicKey: Buffer;
  /** The StrKey address: the reference's form, and the key the simulator verifies with. */
  readonly address: string;
  /** A UUID naming the account, shown instead of `address` under reading opaque-addresses (shown-address.ts). */
  readonly opaqueAddress: string;
  private readonly privateKey: KeyObject;

  private constructor(seed: Buffer) {
    this.privateKey = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    const spki = createPublicKey(this.privateKey).export({ format: 'der', type: 'spki' });
    this.publicKey = Buffer.from(spki.subarray(SPKI_ED25519_PREFIX.length));
    this.address = encodeAccountAddress(this.publicKey);
    this.opaqueAddress = nameBasedUuid(this.address);
  }

  /** Derives the key of an account from the network seed and the account's full name. */
  static derive(networkSeed: string, memberIdentification: string, accountIdentification: string): AccountKey {
    const seed = createHash('sha256')
      .update(`${networkSeed}\u0000${memberIdentification}\u0000${accountIdentification}`)
      .digest();
    return new AccountKey(seed);
  }

  sign(bytes: Uint8Array): Buffer {
    return sign(null, bytes, this.privateKey);
  }
}

const OPAQUE_ADDRESS_NAMESPACE = Buffer.from('6d9c2f8e4b1a4c3d9e0f1a2b3c4d5e6f', 'hex');

/** The RFC 9562 name-based (SHA-1, version 5) UUID of `name` in a namespace of the simulator's: one per account, the same on every start. */
function nameBasedUuid(name: string): string {
  const hash = createHash('sha1').update(OPAQUE_ADDRESS_NAMESPACE).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Public keys by ledger address. Building a KeyObject from DER costs about as much as the
 * verification itself (some 90 µs); the addresses a simulator sees are few, but they come from
 * clients, so the cache is bounded. An address that holds no key is not remembered.
 */
const publicKeys = new BoundedMap<string, KeyObject>(4096);

function publicKeyOf(address: string): KeyObject | undefined {
  const known = publicKeys.get(address);
  if (known) return known;
  const publicKey = decodeAccountAddress(address);
  if (!publicKey) return undefined;
  return publicKeys.set(
    address,
    createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, publicKey]), format: 'der', type: 'spki' }),
  );
}

/** Verifies an Ed25519 signature with the public key inside a ledger address. */
export function verifyWithAddress(address: string, bytes: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  const key = publicKeyOf(address);
  return key !== undefined && verify(null, bytes, key, signature);
}
