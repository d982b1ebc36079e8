/**
 * One look for every e-mail: a branded HTML message and its plain-text twin. Every value is
 * escaped here, so callers pass plain text.
 */
export type EmailContent = {
  brand: string;
  appUrl: string;
  /** Heading and subject line. */
  title: string;
  greeting?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the button, e.g. "El enlace caduca en 24 horas". */
  note?: string;
  /** Extra footer line, e.g. an unsubscribe link. */
  footer?: { text: string; url?: string };
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);
}

export function renderEmail(content: EmailContent): { subject: string; html: string; text: string } {
  const { brand, title, greeting, paragraphs, action, note, footer } = content;
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:8px" cellspacing="0" cellpadding="0">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e9ecef;font-size:20px;font-weight:bold;color:#065f46">${escapeHtml(brand)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
${greeting ? `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(greeting)}</p>` : ""}
${paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#08745a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#495057">Si el botón no funciona, copia esta dirección en tu navegador:<br><a href="${escapeHtml(action.url)}" style="color:#065f46;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ""
}
${note ? `<p style="margin:0;font-size:13px;color:#495057">${escapeHtml(note)}</p>` : ""}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e9ecef;font-size:12px;color:#495057">${escapeHtml(brand)} · La red profesional del sector farmacéutico y sanitario${
    footer
      ? `<br>${footer.url ? `<a href="${escapeHtml(footer.url)}" style="color:#495057">${escapeHtml(footer.text)}</a>` : escapeHtml(footer.text)}`
      : ""
  }</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    title,
    "",
    ...(greeting ? [greeting, ""] : []),
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(note ? [note, ""] : []),
    `— ${brand}`,
    ...(footer ? [footer.url ? `${footer.text}: ${footer.url}` : footer.text] : []),
  ].join("\n");
  return { subject: `${title} · ${brand}`, html, text };
}
