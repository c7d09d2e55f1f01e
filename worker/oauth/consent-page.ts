// The pages a person sees at /oauth/authorize: the consent page (which app asks, where its tokens
// go, what it may do) and the page for a request that cannot go on. The admin UI's colours and
// type, inline, no script. Everything a client chose (its name, its domain, its redirect host) is
// escaped: an attacker picks those at registration.
import type { ConsentDescription } from "@cloudflare/workers-oauth-provider";
import { MCP_READ_SCOPE, MCP_SCOPE } from "./scopes";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `
:root{--bg:#f5f6f8;--surface:#fff;--text:#1b2330;--muted:#5a6574;--border:#dce1e7;--accent:#2455d4;--accent-hover:#1b43ab;--accent-soft:#e8eefc;--warn:#8a5a00;--warn-soft:#fdf3dc;--danger:#b42318;--danger-soft:#fdeceb;--radius:8px;--shadow:0 8px 24px rgb(15 23 42 / 14%),0 1px 3px rgb(15 23 42 / 10%);
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:15px;line-height:1.5;color:var(--text);background:var(--bg)}
*{box-sizing:border-box}body{margin:0;padding:48px 16px}
main{max-width:480px;margin:0 auto;background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);box-shadow:var(--shadow);padding:28px}
h1{font-size:1.35rem;font-weight:650;line-height:1.25;margin:0 0 12px}p{margin:0 0 12px}.muted{color:var(--muted)}
.notice{background:var(--warn-soft);color:var(--warn);border-radius:var(--radius);padding:10px 12px}
.error{background:var(--danger-soft);color:var(--danger);border-radius:var(--radius);padding:10px 12px}
fieldset{border:1px solid var(--border);border-radius:var(--radius);padding:8px 12px;margin:16px 0}legend{font-weight:650;padding:0 4px}
label{display:block;padding:6px 0}label small{display:block;color:var(--muted);margin-left:24px}
.actions{display:flex;gap:8px;justify-content:flex-end;margin-top:20px}
button{font:inherit;border-radius:var(--radius);padding:8px 16px;cursor:pointer;border:1px solid var(--border);background:var(--surface);color:var(--text)}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff}button.primary:hover{background:var(--accent-hover)}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Seizu Edge</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The consent page for one authorization request; the form posts `handle` back with the decision and the access level. */
export function consentPage(details: ConsentDescription, handle: string): string {
  const name = escapeHtml(details.clientName);
  const origin = details.clientDomain
    ? `<p>Published by <strong>${escapeHtml(details.clientDomain)}</strong>.</p>`
    : `<p class="muted">This app registered itself; its name is not verified.</p>`;
  const loopback = details.redirectIsLoopback
    ? `<p class="notice">Access will be sent to an app on your computer. Continue only if you just started connecting from it.</p>`
    : "";
  const readOnlyFirst = details.scope.includes(MCP_READ_SCOPE) && !details.scope.includes(MCP_SCOPE);
  const option = (scope: string, label: string, hint: string, checked: boolean) =>
    `<label><input type="radio" name="scope" value="${scope}"${checked ? " checked" : ""}> ${label}<small>${hint}</small></label>`;
  return page(
    `Connect ${details.clientName}`,
    `<h1>Allow ${name} to use Seizu Edge as you?</h1>
${origin}
<p>Its access will be sent to <strong>${escapeHtml(details.redirectHost)}</strong>.</p>
${loopback}
<form method="post">
<input type="hidden" name="handle" value="${escapeHtml(handle)}">
<fieldset><legend>What it may do</legend>
${option(MCP_READ_SCOPE, "Read-only tools", "Only tools that read; nothing that changes data.", readOnlyFirst)}
${option(MCP_SCOPE, "Everything your roles allow", "Every tool your roles permit, including ones that change data (those still ask you to confirm).", !readOnlyFirst)}
</fieldset>
<p class="muted">You can revoke it any time under Connected apps.</p>
<div class="actions"><button type="submit" name="decision" value="deny">Deny</button><button class="primary" type="submit" name="decision" value="approve">Allow</button></div>
</form>`,
  );
}

/** A request that cannot go on and must not be sent back to the client (it is not trusted, or the page expired). */
export function oauthErrorPage(message: string): string {
  return page(
    "Cannot connect",
    `<h1>This app cannot be connected</h1><p class="error">${escapeHtml(message)}</p><p class="muted">Start connecting again from the app.</p>`,
  );
}
