import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A mail as the local SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export interface SmtpSink {
  port: number;
  mails: ReceivedMail[];
  /** The credentials senders logged in with. */
  logins: Array<{ user: string; pass: string }>;
  /** Waits for the next mail to an address and answers the 6-digit code in it. */
  nextCode(to: string): Promise<string>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const logins: Array<{ user: string; pass: string }> = [];
  const waiters: Array<{ to: string; resolve: (mail: ReceivedMail) => void }> =
    [];
  const server = new SMTPServer({
    authOptional: true,
    // A sender with credentials logs in (over loopback, without TLS); any login is taken.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username ?? "", pass: auth.password ?? "" });
      callback(null, { user: auth.username });
    },
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom
            ? session.envelope.mailFrom.address
            : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        mails.push(mail);
        for (const waiter of [...waiters]) {
          if (mail.to.includes(waiter.to)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  const seen = new Set<ReceivedMail>();
  return {
    port,
    mails,
    logins,
    nextCode: async (to) => {
      const pending = mails.find((m) => !seen.has(m) && m.to.includes(to));
      const mail =
        pending ??
        (await new Promise<ReceivedMail>((resolve) =>
          waiters.push({ to, resolve }),
        ));
      seen.add(mail);
      const match = /verification code is (\d{6})/.exec(mail.raw);
      if (!match?.[1]) throw new Error(`no code in mail to ${to}`);
      return match[1];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
