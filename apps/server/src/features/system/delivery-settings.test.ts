import { describe, expect, it } from "vitest";
import { patched, type SmtpRow, type StorageRow } from "./delivery-settings.js";

const mail: SmtpRow = {
  host: "smtp.example.com",
  port: "465",
  security: "ssl",
  user: "mailer",
  pass: "stored-secret",
  addr: "im@example.com",
  sign: "Parley",
};

describe("a save of the mail settings", () => {
  it("keeps the stored password when it changes nothing about where it goes", () => {
    expect(patched("smtp", mail, { sign: "Parley 通知", pass: "" })).toEqual({
      ...mail,
      sign: "Parley 通知",
    });
    // A stronger security keeps it too.
    expect(
      patched("smtp", { ...mail, security: "none" }, { security: "tls" }).pass,
    ).toBe("stored-secret");
  });

  it.each([
    ["another host", { host: "listener.example.net" }],
    ["another port", { port: "2525" }],
    ["another user", { user: "someone" }],
    ["a weaker security", { security: "none" }],
    ["TLS instead of SSL", { security: "tls" }],
  ])("drops the stored password when it goes to %s", (_what, change) => {
    expect(patched("smtp", mail, { ...change, pass: "" }).pass).toBe("");
    expect(patched("smtp", mail, change).pass).toBe("");
    // …unless a password is given in the same save.
    expect(patched("smtp", mail, { ...change, pass: "new-one" }).pass).toBe(
      "new-one",
    );
  });
});

const bucket: StorageRow = {
  disk: "s3",
  endpoint: "https://s3.example.com",
  region: "us-east-1",
  bucket: "parley",
  accessKey: "AKIA-stored",
  secretKey: "stored-secret",
  pathStyle: "0",
};

describe("a save of the storage settings", () => {
  it("keeps the stored keys when the bucket stays where it is", () => {
    expect(
      patched("storage", bucket, {
        pathStyle: "1",
        accessKey: "",
        secretKey: "",
      }),
    ).toEqual({ ...bucket, pathStyle: "1" });
  });

  it.each([
    ["another endpoint", { endpoint: "https://listener.example.net" }],
    ["another bucket", { bucket: "elsewhere" }],
    ["another access key", { accessKey: "AKIA-other" }],
  ])("drops the stored keys not given again for %s", (_what, change) => {
    const next = patched("storage", bucket, { ...change, secretKey: "" });
    expect(next.secretKey).toBe("");
    expect(next.accessKey).toBe("accessKey" in change ? change.accessKey : "");
    expect(
      patched("storage", bucket, { ...change, secretKey: "new-secret" })
        .secretKey,
    ).toBe("new-secret");
  });
});
