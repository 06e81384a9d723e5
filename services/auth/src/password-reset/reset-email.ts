import type { MailMessage } from '../mail/mailer.js';

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The password reset email: the link, how long it works, and what to do if it was not you. */
export const passwordResetEmail = (to: string, link: string, firstName: string | null): MailMessage => {
  const greeting = firstName?.trim() ? `Hi ${firstName.trim()},` : 'Hi,';
  const text = [
    greeting,
    '',
    'We received a request to reset the password of your Domestique account.',
    'Open this link to choose a new password:',
    '',
    link,
    '',
    'The link works once and expires in 1 hour.',
    "If you didn't ask for this, you can ignore this email: your password stays the same.",
    '',
    'Domestique',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
  <body style="font-family: system-ui, -apple-system, 'Segoe UI', Arial, sans-serif; color: #172033; line-height: 1.5">
    <p>${escapeHtml(greeting)}</p>
    <p>We received a request to reset the password of your Domestique account.</p>
    <p>
      <a href="${escapeHtml(link)}"
        style="display: inline-block; background: #c2410c; color: #ffffff; padding: 10px 18px; border-radius: 6px; text-decoration: none; font-weight: 600"
        >Reset your password</a>
    </p>
    <p>Or paste this link into your browser:<br /><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
    <p>The link works once and expires in 1 hour.</p>
    <p>If you didn't ask for this, you can ignore this email: your password stays the same.</p>
    <p>Domestique</p>
  </body>
</html>
`;
  return { to, subject: 'Reset your Domestique password', text, html };
};
