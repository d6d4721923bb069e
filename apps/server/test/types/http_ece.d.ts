/** The parts of `http_ece` (RFC 8188 content encoding) the push tests use to decrypt. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  export function decrypt(
    buffer: Buffer,
    params: {
      version: "aes128gcm";
      privateKey: ECDH;
      authSecret: string;
    },
  ): Buffer;
}
