/**
 * HTML built with a tagged template that escapes every interpolated value unless it is already HTML.
 * Report pages show what a target sent (bodies, headers, messages), so escaping is the default and
 * cannot be forgotten at one call site.
 */
export class Html {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

export type Fragment = Html | string | number | null | undefined | readonly Fragment[];

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}

export function html(strings: TemplateStringsArray, ...values: Fragment[]): Html {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += render(value) + (strings[index + 1] ?? '');
  });
  return new Html(text);
}

function render(value: Fragment): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}
