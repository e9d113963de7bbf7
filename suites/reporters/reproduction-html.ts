import { type Html, html } from './html.ts';
import type { CheckReport } from './report-types.ts';

/**
 * The "Reproduce" part of a failed check on conformance.html: the variables to set, the script
 * (reproduction.ts) and a button that copies it. The script counts against the page's budget of bodies
 * like the calls do: past it, the page names the file in reproductions/ instead.
 */
export function reproduceBlock(check: CheckReport, budget: { left: number }): Html | null {
  const reproduction = check.reproduction;
  if (reproduction === undefined) return null;
  const { script, file, variables } = reproduction;
  const calls = check.calls.length;
  const summary = html`<summary>Reproduce: the ${calls} call${calls === 1 ? '' : 's'} as a shell script of curl calls</summary>`;
  const set =
    variables.length === 0
      ? html`<p>Nothing to set first: the calls carried no credential.</p>`
      : html`<p>Set first (the report keeps no credential):</p><ul class="variables">${variables.map((variable) => html`<li><code>${variable.name}</code>: ${variable.description}</li>`)}</ul>`;
  if (script.length > budget.left) {
    return html`<details class="reproduce">${summary}${set}<p class="muted">The script is left out of this page to keep it small: it is in <code>${file}</code> in the report dir, and in conformance.json.</p></details>`;
  }
  budget.left -= script.length;
  const id = `reproduce-${check.check_id}`;
  return html`<details class="reproduce">${summary}${set}
  <p><button type="button" class="copy" data-copy="${id}">Copy the script</button> <span class="copy-status" role="status"></span> <span class="muted">Also in <code>${file}</code> in the report dir: run it with <code>sh</code>.</span></p>
  <pre class="script" id="${id}">${script}</pre>
</details>`;
}

/**
 * The copy buttons' part of the page's one script (render-html.ts pins the whole by hash): the
 * clipboard where the browser lends it (a click on a page from disk or over HTTPS), else the script
 * selected, for Ctrl+C.
 */
export const copyScriptText = `
for (const button of document.querySelectorAll('button.copy')) {
  const source = document.getElementById(button.dataset.copy);
  const status = button.nextElementSibling;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(source.textContent);
      status.textContent = 'Copied.';
    } catch {
      const range = document.createRange();
      range.selectNodeContents(source);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      status.textContent = document.execCommand('copy') ? 'Copied.' : 'Selected: copy it with Ctrl+C.';
    }
  });
}
`;

/** Trusted text of this file, for the page's stylesheet. */
export const reproduceStyles = `
details.reproduce { border-top: 1px dashed #d0d7de; padding: .25rem 0; }
details.reproduce ul.variables { margin: .25rem 0; }
button.copy { font: inherit; padding: .1rem .6rem; cursor: pointer; }
@media print { button.copy { display: none; } }
`;
