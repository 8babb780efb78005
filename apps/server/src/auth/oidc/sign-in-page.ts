import { escapeHtml } from './embedded-provider';

export interface DemoAccount {
  email: string;
  label: string;
}

export interface SignInPageInput {
  action: string;
  email?: string;
  error?: string;
  demo?: { password: string; accounts: readonly DemoAccount[] };
}

const LOGO = `<svg width="36" height="36" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#fff" fill-opacity=".16"/><path d="M7 25V12h4v3h3v-3h4v3h3v-3h4v13z" fill="#fff"/></svg>`;

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:Inter,"Segoe UI",system-ui,-apple-system,sans-serif;color:#1a2233;background:#f4f6fa;-webkit-font-smoothing:antialiased}
.page{min-height:100vh;display:grid;grid-template-columns:minmax(0,1.05fr) minmax(0,1fr)}
.brand{position:relative;overflow:hidden;color:#fff;padding:56px 64px;display:flex;flex-direction:column;justify-content:space-between;background:radial-gradient(120% 90% at 0% 0%,#2a6ac4 0%,#134f9b 45%,#0b2f5e 100%)}
.brand:after{content:"";position:absolute;right:-160px;bottom:-160px;width:480px;height:480px;border-radius:50%;border:70px solid rgba(255,255,255,.06)}
.logo{display:flex;align-items:center;gap:12px;font-weight:750;font-size:22px;letter-spacing:-.01em}
.claim h2{font-size:34px;line-height:1.2;margin:0 0 16px;font-weight:680;letter-spacing:-.02em;max-width:470px}
.claim p{margin:0;opacity:.82;font-size:16px;line-height:1.6;max-width:460px}
.points{list-style:none;padding:0;margin:32px 0 0;display:grid;gap:14px}
.points li{display:flex;gap:12px;align-items:flex-start;font-size:15px;opacity:.92}
.points li:before{content:"";flex:none;width:20px;height:20px;margin-top:1px;border-radius:50%;background:rgba(255,255,255,.18) url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'%3E%3Cpath d='M6 10.5l2.5 2.5L14 7.5' stroke='white' stroke-width='2' fill='none' stroke-linecap='round'/%3E%3C/svg%3E") center/20px no-repeat}
.foot{font-size:13px;opacity:.6}
.form-side{display:flex;align-items:center;justify-content:center;padding:48px 24px}
.card{width:100%;max-width:420px}
h1{font-size:28px;margin:0 0 6px;letter-spacing:-.02em;font-weight:680}
.lead{margin:0 0 28px;color:#5b6577;font-size:15px}
label{display:block;font-size:14px;font-weight:600;margin:0 0 6px}
input{width:100%;height:44px;border:1px solid #cfd6e2;border-radius:8px;padding:0 14px;font-size:15px;background:#fff;color:inherit;transition:border-color .15s,box-shadow .15s}
input:focus{outline:none;border-color:#2a6ac4;box-shadow:0 0 0 3px rgba(42,106,196,.18)}
.field{margin-bottom:18px}
button.primary{width:100%;height:46px;border:0;border-radius:8px;background:#1c59ad;color:#fff;font-size:15px;font-weight:650;cursor:pointer;margin-top:6px;transition:background .15s}
button.primary:hover{background:#134f9b}
.error{display:flex;gap:10px;align-items:flex-start;background:#fff1f0;border:1px solid #ffc9c5;color:#a3211a;border-radius:8px;padding:12px 14px;font-size:14px;margin-bottom:20px}
.demo{margin-top:32px;border:1px solid #dbe3ef;background:#fff;border-radius:12px;padding:18px 18px 8px}
.demo h3{margin:0 0 4px;font-size:14px;font-weight:680}
.demo p{margin:0 0 12px;color:#5b6577;font-size:13px}
.demo code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;background:#eef3fa;border-radius:5px;padding:2px 6px;font-size:13px;color:#134f9b}
.acct{display:flex;width:100%;justify-content:space-between;align-items:center;gap:12px;border:0;border-top:1px solid #eef1f6;background:none;padding:10px 2px;font:inherit;font-size:14px;cursor:pointer;text-align:left;color:inherit}
.acct:hover .mail{color:#1c59ad}
.acct .role{font-size:12px;font-weight:650;color:#134f9b;background:#eaf2fb;border-radius:999px;padding:3px 10px;white-space:nowrap}
.register{margin:18px 0 0;text-align:center;font-size:14px;color:#5b6577}.register a{color:#1c59ad;font-weight:600;text-decoration:none}
.legal{margin-top:28px;font-size:12px;color:#8a93a3;text-align:center}
@media (max-width:900px){.page{grid-template-columns:1fr}.brand{padding:32px 28px}.claim h2{font-size:26px}.points,.foot{display:none}}
`;

function demoBox(demo: NonNullable<SignInPageInput['demo']>): string {
  const rows = demo.accounts
    .map(
      (account) =>
        `<button type="button" class="acct" data-email="${escapeHtml(account.email)}"><span class="mail">${escapeHtml(account.email)}</span><span class="role">${escapeHtml(account.label)}</span></button>`,
    )
    .join('');
  return `<section class="demo" aria-label="Demo-Zugänge"><h3>Demo-Zugänge</h3><p>Passwort für alle: <code>${escapeHtml(demo.password)}</code> – Klick auf einen Zugang füllt das Formular.</p>${rows}</section>
<script>${demoScript(demo.password)}</script>`;
}

/** The demo box's inline script; the page's CSP allows exactly this text by its hash. */
export function demoScript(password: string): string {
  return `document.querySelectorAll('.acct').forEach(function(b){b.addEventListener('click',function(){document.getElementById('email').value=b.dataset.email;document.getElementById('password').value=${JSON.stringify(password).replace(/</g, '\\u003c')};document.getElementById('password').focus();});});`;
}

/** The German sign-in page of the embedded identity provider. */
export function renderSignInPage(input: SignInPageInput): string {
  const error = input.error
    ? `<div class="error" role="alert"><strong>!</strong><span>${escapeHtml(input.error)}</span></div>`
    : '';
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Anmelden – Burgwall</title><link rel="icon" href="/favicon.svg"><style>${STYLE}</style></head>
<body><main class="page">
<aside class="brand"><div class="logo">${LOGO}<span>Burgwall</span></div>
<div class="claim"><h2>Sicherheit für Active Directory und Entra ID – auf einen Blick.</h2>
<p>Melden Sie sich an, um Sicherheitsbewertung, Schwachstellen und Angriffe Ihrer Verzeichnisse zu sehen.</p>
<ul class="points"><li>Über 35 Prüfungen mit Sicherheitsbewertung und konkreten Maßnahmen</li><li>Angriffserkennung nahezu in Echtzeit</li><li>Mandantenfähig für IT-Dienstleister</li></ul></div>
<div class="foot">© Burgwall · Gehostet in Deutschland</div></aside>
<section class="form-side"><div class="card">
<h1>Anmelden</h1><p class="lead">Willkommen zurück! Bitte melden Sie sich mit Ihrem Konto an.</p>
${error}
<form method="post" action="${escapeHtml(input.action)}" autocomplete="on">
<div class="field"><label for="email">E-Mail-Adresse</label><input id="email" name="email" type="email" required autofocus autocomplete="username" placeholder="name@firma.de" value="${escapeHtml(input.email ?? '')}"></div>
<div class="field"><label for="password">Passwort</label><input id="password" name="password" type="password" required autocomplete="current-password" placeholder="Ihr Passwort"></div>
<button class="primary" type="submit">Anmelden</button>
</form>
<p class="register">Noch kein Konto? <a href="/register">Als IT-Dienstleister registrieren</a></p>
${input.demo ? demoBox(input.demo) : ''}
<p class="legal">Mit der Anmeldung akzeptieren Sie die Nutzungsbedingungen und die Datenschutzerklärung.</p>
</div></section></main></body></html>`;
}
