import type { settings as calls } from "@parley/protocol";
import {
  type CallRequest,
  type Language,
  type UserSetting,
} from "@parley/protocol";
import { refuse } from "../../lib/errors.js";
import type { UserSettings } from "../accounts/accounts.ports.js";

/** The fields of `enterprise/im/setting` a client sent; the others keep their stored value. */
export type SettingPatch = CallRequest<typeof calls.setting>;

/** What this service asks of other features (app.ts wires each one). */
export interface SettingsPorts {
  /** A user's own settings and language. */
  accounts: UserSettings;
}

/** A user's own preferences: the interface settings and the language. */
export class SettingsService {
  constructor(private readonly ports: SettingsPorts) {}

  /** Stores the fields of the user's preferences that were sent; the others stay. */
  async update(userId: number, patch: SettingPatch): Promise<UserSetting> {
    const { accounts } = this.ports;
    const stored = await accounts.setting(userId);
    if (!stored) throw refuse("contact.notFound");
    const next: UserSetting = {
      sendKey: patch.sendKey ?? stored.sendKey,
      theme: patch.theme ?? stored.theme,
      isVoice: patch.isVoice ?? stored.isVoice,
      avatarCricle: patch.avatarCricle ?? stored.avatarCricle,
      hideMessageName: patch.hideMessageName ?? stored.hideMessageName,
      hideMessageTime: patch.hideMessageTime ?? stored.hideMessageTime,
      formatMessages: patch.formatMessages ?? stored.formatMessages,
    };
    await accounts.storeSetting(userId, next);
    return next;
  }

  /** Keeps a signed-in user's language choice. */
  async setLang(userId: number, lang: Language): Promise<void> {
    await this.ports.accounts.setLang(userId, lang);
  }
}
