/**
 * Ledger addresses in StrKey form: the version byte of an account ID (6 << 3, which makes the text
 * start with `G`), the 32-byte Ed25519 public key, a CRC16-XModem checksum (little-endian), all in
 * RFC 4648 base32 without padding: 56 characters.
 */
const ACCOUNT_ID_VERSION = 6 << 3;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

function unbase32(text: string): Uint8Array | undefined {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return undefined;
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

export function encodeAccountAddress(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new RangeError('an Ed25519 public key has 32 bytes');
  const payload = new Uint8Array(35);
  payload[0] = ACCOUNT_ID_VERSION;
  payload.set(publicKey, 1);
  const crc = crc16xmodem(payload.subarray(0, 33));
  payload[33] = crc & 0xff;
  payload[34] = crc >>> 8;
  return base32(payload);
}

/** The public key inside an address, or undefined when the text is not a valid account address. */
export function decodeAccountAddress(address: string): Uint8Array | undefined {
  if (address.length !== 56) return undefined;
  const payload = unbase32(address);
  if (!payload || payload.length !== 35 || payload[0] !== ACCOUNT_ID_VERSION) return undefined;
  const crc = crc16xmodem(payload.subarray(0, 33));
  if (payload[33] !== (crc & 0xff) || payload[34] !== crc >>> 8) return undefined;
  return payload.slice(1, 33);
}
