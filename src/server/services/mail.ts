/** The mail interface every feature sends through; the implementation lives in mailer.ts. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailResult {
  /** `smtp`: accepted by the SMTP server; `outbox`: kept in the outbox because no SMTP server is set. */
  via: 'smtp' | 'outbox';
  messageId: string;
}

export interface Mailer {
  /** Resolves when the message is accepted; rejects when it cannot be sent (nothing else is rolled back). */
  send(message: MailMessage): Promise<MailResult>;
}
