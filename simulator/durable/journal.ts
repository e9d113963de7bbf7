/**
 * The durable store's file (`DIR/state.journal`): a header naming the format and the kit version that
 * wrote it, then records, each `<length> <sha-256 hex>\n<payload>\n`. A record is written whole and
 * fsynced before the answer it covers is sent (durable-state.ts); on start the last complete record
 * wins. A record cut short or not matching its digest (a crash while writing) ends the journal: it is
 * dropped, with a message, and the file cut back to the records before it. When the file has grown to
 * several records, it is compacted: the last record alone written to a new file, fsynced, and renamed
 * over the old one, so a crash during compaction leaves one of the two whole.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { BUILD_VERSION } from '../http/error-body.ts';

/** Bumped when what a record holds changes shape; with the kit version, what a store must match to be read. */
const FORMAT = 2;
const HEADER = `dss-state format ${FORMAT} kit ${BUILD_VERSION}\n`;
/** Compacted once it holds this many records: each record is a whole state, so older ones are only history. */
const RECORDS_BEFORE_COMPACTION = 64;

/** A store that cannot be used as it is: another version's, or not a store at all. Exit status 2. */
export class StoreRefused extends Error {}

export interface OpenedJournal {
  journal: Journal;
  /** The payload of the last complete record; undefined for a new store. */
  last: string | undefined;
  /** What was dropped at the end, said once at start; undefined when nothing was. */
  dropped: string | undefined;
}

export class Journal {
  private records: number;

  private constructor(
    private readonly path: string,
    private fd: number,
    records: number,
  ) {
    this.records = records;
  }

  static open(directory: string): OpenedJournal {
    mkdirSync(directory, { recursive: true });
    const path = join(directory, 'state.journal');
    if (!existsSync(path)) {
      const fd = openSync(path, 'a');
      writeSync(fd, HEADER);
      fsyncSync(fd);
      syncDirectory(directory);
      return { journal: new Journal(path, fd, 0), last: undefined, dropped: undefined };
    }
    const bytes = readFileSync(path);
    const headerEnd = bytes.indexOf(0x0a);
    const header = bytes.subarray(0, headerEnd + 1).toString('utf8');
    if (headerEnd < 0 || !header.startsWith('dss-state '))
      throw new StoreRefused(
        `${path} is not a dss state store (it does not start with "dss-state"); give --state-dir an empty or new directory`,
      );
    if (header !== HEADER)
      throw new StoreRefused(
        `${path} was written by another version (${header.trim()}; this is ${HEADER.trim()}): it is not read. Start this version with another --state-dir, or the version that wrote it`,
      );
    let offset = headerEnd + 1;
    let last: string | undefined;
    let records = 0;
    let dropped: string | undefined;
    while (offset < bytes.length) {
      const record = readRecord(bytes, offset);
      if (!record) {
        dropped = `${path}: the last record (${bytes.length - offset} bytes at offset ${offset}) is incomplete or damaged (a crash while it was written): dropped; the state is the one of the record before it`;
        truncateSync(path, offset);
        break;
      }
      last = record.payload;
      offset = record.next;
      records += 1;
    }
    const journal = new Journal(path, openSync(path, 'a'), records);
    return { journal, last, dropped };
  }

  /** Appends a record and waits for it to be on disk (fdatasync). */
  append(payload: string): void {
    const body = Buffer.from(payload, 'utf8');
    const digest = createHash('sha256').update(body).digest('hex');
    writeSync(this.fd, Buffer.concat([Buffer.from(`${body.length} ${digest}\n`), body, Buffer.from('\n')]));
    fsyncSync(this.fd);
    this.records += 1;
    if (this.records >= RECORDS_BEFORE_COMPACTION) this.compact(payload);
  }

  close(): void {
    closeSync(this.fd);
  }

  private compact(payload: string): void {
    const fresh = `${this.path}.new`;
    const fd = openSync(fresh, 'w');
    const body = Buffer.from(payload, 'utf8');
    writeSync(
      fd,
      Buffer.concat([
        Buffer.from(HEADER),
        Buffer.from(`${body.length} ${createHash('sha256').update(body).digest('hex')}\n`),
        body,
        Buffer.from('\n'),
      ]),
    );
    fsyncSync(fd);
    closeSync(fd);
    renameSync(fresh, this.path);
    syncDirectory(join(this.path, '..'));
    closeSync(this.fd);
    this.fd = openSync(this.path, 'a');
    this.records = 1;
  }
}

function readRecord(bytes: Buffer, offset: number): { payload: string; next: number } | undefined {
  const lineEnd = bytes.indexOf(0x0a, offset);
  if (lineEnd < 0) return undefined;
  const match = /^([0-9]{1,12}) ([0-9a-f]{64})$/.exec(bytes.subarray(offset, lineEnd).toString('latin1'));
  if (!match) return undefined;
  const start = lineEnd + 1;
  const end = start + Number(match[1]);
  if (end + 1 > bytes.length || bytes[end] !== 0x0a) return undefined;
  const body = bytes.subarray(start, end);
  if (createHash('sha256').update(body).digest('hex') !== match[2]) return undefined;
  return { payload: body.toString('utf8'), next: end + 1 };
}

/** A new or renamed file is durable once its directory entry is. */
function syncDirectory(directory: string): void {
  const fd = openSync(directory, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
