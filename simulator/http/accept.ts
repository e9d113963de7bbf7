/**
 * Whether an Accept header lets the service answer JSON. No header, `*\/*`, `application/*` and
 * `application/json` do, unless given with q=0 (which means "not this").
 */
export function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) return false;
    return type === '*/*' || type === 'application/*' || type === 'application/json';
  });
}
