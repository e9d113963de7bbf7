import { inflateRawSync } from 'node:zlib';

/**
 * The files of a zip archive, read from its central directory. Playwright's HTML report keeps its
 * data (errors, attachments) in a base64 zip inside index.html; a search for leaked secrets must look
 * inside it. Only what that report uses is supported: stored and deflated entries, no zip64.
 */
export function zipEntries(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(END_OF_CENTRAL_DIRECTORY);
  if (end === -1) throw new Error('not a zip archive: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(offset) !== CENTRAL_FILE_HEADER)
      throw new Error(`zip entry ${index}: bad central directory header`);
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeader = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    // Sizes live in the central directory: the local header may defer them to a data descriptor.
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (method === STORED) entries.set(name, Buffer.from(data));
    else if (method === DEFLATED) entries.set(name, inflateRawSync(data));
    else throw new Error(`zip entry ${name}: compression method ${method} is not supported`);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const END_OF_CENTRAL_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const CENTRAL_FILE_HEADER = 0x02014b50;
const STORED = 0;
const DEFLATED = 8;
