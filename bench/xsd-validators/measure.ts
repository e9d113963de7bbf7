/**
 * bench/xsd-validators/: which XSD validator the service uses for ISO 20022 messages, chosen by
 * measurement (correctness first, then cost per message). Candidates: libxml2-wasm (libxml2 in
 * WebAssembly with a JavaScript API: a schema is compiled once and reused) and xmllint-wasm (the
 * xmllint command line in WebAssembly: every call starts an instance and compiles the schema).
 *
 * Correctness: every sample of the shared corpus (`shared/iso20022/samples/EXPECTED.tsv`, the verdicts
 * of the real xmllint) whose schema is a single XSD; a validator must agree on all of them. Cost: the
 * whole corpus once (first compilations included), then one pacs.008 validated again and again.
 *
 * `npm run bench -- xsd-validators [--corpus DIR] [--repeat N]`. The corpus is data outside the project
 * (`../shared/iso20022` by default). xmllint-wasm is not a dependency: install it for a comparison with
 * `npm install --no-save xmllint-wasm`; without it only libxml2-wasm is measured.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';
import type { Measurement } from '../record/history.ts';

interface Sample {
  file: string;
  xsd: string;
  valid: boolean;
}

/** A validator under test: answers whether `xml` is valid against the corpus file `xsd`. */
interface Candidate {
  name: string;
  version: string;
  validate(xml: Buffer, xsd: string): Promise<boolean>;
  /** Frees what the candidate keeps between calls. */
  close(): void;
}

interface CandidateFigures {
  version: string;
  agree: number;
  disagree: string[];
  corpus_ms_per_message: number;
  steady_ms_per_message: number;
  steady_messages: number;
}

const STEADY_SAMPLE = 'samples/authored/pacs.008.001.08_minimal_bicfi.xml';
const STEADY_XSD = 'xsd/iso/pacs.008.001.08.xsd';

function packageVersion(name: string): string {
  return (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version;
}

function readCorpus(root: string): Sample[] {
  return (
    readFileSync(`${root}/samples/EXPECTED.tsv`, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t'))
      // The wrapper schemas import others; both tools validate single XSDs the same way, which is what the service needs.
      .filter(([, xsd]) => xsd?.endsWith('.xsd') && !xsd.includes('message'))
      .map(([file = '', xsd = '', verdict]) => ({ file, xsd, valid: verdict === 'VALID' }))
  );
}

function libxml2Candidate(root: string): Candidate {
  const compiled = new Map<string, { source: XmlDocument; validator: XsdValidator }>();
  return {
    name: 'libxml2-wasm',
    version: packageVersion('libxml2-wasm'),
    async validate(xml, xsd) {
      let schema = compiled.get(xsd);
      if (!schema) {
        const source = XmlDocument.fromBuffer(readFileSync(`${root}/${xsd}`));
        schema = { source, validator: XsdValidator.fromDoc(source) };
        compiled.set(xsd, schema);
      }
      let document: XmlDocument;
      try {
        document = XmlDocument.fromBuffer(xml);
      } catch {
        return false;
      }
      try {
        schema.validator.validate(document);
        return true;
      } catch {
        return false;
      } finally {
        document.dispose();
      }
    },
    close() {
      for (const { source, validator } of compiled.values()) {
        validator.dispose();
        source.dispose();
      }
    },
  };
}

type ValidateXml = (options: {
  xml: Array<{ fileName: string; contents: string }>;
  schema: Array<{ fileName: string; contents: string }>;
}) => Promise<{ valid: boolean }>;

async function xmllintCandidate(root: string): Promise<Candidate | string> {
  const moduleName = 'xmllint-wasm';
  let validateXML: ValidateXml;
  try {
    ({ validateXML } = (await import(moduleName)) as { validateXML: ValidateXml });
  } catch {
    return 'not installed (npm install --no-save xmllint-wasm)';
  }
  return {
    name: moduleName,
    version: packageVersion(moduleName),
    async validate(xml, xsd) {
      const schema = [{ fileName: xsd.split('/').pop()!, contents: readFileSync(`${root}/${xsd}`, 'utf8') }];
      return (await validateXML({ xml: [{ fileName: 'message.xml', contents: xml.toString('utf8') }], schema })).valid;
    },
    close() {},
  };
}

async function measureCandidate(
  candidate: Candidate,
  root: string,
  samples: Sample[],
  repeat: number,
): Promise<CandidateFigures> {
  const disagree: string[] = [];
  let started = performance.now();
  for (const sample of samples) {
    if ((await candidate.validate(readFileSync(`${root}/${sample.file}`), sample.xsd)) !== sample.valid)
      disagree.push(sample.file);
  }
  const corpusMs = performance.now() - started;

  const message = readFileSync(`${root}/${STEADY_SAMPLE}`);
  started = performance.now();
  for (let round = 0; round < repeat; round++) await candidate.validate(message, STEADY_XSD);
  const steadyMs = performance.now() - started;
  candidate.close();
  return {
    version: candidate.version,
    agree: samples.length - disagree.length,
    disagree,
    corpus_ms_per_message: round3(corpusMs / samples.length),
    steady_ms_per_message: round3(steadyMs / repeat),
    steady_messages: repeat,
  };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: { corpus: { type: 'string' }, repeat: { type: 'string', default: '500' } },
  });
  const root = values.corpus ?? fileURLToPath(new URL('../../../shared/iso20022', import.meta.url));
  if (!existsSync(`${root}/samples/EXPECTED.tsv`))
    throw new Error(`No corpus at ${root} (samples/EXPECTED.tsv); give one with --corpus DIR.`);
  const repeat = Number(values.repeat);
  const samples = readCorpus(root);

  const figures: Record<string, CandidateFigures | string> = {};
  const summary: string[] = [
    `${samples.length} corpus samples with a single-XSD verdict; steady state: ${STEADY_SAMPLE}`,
  ];
  const xmllint = await xmllintCandidate(root);
  for (const candidate of [libxml2Candidate(root), xmllint]) {
    if (typeof candidate === 'string') {
      figures['xmllint-wasm'] = candidate;
      summary.push(`xmllint-wasm: ${candidate}`);
      continue;
    }
    // xmllint-wasm starts a WebAssembly instance per call: a few dozen calls tell its steady cost.
    const result = await measureCandidate(
      candidate,
      root,
      samples,
      candidate.name === 'xmllint-wasm' ? Math.min(repeat, 20) : repeat,
    );
    figures[candidate.name] = result;
    summary.push(
      `${candidate.name} ${result.version}: agrees ${result.agree}/${samples.length}${result.disagree.length ? ` (not: ${result.disagree.join(', ')})` : ''}; ` +
        `corpus ${result.corpus_ms_per_message} ms/message, steady ${result.steady_ms_per_message} ms/message`,
    );
  }
  return {
    settings: { corpus: root, samples: samples.length, steady_sample: STEADY_SAMPLE, steady_messages: repeat },
    figures,
    summary,
  };
}
