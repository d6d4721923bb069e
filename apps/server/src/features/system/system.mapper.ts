import {
  CONFIG_ROW_IDS,
  type ChatInfo,
  type ConfigRow,
  type ConfigRowName,
  type FileUploadInfo,
  type StorageDisk,
  type SysInfo,
} from "@parley/protocol";
import { formatDateTime } from "../../lib/clock.js";
import type { SmtpRow } from "./delivery-settings.js";

/** What the config rows say, as the service reads them, for the old admin page's rows. */
export interface ConfigRowSources {
  sysInfo: SysInfo;
  chatInfo: ChatInfo;
  fileUpload: FileUploadInfo;
  smtp: SmtpRow;
  disk: StorageDisk;
}

/** The stored rows each of the old admin page's rows is made of (its times come from them). */
const ROW_SOURCES: Record<ConfigRowName, readonly string[]> = {
  sysInfo: ["sysInfo"],
  chatInfo: ["chatInfo"],
  smtp: ["smtp"],
  fileUpload: ["fileUpload", "storage"],
  compass: [],
};

/** The old admin page's cloud settings, never kept: always empty. */
const FORMER_CLOUD = {
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
} as const;

/**
 * One config row as getAllConfig answers it (wire-contract §2.8, §4.1): the seed's id, the
 * section's value with every write-only field "" (the mail password; the cloud keys, which
 * are not kept), the times as the old server's models wrote them: made when the
 * installation was (`created`), written when the stored rows it is made of last were
 * (`written`, ms by row name; a row never saved, such as mail from the environment, when made).
 */
export function configRowOf(
  name: ConfigRowName,
  sources: ConfigRowSources,
  written: ReadonlyMap<string, number>,
  created: number,
): ConfigRow {
  const updated = Math.max(
    created,
    ...ROW_SOURCES[name].map((row) => written.get(row) ?? created),
  );
  const meta = {
    create_user: 0,
    update_time: formatDateTime(updated),
    create_time: formatDateTime(created),
    remark: null,
    status: 1,
  };
  switch (name) {
    case "sysInfo":
      return {
        id: CONFIG_ROW_IDS.sysInfo,
        name,
        value: sources.sysInfo,
        ...meta,
      };
    case "chatInfo":
      return {
        id: CONFIG_ROW_IDS.chatInfo,
        name,
        value: {
          ...sources.chatInfo,
          msgClear: sources.chatInfo.msgClearDay === "0" ? "0" : "1",
        },
        ...meta,
      };
    case "smtp": {
      const { addr, host, port, sign, security, user } = sources.smtp;
      return {
        id: CONFIG_ROW_IDS.smtp,
        name,
        value: { addr, host, pass: "", port, sign, security, user },
        ...meta,
      };
    }
    case "fileUpload":
      return {
        id: CONFIG_ROW_IDS.fileUpload,
        name,
        value: { ...sources.fileUpload, disk: sources.disk, ...FORMER_CLOUD },
        ...meta,
      };
    case "compass":
      return {
        id: CONFIG_ROW_IDS.compass,
        name,
        // As the contract seeds it (§4.2): this product has no app launcher.
        value: { list: [], mode: 1, status: 0 },
        ...meta,
      };
  }
}
