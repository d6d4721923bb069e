import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger as Logger } from "fastify";

/** Which kinds of account a code can reach. */
export interface CodeChannels {
  email: boolean;
  phone: boolean;
}

/** Delivers a verification code to an account. */
export interface CodeSender {
  /** What can be delivered; a code for any other account only goes to the log. */
  channels(): CodeChannels;
  sendCode(account: string, code: string, purpose: string): Promise<void>;
  /**
   * Sends the console's test message; refuses (throws MailNotConfigured) when no SMTP
   * server is set up, and lets the server's own refusal through.
   */
  sendTest(to: string): Promise<void>;
}

/** No SMTP server is configured: nothing can be mailed. */
export class MailNotConfigured extends Error {
  constructor() {
    super("no SMTP server is configured");
  }
}

/** SMTP settings from the environment. */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string | undefined;
  pass?: string | undefined;
  from: string;
}

/**
 * Sends codes to email accounts over SMTP when it is configured; otherwise, and for phone
 * accounts (no SMS gateway yet), writes them to the log for the operator.
 */
export class Mailer implements CodeSender {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly smtp: SmtpSettings | undefined,
    private readonly productName: () => Promise<string>,
  ) {
    this.transport = smtp
      ? nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          ...(smtp.user
            ? { auth: { user: smtp.user, pass: smtp.pass ?? "" } }
            : {}),
          // A local relay without a certificate is common; STARTTLS is still used when offered.
          tls: { rejectUnauthorized: false },
        })
      : undefined;
  }

  channels(): CodeChannels {
    // No SMS gateway exists yet: phone accounts never receive a code.
    return { email: this.transport !== undefined, phone: false };
  }

  async sendCode(
    account: string,
    code: string,
    purpose: string,
  ): Promise<void> {
    if (!this.transport || !this.smtp || !account.includes("@")) {
      this.logger.info(
        { account, purpose, code },
        "verification code not delivered (no mail or SMS configured for this account); written here for the operator",
      );
      return;
    }
    const name = await this.productName();
    await this.transport.sendMail({
      from: this.smtp.from,
      to: account,
      subject: `${name} verification code: ${code}`,
      text: `Your ${name} verification code is ${code}. It is valid for 5 minutes and can be used once.\n\n您的验证码是 ${code}，5 分钟内有效，仅可使用一次。`,
    });
  }

  async sendTest(to: string): Promise<void> {
    if (!this.transport || !this.smtp) throw new MailNotConfigured();
    const name = await this.productName();
    await this.transport.sendMail({
      from: this.smtp.from,
      to,
      subject: `${name}: test email`,
      text: `This is a test email from ${name}. Mail is set up correctly.\n\n这是一封来自 ${name} 的测试邮件，邮件服务配置正确。`,
    });
  }

  close(): void {
    this.transport?.close();
  }
}
