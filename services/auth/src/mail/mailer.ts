import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { CONFIG } from '@domestique/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AuthConfig } from '../config/env.schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The only code that speaks SMTP: nodemailer to the configured server (maildev in development). */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(CONFIG) private readonly config: AuthConfig) {
    this.transport = nodemailer.createTransport({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE,
      ...(config.SMTP_USER ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASSWORD } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.config.MAIL_FROM, ...message });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
