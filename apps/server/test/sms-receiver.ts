import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request an SMS gateway received. */
export interface SmsRequest {
  method: string;
  /** The path and query, as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A stand-in SMS gateway on 127.0.0.1: records every request and answers as told — 200,
 * an error status, or never (to exercise the sender's timeout).
 */
export interface SmsReceiver {
  url: string;
  requests: SmsRequest[];
  /** How the next requests are answered: a status code, or "hang" to never answer. */
  answer: number | "hang";
  close(): Promise<void>;
}

export async function startSmsReceiver(): Promise<SmsReceiver> {
  const requests: SmsRequest[] = [];
  const receiver: SmsReceiver = {
    url: "",
    requests,
    answer: 200,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      if (receiver.answer === "hang") return;
      res.writeHead(receiver.answer, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ ok: receiver.answer < 300 }));
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve()),
  );
  receiver.url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return receiver;
}
