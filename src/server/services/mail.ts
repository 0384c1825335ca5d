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
  /**
   * Set when the message carries a parent's password: the e-mail of that account. Not sent; the outbox marks
   * its stored copy with it, so the password can be removed once it is no longer needed (services/outbox.ts).
   */
  credentialsFor?: string;
  /**
   * What the outbox's row (read by every director in the Outbox) keeps instead of `text` when the text holds a
   * single-use link: the .eml file alone, the message as delivered, carries it. Not sent.
   */
  storedText?: string;
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
