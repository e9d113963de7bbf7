import { readFileSync } from 'node:fs';
import type { NetworkChoice } from '../simulator.ts';
import { networkKinds, type NetworkKind } from './kinds.ts';
import { NetworkFileError, parseNetworkFile } from './network-file.ts';

/**
 * `--network <value>`: one of the named networks, or the path of a network file. A file that cannot be
 * read is one problem; a file that can is checked whole (NetworkFileError lists every problem).
 */
export function loadNetwork(value: string): NetworkChoice {
  if ((networkKinds as readonly string[]).includes(value)) return value as NetworkKind;
  let text: string;
  try {
    text = readFileSync(value, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new NetworkFileError(value, [
      `cannot be read (${reason}); --network takes ${networkKinds.join(', ')} or the path of a network file`,
    ]);
  }
  return parseNetworkFile(text, value);
}
