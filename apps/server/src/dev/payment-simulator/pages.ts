/** The simulator's hosted pages: plain, accessible HTML (real buttons, labels, lang, focus order). */
import { escapeHtml } from '../../modules/payments/providers/provider.ts';

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f3f5f9;color:#1b2330}
main{max-width:28rem;margin:3rem auto;background:#fff;border-radius:12px;padding:1.5rem 2rem;box-shadow:0 2px 12px #0002}
h1{font-size:1.35rem;margin:0 0 .25rem}.sim{font-size:.8rem;color:#6b7280;text-transform:uppercase;letter-spacing:.05em}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem}dt{color:#4b5563}dd{margin:0;font-weight:600}
form{margin:0}.actions{display:flex;flex-direction:column;gap:.6rem;margin-top:1.25rem}
button{font:inherit;padding:.75rem 1rem;border-radius:8px;border:2px solid transparent;cursor:pointer}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.pay{background:#15803d;color:#fff}.decline{background:#b91c1c;color:#fff}.cancel{background:#fff;border-color:#6b7280;color:#1b2330}
.error{color:#b91c1c}
`;

function page(title: string, body: string, lang = 'en'): string {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>
<p class="sim">Payment provider simulator — no real money</p>${body}</main></body></html>`;
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p class="error" role="alert">${escapeHtml(message)}</p>`);
}

export interface Choice {
  value: string;
  label: string;
  kind: 'pay' | 'decline' | 'cancel';
}

/** A checkout page: what is paid, and one button per choice, each posting `action` to `postTo`. */
export function checkoutPage(input: {
  provider: string;
  merchant: string;
  details: [string, string][];
  postTo: string;
  choices: Choice[];
  /** The line under the title (default: "Pay <merchant>"); the merchant's name is appended in bold. */
  intro?: string;
}): string {
  const rows = input.details.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('');
  const buttons = input.choices
    .map(
      (c) =>
        `<button type="submit" name="action" value="${escapeHtml(c.value)}" class="${c.kind}">${escapeHtml(c.label)}</button>`,
    )
    .join('');
  return page(
    `${input.provider} — ${input.merchant}`,
    `<h1>${escapeHtml(input.provider)}</h1><p>${escapeHtml(input.intro ?? 'Pay')} <strong>${escapeHtml(input.merchant)}</strong></p>
<dl>${rows}</dl>
<form method="post" action="${escapeHtml(input.postTo)}" aria-label="Payment decision"><div class="actions">${buttons}</div></form>`,
  );
}

/** The end page when there is no address to go back to. */
export function donePage(title: string, message: string, back: string | null): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(message)}</p>${
      back ? `<p><a href="${escapeHtml(back)}">Back to the shop</a></p>` : ''
    }`,
  );
}
