import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { messageTypeNames, messageTypes, type MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import { messageEnvelope } from '../../schemas/iso20022/message-envelope.ts';
import { describeValue, EvaluationError } from './expressions.ts';

/**
 * The ISO 20022 message templates of scenarios (scenarios/messages/<name>.xml): one Document each, with
 * `${field}` placeholders that a step's `sign_message` fills. Every value is XML-escaped where it goes
 * in, so a value can never add markup to a message; `$${` writes a literal `${`. The Message envelope
 * around the Document is written by the one envelope writer (schemas/iso20022/message-envelope.ts) from
 * the fields every template uses: `from` and `to` (BICs), `message_id` and `created` (a UTC date-time).
 */

export const templateDirectory = fileURLToPath(new URL('../../scenarios/messages/', import.meta.url));

/** The fields the AppHdr is written from: a template without one of them cannot make a Message. */
const headerFields = ['from', 'to', 'message_id', 'created'] as const;

/** Template names are plain file names: nothing can reach outside the folder. */
const templateName = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const placeholder = /\$\$\{|\$\{([^}]*)\}/g;
const fieldName = /^[a-z][a-z0-9_]*$/;

export interface MessageTemplate {
  name: string;
  /** The type whose namespace the Document declares. */
  type: MessageTypeName;
  /** The Document, leading comments dropped (they describe the template and are not sent). */
  text: string;
  /** Every field the template uses, in order of first use. */
  fields: string[];
}

/** A template that cannot be used, with the reason. */
export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

const loaded = new Map<string, MessageTemplate>();

export function loadTemplate(name: string): MessageTemplate {
  const cached = loaded.get(name);
  if (cached) return cached;
  if (!templateName.test(name))
    throw new TemplateError(
      `template "${name}" is not a template name (lowercase letters, digits and hyphens: scenarios/messages/<name>.xml)`,
    );
  const file = `${templateDirectory}${name}.xml`;
  if (!existsSync(file)) throw new TemplateError(`there is no template ${name} (scenarios/messages/${name}.xml)`);
  const template = parseTemplateText(name, readFileSync(file, 'utf8'));
  loaded.set(name, template);
  return template;
}

export function parseTemplateText(name: string, source: string): MessageTemplate {
  const text = source.replace(/^\s*(?:<!--[\s\S]*?-->\s*)*/, '');
  const namespace = /^<Document\s+xmlns="([^"]+)"/.exec(text)?.[1];
  const type = messageTypeNames.find((candidate) => messageTypes[candidate].namespace === namespace);
  if (!type)
    throw new TemplateError(
      `template ${name} must be one <Document xmlns="..."> in the namespace of a supported type (${messageTypeNames.join(', ')})`,
    );
  const fields: string[] = [];
  for (const [written, field] of text.matchAll(placeholder)) {
    if (field === undefined) continue; // $${
    if (!fieldName.test(field))
      throw new TemplateError(
        `template ${name}: ${written} is not a placeholder (\${field}, a lowercase name; $\${ writes \${)`,
      );
    if (!fields.includes(field)) fields.push(field);
  }
  const missing = headerFields.filter((field) => !fields.includes(field));
  if (missing.length > 0)
    throw new TemplateError(
      `template ${name} must use ${missing.map((field) => `\${${field}}`).join(', ')}: the AppHdr is written from them`,
    );
  return { name, type, text, fields };
}

/** What is wrong with the fields a step gives a template, seen before a run: each field must be used, and given. */
export function fieldProblems(template: MessageTemplate, given: string[]): string[] {
  const missing = template.fields.filter((field) => !given.includes(field));
  const unused = given.filter((field) => !template.fields.includes(field));
  return [
    ...(missing.length > 0 ? [`template ${template.name} needs ${missing.join(', ')}`] : []),
    ...unused.map(
      (field) => `template ${template.name} has no placeholder \${${field}} (it uses ${template.fields.join(', ')})`,
    ),
  ];
}

/** The whole Message (AppHdr and the filled Document), unsigned, as the UTF-8 XML text. */
export function fillTemplate(template: MessageTemplate, fields: Record<string, unknown>): string {
  const text = (field: string): string => {
    const value = fields[field];
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw new EvaluationError(
      `template ${template.name}, field ${field}: must be a text or a number, got ${describeValue(value)}`,
    );
  };
  const document = template.text.replace(placeholder, (written, field: string | undefined) =>
    field === undefined ? '${' : escapeXml(text(field)),
  );
  return messageEnvelope(
    {
      type: template.type,
      from: text('from'),
      to: text('to'),
      businessMessageIdentification: text('message_id'),
      creationDate: text('created'),
    },
    document,
  );
}

/** Safe in element text and in attribute values alike. */
function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
