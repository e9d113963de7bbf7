// Rewrites docs/messages.md, the worked ISO 20022 examples, from the payment tests' builders.
import { writeFileSync } from 'node:fs';
import { renderMessageDocs } from './message-docs.ts';

writeFileSync(new URL('../../docs/messages.md', import.meta.url), renderMessageDocs());
