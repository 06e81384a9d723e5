import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { passwordResetEmail } from '../reset-email.js';
import { hashResetToken, issueResetToken, resetLinkFor, resetTokenState } from '../reset-token.js';

const NOW = new Date('2025-03-01T10:00:00.000Z');

describe('reset tokens', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => issueResetToken(NOW).token));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('are stored as their SHA-256 only', () => {
    const issued = issueResetToken(NOW);
    expect(issued.tokenHash).toBe(createHash('sha256').update(issued.token).digest('base64url'));
    expect(issued.tokenHash).not.toBe(issued.token);
    expect(hashResetToken(issued.token)).toBe(issued.tokenHash);
    expect(hashResetToken(`${issued.token}x`)).not.toBe(issued.tokenHash);
  });

  it('expire exactly one hour after they are issued', () => {
    const { expiresAt } = issueResetToken(NOW);
    expect(expiresAt.toISOString()).toBe('2025-03-01T11:00:00.000Z');
    expect(resetTokenState({ expiresAt }, new Date('2025-03-01T10:59:59.999Z'))).toBe('usable');
    expect(resetTokenState({ expiresAt }, new Date('2025-03-01T11:00:00.000Z'))).toBe('expired');
    expect(resetTokenState({ expiresAt }, new Date('2025-03-02T00:00:00.000Z'))).toBe('expired');
    expect(resetTokenState(null, NOW)).toBe('unknown');
  });

  it.each([
    ['https://domestique.app', 'https://domestique.app/reset-password?token=abc_-1'],
    ['https://domestique.app/', 'https://domestique.app/reset-password?token=abc_-1'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000/reset-password?token=abc_-1'],
    ['https://example.com/coach', 'https://example.com/coach/reset-password?token=abc_-1'],
  ])('link to /reset-password under PUBLIC_URL %s', (publicUrl, link) => {
    expect(resetLinkFor(publicUrl, 'abc_-1')).toBe(link);
  });
});

describe('the password reset email', () => {
  const link = 'https://domestique.app/reset-password?token=abc';

  it('carries the link in text and HTML, the 1-hour expiry, and what to do if it was not you', () => {
    const mail = passwordResetEmail('rider@example.com', link, 'Ann');
    expect(mail.to).toBe('rider@example.com');
    expect(mail.subject).toBe('Reset your Domestique password');
    expect(mail.text).toContain('Hi Ann,');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('expires in 1 hour');
      expect(body).toContain("If you didn't ask for this");
    }
  });

  it('greets without a name when none is set, and escapes the name in HTML', () => {
    expect(passwordResetEmail('a@b.co', link, null).text.startsWith('Hi,\n')).toBe(true);
    expect(passwordResetEmail('a@b.co', link, '  ').text.startsWith('Hi,\n')).toBe(true);
    const html = passwordResetEmail('a@b.co', link, '<script>x</script>').html;
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
  });
});
