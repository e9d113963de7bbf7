import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The project's own import graph, read from the source: every TypeScript and JavaScript file of the
 * source folders, with the project files it imports (static and dynamic imports, `import type` and
 * re-exports included, as TypeScript's own pre-processor finds them). Packages are left out. Paths are
 * relative to the project root, with `/`.
 */

export const projectRoot = fileURLToPath(new URL('../', import.meta.url));
const SOURCE_FOLDERS = ['bin', 'bench', 'protocol', 'scenarios', 'schemas', 'simulator', 'suites', 'test-support'];

export type ImportGraph = ReadonlyMap<string, readonly string[]>;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(projectRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.isFile() && /\.(ts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

export function readImportGraph(): ImportGraph {
  const rootFiles = readdirSync(projectRoot).filter((name) => /\.ts$/.test(name));
  const files = [...rootFiles, ...SOURCE_FOLDERS.flatMap(sourceFiles)];
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(join(projectRoot, file), 'utf8'), true, true);
      const imports = importedFiles
        .map((imported) => imported.fileName)
        .filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'))
        .map((specifier) => posix.normalize(posix.join(posix.dirname(file), specifier)));
      return [file, imports];
    }),
  );
}

/** Every import cycle: the strongly connected components of more than one file, or a file importing itself. */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  // Tarjan's algorithm, iterative so that a deep chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ file: string; edge: number }> = [{ file: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = (graph.get(frame.file) ?? []).filter((target) => graph.has(target));
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) === index.get(frame.file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.file);
        if (component.length > 1 || (graph.get(frame.file) ?? []).includes(frame.file)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
