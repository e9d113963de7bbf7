import { readFileSync } from 'node:fs';
import {
  ParseOption,
  XmlDocument,
  XmlError,
  XmlLibError,
  XsdValidator,
  type ErrorDetail,
  type XmlElement,
} from 'libxml2-wasm';

/**
 * XSD validation of ISO 20022 parts with libxml2 (compiled to WebAssembly): chosen by measurement,
 * see bench/xsd-validators/. A schema is compiled once, on first use, and kept for the life of the
 * process together with the document it was compiled from (libxml2 may point into it).
 */
interface CompiledSchema {
  source: XmlDocument;
  validator: XsdValidator;
}

const compiled = new Map<string, CompiledSchema>();

/** Parsing anything from outside: no network, no external entities or DTDs loaded, entities never substituted. */
export const untrustedParseOptions = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

function validatorFor(xsd: string): XsdValidator {
  let schema = compiled.get(xsd);
  if (!schema) {
    const source = XmlDocument.fromBuffer(readFileSync(new URL(xsd, import.meta.url)), { url: xsd });
    schema = { source, validator: XsdValidator.fromDoc(source) };
    compiled.set(xsd, schema);
  }
  return schema.validator;
}

/** "line 12: Element 'X': ..." for each diagnostic, so a vendor can find the spot in what it sent. */
function describeXmlErrors(details: ErrorDetail[]): string[] {
  return details.map((detail) => `line ${detail.line}: ${detail.message.trim()}`);
}

/** libxml2's refusals as problems; anything else is a defect and goes on up. */
export function xmlErrorProblems(error: unknown): string[] {
  if (error instanceof XmlLibError && error.details.length > 0) return describeXmlErrors(error.details);
  if (error instanceof XmlError) return [error.message.trim()];
  throw error;
}

/**
 * Validates a document or one element of it (with its subtree) against an XSD of this folder
 * (`iso/pacs.008.001.08.xsd`, `SVC.001.001.01.xsd`, ...). Answers the problems; empty means valid.
 */
export function xsdProblems(xsd: string, target: XmlDocument | XmlElement): string[] {
  try {
    if (target instanceof XmlDocument) validatorFor(xsd).validate(target);
    else validatorFor(xsd).validate(target);
    return [];
  } catch (error) {
    return xmlErrorProblems(error);
  }
}

/** Parses a standalone XML text (a bare Document or AppHdr) and validates it against `xsd`. */
export function xsdProblemsOfText(xsd: string, xml: string): string[] {
  let document: XmlDocument;
  try {
    document = XmlDocument.fromString(xml, { option: untrustedParseOptions });
  } catch (error) {
    return xmlErrorProblems(error);
  }
  try {
    return xsdProblems(xsd, document);
  } finally {
    document.dispose();
  }
}
