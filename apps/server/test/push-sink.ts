import { createECDH, randomBytes } from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import * as ece from "http_ece";
import { generate } from "selfsigned";

/*
 * A Web Push service on loopback (issue 11), for the server's tests and the browser flow:
 * it records every delivery, and a device's own keys decrypt them (RFC 8291) as a browser
 * would.
 */

/** One delivery as the push service received it. */
export interface PushDelivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A device's push keys, as a browser makes them. */
export interface DeviceKeys {
  ecdh: ReturnType<typeof createECDH>;
  auth: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSink {
  /** Its TLS certificate, for the server's `WEB_PUSH_CA_FILE`. */
  caFile: string;
  /** `host:port`, for the server's `WEB_PUSH_ALLOW_HOSTS`. */
  host: string;
  url: string;
  received: PushDelivery[];
  close(): Promise<void>;
}

/**
 * Starts the push service over TLS (web-push speaks only https), with its own certificate
 * the server is told to trust. A path under `/gone/` answers 410, like a subscription the
 * push service has dropped; any other answers 201.
 */
export async function startPushSink(): Promise<PushSink> {
  const received: PushDelivery[] = [];
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    algorithm: "sha256",
    extensions: [
      { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
    ],
  });
  const caFile = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), "parley-push-")),
    "ca.pem",
  );
  fs.writeFileSync(caFile, pems.cert);
  const server = https.createServer(
    { key: pems.private, cert: pems.cert },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({
          path: req.url ?? "",
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
        res.statusCode = req.url?.startsWith("/gone/") ? 410 : 201;
        res.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    caFile,
    host: `127.0.0.1:${String(port)}`,
    url: `https://127.0.0.1:${String(port)}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** New keys for one device. */
export function deviceKeys(): DeviceKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth },
  };
}

/** The plain text of one delivery, decrypted with the device's keys. */
export function decryptDelivery(
  delivery: PushDelivery,
  device: Pick<DeviceKeys, "ecdh" | "auth">,
): string {
  return ece
    .decrypt(delivery.body, {
      version: "aes128gcm",
      privateKey: device.ecdh,
      authSecret: device.auth,
    })
    .toString("utf8");
}
