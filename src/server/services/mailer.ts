import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { outboxMessages } from '../../../db/schema';
import type { Config } from '../config';
import type { Db } from '../db';
import { privateSubdir, writePrivateFile } from '../private-files';
import { centre } from '../../shared/centre';
import type { Mailer, MailMessage } from './mail';

/**
 * nodemailer behind the Mailer interface. With SMTP_URL the message goes to that server. Without it, the
 * embedded default: nodemailer still builds the real MIME message, which is kept as an `.eml` file and a
 * row of the outbox table, so a centre without SMTP sees exactly what would have been sent.
 */
/** Replies from families reach the office, whatever MAIL_FROM is (often a no-reply address). */
const REPLY_TO = `${centre.name} <${centre.email}>`;

export function createMailer(config: Config, db: Db): Mailer {
  if (config.smtpUrl) {
    // Short timeouts: a mail server that accepts the connection and then stalls must not leave a staff
    // member's request hanging for nodemailer's default two minutes.
    const transport = nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    return {
      async send(message) {
        const info = await transport.sendMail({ from: config.mailFrom, replyTo: REPLY_TO, ...message });
        return { via: 'smtp', messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from: config.mailFrom, replyTo: REPLY_TO, ...message });
      const id = crypto.randomUUID();
      const emlFile = join(privateSubdir(config, 'outbox'), `${id}.eml`);
      writePrivateFile(emlFile, info.message as Buffer);
      db.insert(outboxMessages).values({ id, toAddress: message.to, subject: message.subject, textBody: message.text, emlFile }).run();
      return { via: 'outbox', messageId: info.messageId };
    },
  };
}
