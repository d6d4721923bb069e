import type Nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import type { FastifyBaseLogger as Logger } from "fastify";
import { isPhone, type Language } from "@parley/protocol";
import { lazyRequire } from "../lib/lazy-require.js";
import { translate } from "../lib/messages.js";
import { SmsFailed, type SmsGateway } from "./sms.js";

const nodemailer = lazyRequire<typeof Nodemailer>("nodemailer");

/** Which kinds of account a code can reach. */
export interface CodeChannels {
  email: boolean;
  phone: boolean;
}

/** Delivers a verification code to an account. */
export interface CodeSender {
  /** What can be delivered; a code for any other account only goes to the log. */
  channels(): Promise<CodeChannels>;
  /**
   * Sends a code (a text message in `lang`); throws SmsFailed when the SMS gateway did not
   * take it.
   */
  sendCode(
    account: string,
    code: string,
    purpose: string,
    lang: Language,
  ): Promise<void>;
  /**
   * Sends the console's test message; refuses (throws MailNotConfigured) when no SMTP
   * server is set up, and lets the server's own refusal through.
   */
  sendTest(to: string): Promise<void>;
  /**
   * Sends the console's test text message; throws SmsNotConfigured without a gateway and
   * SmsFailed when the gateway did not take it.
   */
  sendTestSms(phone: string, lang: Language): Promise<void>;
}

/** No SMTP server is configured: nothing can be mailed. */
export class MailNotConfigured extends Error {
  constructor() {
    super("no SMTP server is configured");
  }
}

/** How to reach the SMTP server: the console's `smtp` row, else the environment. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** ssl: TLS from the first byte; tls: STARTTLS required; none: STARTTLS when offered. */
  security: "ssl" | "tls" | "none";
  user: string;
  pass: string;
  /** The sender's address and name. */
  addr: string;
  sign: string;
}

/**
 * Sends codes to email accounts over SMTP and to phone accounts through the SMS gateway when
 * they are configured; otherwise writes them to the log for the operator. The settings are
 * read at each send, so a change saved in the console applies at once on every process; one
 * connection setup is kept per distinct setting.
 */
export class Mailer implements CodeSender {
  private transport: { key: string; transporter: Transporter } | undefined;

  constructor(
    private readonly logger: Logger,
    /** The settings in force, or null when no SMTP server is set up. */
    private readonly settings: () => Promise<SmtpSettings | null>,
    private readonly productName: () => Promise<string>,
    private readonly sms: SmsGateway,
  ) {}

  /** The connection for the settings in force, made again when they changed. */
  private async current(): Promise<{
    smtp: SmtpSettings;
    transporter: Transporter;
  } | null> {
    const smtp = await this.settings();
    if (!smtp) return null;
    const key = JSON.stringify(smtp);
    if (this.transport?.key !== key) {
      this.transport?.transporter.close();
      const login = smtp.user || smtp.addr;
      this.transport = {
        key,
        transporter: nodemailer().createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.security === "ssl",
          requireTLS: smtp.security === "tls",
          ...(smtp.pass ? { auth: { user: login, pass: smtp.pass } } : {}),
          // A local relay without a certificate is common; STARTTLS is still used when offered.
          tls: { rejectUnauthorized: false },
        }),
      };
    }
    return { smtp, transporter: this.transport.transporter };
  }

  async channels(): Promise<CodeChannels> {
    const [email, phone] = await Promise.all([
      this.settings(),
      this.sms.configured(),
    ]);
    return { email: email !== null, phone };
  }

  async sendCode(
    account: string,
    code: string,
    purpose: string,
    lang: Language,
  ): Promise<void> {
    if (isPhone(account) && (await this.sms.configured())) {
      const name = await this.productName();
      try {
        await this.sms.send({
          phone: account,
          code,
          text: translate("sms.codeText", lang, { name, code }),
        });
      } catch (error) {
        // For the operator: why, never the code, the URL (it carries the code) or a header.
        if (error instanceof SmsFailed)
          this.logger.warn(
            { purpose, reason: error.message },
            "the SMS gateway did not take a verification code",
          );
        throw error;
      }
      return;
    }
    const mail = account.includes("@") ? await this.current() : null;
    if (!mail) {
      this.logger.info(
        { account, purpose, code },
        "verification code not delivered (no mail or SMS configured for this account); written here for the operator",
      );
      return;
    }
    const name = await this.productName();
    await mail.transporter.sendMail({
      from: sender(mail.smtp, name),
      to: account,
      subject: `${name} verification code: ${code}`,
      text: `Your ${name} verification code is ${code}. It is valid for 5 minutes and can be used once.\n\n您的验证码是 ${code}，5 分钟内有效，仅可使用一次。`,
    });
  }

  async sendTest(to: string): Promise<void> {
    const mail = await this.current();
    if (!mail) throw new MailNotConfigured();
    const name = await this.productName();
    await mail.transporter.sendMail({
      from: sender(mail.smtp, name),
      to,
      subject: `${name}: test email`,
      text: `This is a test email from ${name}. Mail is set up correctly.\n\n这是一封来自 ${name} 的测试邮件，邮件服务配置正确。`,
    });
  }

  async sendTestSms(phone: string, lang: Language): Promise<void> {
    const name = await this.productName();
    // A gateway whose own template wants a code gets one that opens nothing.
    await this.sms.send({
      phone,
      code: "000000",
      text: translate("sms.testText", lang, { name }),
    });
  }

  close(): void {
    this.transport?.transporter.close();
    this.transport = undefined;
  }
}

/** The From of a mail: the configured address under its name (or the product's). */
function sender(
  smtp: SmtpSettings,
  productName: string,
): { name: string; address: string } {
  const address =
    smtp.addr || (smtp.user.includes("@") ? smtp.user : "no-reply@localhost");
  return { name: smtp.sign || productName, address };
}
