import type { MailOptions, MailSender } from '../../server/provider/auth/sender';

/** The test's mail service: what was e-mailed, in memory (a fake of the SMTP server). */
export function recordingMailer(): MailSender & { mails: Array<{ to: string; subject: string; text: string; html?: string }> } {
  const mails: Array<{ to: string; subject: string; text: string; html?: string }> = [];
  return {
    mails,
    channel: { kind: 'outbox' },
    async sendEmail(to: string, subject: string, text: string, o?: MailOptions) {
      mails.push({ to, subject, text, ...(o?.html ? { html: o.html } : {}) });
    },
  };
}
