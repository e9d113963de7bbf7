import { readFileSync } from 'node:fs';

/**
 * The ISO 20022 sample files the message tests read: the fixtures beside the simulator's ISO 20022 core
 * (simulator/iso20022/fixtures, with their sources in SOURCES.md) and the service's own documented examples.
 */

export function fixture(path: string): string {
  return readFileSync(new URL(`../../simulator/iso20022/fixtures/${path}`, import.meta.url), 'utf8');
}

/** The documented example of one of the service's own types (schemas/iso20022/examples/). */
export function serviceExample(type: 'SVC.001.001.01' | 'SVC.002.001.01'): string {
  return readFileSync(new URL(`../../schemas/iso20022/examples/${type}.xml`, import.meta.url), 'utf8');
}
