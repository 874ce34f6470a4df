import { isRtl, labelColon } from '@sitelens/domain';
import type { Texts } from './messageTexts.ts';
import type { EmailBlock, EmailContent } from './templates.ts';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

const BRAND = '#1c7ed6';
const INK = '#1f2933';
const MUTED = '#52606d';
const FONT = "-apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', Arial, sans-serif";

/**
 * The one layout of every e-mail: a light card with the product's name, the template's blocks and
 * a footer, in the recipient's language and direction (right-to-left in Arabic), as HTML and as
 * plain text with the same content. Template texts are plain text: everything is escaped here.
 */
export function renderEmail(content: EmailContent, lang: string, t: Texts): RenderedEmail {
  const dir = isRtl(lang) ? 'rtl' : 'ltr';
  const align = dir === 'rtl' ? 'right' : 'left';
  const footer = [t('messages.layout.footer')];
  const body = content.blocks.map((b) => blockHtml(b, align)).join('\n');
  const unsubscribe = content.unsubscribeUrl
    ? `<p style="margin:8px 0 0"><a href="${attr(content.unsubscribeUrl)}" style="color:${MUTED}">${esc(t('messages.layout.unsubscribe'))}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${attr(lang)}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${esc(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f3f5;">
${content.preheader ? `<div style="display:none;max-height:0;overflow:hidden;">${esc(content.preheader)}</div>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;border:1px solid #dee2e6;" dir="${dir}">
<tr><td style="padding:20px 28px;border-bottom:3px solid ${BRAND};font-family:${FONT};font-size:20px;font-weight:700;color:${BRAND};text-align:${align};">Sitelens</td></tr>
<tr><td style="padding:24px 28px;font-family:${FONT};font-size:15px;line-height:1.55;color:${INK};text-align:${align};">
${body}
</td></tr>
<tr><td style="padding:16px 28px 24px;font-family:${FONT};font-size:12px;line-height:1.5;color:${MUTED};text-align:${align};border-top:1px solid #e9ecef;">
${footer.map((f) => `<p style="margin:0">${esc(f)}</p>`).join('')}${unsubscribe}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const colon = labelColon(lang);
  const textLines = content.blocks.map((b) => blockText(b, colon));
  textLines.push('--', ...footer);
  if (content.unsubscribeUrl) textLines.push(`${t('messages.layout.unsubscribe')}${colon} ${content.unsubscribeUrl}`);
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
  if (content.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${content.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return { subject: content.subject, html, text: `${textLines.join('\n\n')}\n`, headers };
}

function blockHtml(block: EmailBlock, align: string): string {
  switch (block.type) {
    case 'heading':
      return `<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:${INK};">${esc(block.text)}</h1>`;
    case 'paragraph':
      return `<p style="margin:0 0 14px;">${esc(block.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 14px;font-size:13px;color:${MUTED};">${esc(block.text)}</p>`;
    case 'button':
      return `<p style="margin:20px 0;"><a href="${attr(safeUrl(block.url))}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;padding:10px 20px;border-radius:6px;">${esc(block.label)}</a></p>`;
    case 'code':
      return `<p dir="ltr" style="margin:20px 0;font-family:'SFMono-Regular',Consolas,monospace;font-size:30px;font-weight:700;letter-spacing:6px;color:${INK};text-align:${align};">${esc(block.text)}</p>`;
    case 'facts':
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;width:100%;">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 0;color:${MUTED};text-align:${align};border-bottom:1px solid #f1f3f5;">${esc(label)}</td><td style="padding:6px 0;font-weight:600;text-align:${align === 'left' ? 'right' : 'left'};border-bottom:1px solid #f1f3f5;"><bdi>${esc(value)}</bdi></td></tr>`,
        )
        .join('')}</table>`;
  }
}

/** The plain-text part; `colon` follows a label as the language writes it (French: after a non-breaking space). */
function blockText(block: EmailBlock, colon: string): string {
  switch (block.type) {
    case 'heading':
      return `${block.text}\n${'='.repeat(Math.min(60, [...block.text].length))}`;
    case 'paragraph':
    case 'note':
    case 'code':
      return block.text;
    case 'button':
      return `${block.label}${colon} ${safeUrl(block.url)}`;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}${colon} ${value}`).join('\n');
  }
}

/** Only web addresses become links; anything else (javascript:, data:) is a bug upstream. */
function safeUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new Error(`e-mail link must be an http(s) address: ${url}`);
  return url;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attr = (s: string) => esc(s).replace(/"/g, '&quot;');
