/**
 * Matching of the catalogue's path templates (`/members/{member_identification}`) against request
 * paths. Templates with more literal segments win, so `/members/allowlist` is never read as a member
 * called "allowlist", and `/digital-accounts/{id}/consolidate` never as a listening restart.
 */
export interface CompiledTemplate {
  template: string;
  segments: Array<{ literal: string } | { param: string }>;
  literalCount: number;
}

export function compileTemplate(template: string): CompiledTemplate {
  const segments = template
    .split('/')
    .filter((part) => part !== '')
    .map((part) => {
      const param = /^\{([a-z_]+)\}$/.exec(part);
      return param ? { param: param[1]! } : { literal: part };
    });
  return { template, segments, literalCount: segments.filter((s) => 'literal' in s).length };
}

/** The decoded path parameters, or undefined when the path does not fit the template. */
export function matchTemplate(compiled: CompiledTemplate, path: string): Record<string, string> | undefined {
  return matchSegments(compiled, pathSegments(path));
}

/** A request path cut into its non-empty segments, once for all the templates it is tried against. */
export function pathSegments(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

/** matchTemplate for a path already cut by pathSegments. */
export function matchSegments(compiled: CompiledTemplate, parts: string[]): Record<string, string> | undefined {
  if (parts.length !== compiled.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = compiled.segments[i]!;
    const part = parts[i]!;
    if ('literal' in segment) {
      if (segment.literal !== part) return undefined;
    } else {
      try {
        params[segment.param] = decodeURIComponent(part);
      } catch {
        return undefined; // broken percent-encoding: no endpoint has such a path
      }
    }
  }
  return params;
}

/** Orders templates so that the most literal one is tried first. */
export function bySpecificity(a: CompiledTemplate, b: CompiledTemplate): number {
  return b.literalCount - a.literalCount;
}

/** Parameters that do not fit a template: one it names is not given, or one given is not in it. */
export class TemplateParamsError extends Error {
  override name = 'TemplateParamsError';
}

/**
 * The path a template names with these parameters, each percent-encoded (encodeURIComponent), so that
 * matchTemplate reads back exactly the values given. A parameter the template lacks, or one it names
 * that is not given, is a TemplateParamsError: a request built from it would reach another endpoint, or none.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  const used = new Set<string>();
  const path = template.replace(/\{([a-z_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new TemplateParamsError(`path parameter ${name} of ${template} was not given`);
    used.add(name);
    return encodeURIComponent(value);
  });
  const unknown = Object.keys(values).filter((name) => !used.has(name));
  if (unknown.length > 0) throw new TemplateParamsError(`${template} has no path parameter ${unknown.join(', ')}`);
  return path;
}
