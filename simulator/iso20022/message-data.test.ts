import { test, expect } from '@playwright/test';
import { decodeMessageData, MAX_MESSAGE_BYTES } from './message-data.ts';

const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const message = '<?xml version="1.0" encoding="UTF-8"?><Message xmlns="urn:dss:message:1"/>';

function refusal(data: string | undefined): string {
  const decoded = decodeMessageData(data);
  if (decoded.ok) throw new Error(`expected a refusal of ${data}`);
  expect(decoded.problem.reason).toBe('FF01');
  return decoded.problem.text;
}

test('base64 of UTF-8 XML is decoded; a BOM and MIME line breaks are tolerated', () => {
  expect(decodeMessageData(base64(message))).toEqual({ ok: true, xml: message });
  expect(decodeMessageData(base64(`\uFEFF${message}`))).toEqual({ ok: true, xml: message });
  const wrapped = base64(message).replace(/(.{20})/g, '$1\r\n');
  expect(decodeMessageData(wrapped)).toEqual({ ok: true, xml: message });
});

test('garbage base64 and empty data are refused', () => {
  expect(refusal('not base64!')).toContain('not base64');
  expect(refusal('QUJD=')).toContain('not base64');
  // '=' only as the last one or two characters of a whole group of four.
  for (const broken of ['QU=C', 'Q===', 'QUJ', 'QUJDR', '====', 'QUJD=='])
    expect(refusal(broken)).toContain('not base64');
  expect(refusal(undefined)).toContain('empty');
  expect(refusal('')).toContain('empty');
});

test('bytes that are not UTF-8 are refused', () => {
  expect(refusal(base64(Buffer.from([0x3c, 0xff, 0xfe, 0x3e])))).toContain('UTF-8');
});

test('another declared encoding is refused; UTF-8 in any case is accepted', () => {
  expect(refusal(base64('<?xml version="1.0" encoding="ISO-8859-1"?><Message/>'))).toContain('ISO-8859-1');
  expect(decodeMessageData(base64('<?xml version="1.0" encoding="utf-8"?><Message/>')).ok).toBe(true);
});

test('SWIFT MT text is refused as MT', () => {
  expect(refusal(base64('{1:F01AAAAUS33AXXX0000000000}{2:I103BBBBSGSGXXXXN}{4:\r\n:20:REF\r\n-}'))).toContain(
    'SWIFT MT',
  );
});

test('any DOCTYPE or ENTITY declaration is refused before parsing', () => {
  expect(refusal(base64('<?xml version="1.0"?><!DOCTYPE Message><Message/>'))).toContain('DTD');
  expect(refusal(base64('<!doctype Message [<!ENTITY x "y">]><Message>&x;</Message>'))).toContain('DTD');
});

test(`more than ${MAX_MESSAGE_BYTES} bytes is refused without decoding`, () => {
  expect(refusal(base64(`<Message>${'x'.repeat(MAX_MESSAGE_BYTES)}</Message>`))).toContain('larger');
});
