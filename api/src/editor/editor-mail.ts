/**
 * The editor's mails to its people (a password reset link, an unlock link), through the SMTP server
 * the leads' notifications use (SMTP_URL). Without it the editor sends nothing: an operator hands out
 * links with `npm run editors -- reset <email>`. Mails leave after the answer, so how long sending
 * takes (or that it fails) can tell a caller nothing about the account.
 */
import nodemailer from 'nodemailer';
import type { Logger } from '../platform/logger';

export interface EditorMail {
  to: string;
  subject: string;
  text: string;
}

export interface EditorMailer {
  configured: boolean;
  /** Sends in the background; a failure is logged, never thrown. */
  send(mail: EditorMail): void;
}

export function editorMailer(smtpUrl: string | undefined, from: string, logger: Logger): EditorMailer {
  if (!smtpUrl) return { configured: false, send: () => undefined };
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    configured: true,
    send(mail) {
      setImmediate(() => {
        transport.sendMail({ from, ...mail }).then(
          () => logger.info({ subject: mail.subject }, 'editor mail sent'),
          (err: unknown) => logger.error({ err, subject: mail.subject }, 'editor mail not sent'),
        );
      });
    },
  };
}
