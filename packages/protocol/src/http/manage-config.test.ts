import { describe, expect, it } from "vitest";
import { parseCallRequest, parseCallResponse } from "./define.js";
import {
  CONFIG_ROW_NAMES,
  ConfigRowSchema,
  getAllConfig,
  getConfig,
} from "./manage-config.js";
import { getSettings } from "./manage.js";

const meta = {
  create_user: 0,
  update_time: "2025-05-20 08:00:00",
  create_time: "2025-05-20 08:00:00",
  remark: null,
  status: 1,
};

const smtpRow = {
  id: 3,
  name: "smtp",
  value: {
    addr: "im@example.com",
    host: "smtp.example.com",
    pass: "",
    port: "465",
    sign: "Parley",
    security: "ssl",
    user: "mailer",
  },
  ...meta,
};

const emptyCloud = {
  qiniu: { url: "", bucket: "", accessKey: "", secretKey: "" },
  aliyun: { url: "", bucket: "", accessId: "", endpoint: "", accessSecret: "" },
  qcloud: {
    cdn: "",
    appId: "",
    bucket: "",
    region: "",
    secretId: "",
    secretKey: "",
  },
};

const fileUploadRow = {
  id: 4,
  name: "fileUpload",
  value: {
    size: "50",
    preview: "",
    fileExt: ["jpg", "png"],
    disk: "local",
    ...emptyCloud,
  },
  ...meta,
};

const compassRow = {
  id: 5,
  name: "compass",
  value: { list: [], mode: 1, status: 0 },
  ...meta,
};

describe("the old admin page's config rows", () => {
  it("are read at the wire's paths, by administrators", () => {
    expect(getAllConfig.path).toBe("/manage/config/getAllConfig");
    expect(getConfig.path).toBe("/manage/config/getConfig");
    expect(getSettings.path).toBe("/manage/config/getSettings");
    for (const call of [getAllConfig, getConfig, getSettings])
      expect(call.auth).toBe("admin");
    expect(CONFIG_ROW_NAMES).toEqual([
      "sysInfo",
      "chatInfo",
      "smtp",
      "fileUpload",
      "compass",
    ]);
  });

  it("accept rows as the contract gives them, with write-only fields empty", () => {
    for (const row of [smtpRow, fileUploadRow, compassRow])
      expect(ConfigRowSchema.safeParse(row).success).toBe(true);
    expect(
      parseCallResponse(getAllConfig, [smtpRow, fileUploadRow, compassRow])
        .success,
    ).toBe(true);
    expect(parseCallResponse(getConfig, smtpRow).success).toBe(true);
  });

  it.each([
    ["a mail password", { ...smtpRow, value: { ...smtpRow.value, pass: "x" } }],
    [
      "a cloud key",
      {
        ...fileUploadRow,
        value: {
          ...fileUploadRow.value,
          qiniu: { ...emptyCloud.qiniu, secretKey: "k" },
        },
      },
    ],
    ["an id that is not the seed's", { ...smtpRow, id: 4 }],
    ["a name the page does not read", { ...smtpRow, name: "storage" }],
    ["a value as JSON text", { ...smtpRow, value: JSON.stringify(smtpRow) }],
    ["times as numbers", { ...compassRow, update_time: 1_700_000_000 }],
    ["a missing status", { ...compassRow, status: undefined }],
  ])("refuse %s", (_what, row) => {
    expect(ConfigRowSchema.safeParse(row).success).toBe(false);
  });

  it("getConfig takes one of the rows' names", () => {
    for (const name of CONFIG_ROW_NAMES)
      expect(parseCallRequest(getConfig, { name }).success).toBe(true);
    for (const body of [{ name: "secret" }, { name: "storage" }, {}]) {
      const parsed = parseCallRequest(getConfig, body);
      expect(parsed.success).toBe(false);
    }
    const unknown = parseCallRequest(getConfig, { name: "secret" });
    expect(unknown.error?.issues[0]?.message).toBe("config.invalidField");
  });
});
