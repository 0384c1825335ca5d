import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { outboxMessages } from '~/db/schema';
import type { Config } from '../config';
import type { Db } from '../db';
import { privateSubdir, writePrivateFile } from '../private-files';
import { centre } from '../centre/profile';
import type { Mailer, MailMessage } from './mail';

/**
 * nodemailer behind the Mailer interface. With SMTP_URL the message goes to that server. Without it, the
 * embedded default: nodemailer still builds the real MIME message, which is kept as an `.eml` file and a
 * row of the outbox table, so a centre without SMTP sees exactly what would have been sent.
 */
/** Replies from families reach the office, whatever MAIL_FROM is (often a no-reply address). */
const replyTo = () => ({ name: centre.name, address: centre.email });

/** The outbox's folder under the private folder (owner-only). */
export function outboxDir(config: Pick<Config, 'privateDir'>): string {
  return privateSubdir(config, 'outbox');
}

const mimeBuilder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/** The MIME message nodemailer would send, as bytes (what the outbox keeps as an `.eml` file), and its Message-ID. */
export async function buildMime(message: Mail.Options): Promise<{ eml: Buffer; messageId: string }> {
  const info = await mimeBuilder.sendMail(message);
  return { eml: info.message as Buffer, messageId: info.messageId };
}

export function createMailer(config: Config, db: Db): Mailer {
  if (config.smtpUrl) {
    // Short timeouts: a mail server that accepts the connection and then stalls must not leave a staff
    // member's request hanging for nodemailer's default two minutes.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send({ credentialsFor: _sentNotStored, storedText: _neither, ...message }) {
        const info = await transport.sendMail({ from: config.mailFrom, replyTo: replyTo(), ...message });
        return { via: 'smtp', messageId: info.messageId };
      },
    };
  }
  return {
    async send({ credentialsFor, storedText, ...message }: MailMessage) {
      const { eml, messageId } = await buildMime({ from: config.mailFrom, replyTo: replyTo(), ...message });
      const id = crypto.randomUUID();
      const emlFile = join(outboxDir(config), `${id}.eml`);
      writePrivateFile(emlFile, eml);
      db.insert(outboxMessages)
        .values({
          id,
          toAddress: message.to,
          subject: message.subject,
          textBody: storedText ?? message.text,
          emlFile,
          credentialsFor: credentialsFor ?? null,
        })
        .run();
      return { via: 'outbox', messageId };
    },
  };
}
