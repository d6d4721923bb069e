import type { settings as calls } from "@parley/protocol";
import {
  type CallRequest,
  type Language,
  type UserSetting,
} from "@parley/protocol";
import type { Services } from "../../context.js";
import { refuse } from "../../lib/errors.js";

/** The fields of `enterprise/im/setting` a client sent; the others keep their stored value. */
export type SettingPatch = CallRequest<typeof calls.setting>;

/** A user's own preferences: the interface settings and the language. */
export class SettingsService {
  constructor(private readonly services: Services) {}

  /** Stores the fields of the user's preferences that were sent; the others stay. */
  async update(userId: number, patch: SettingPatch): Promise<UserSetting> {
    const { accounts } = this.services;
    const stored = await accounts.setting(userId);
    if (!stored) throw refuse("contact.notFound");
    const next: UserSetting = {
      sendKey: patch.sendKey ?? stored.sendKey,
      theme: patch.theme ?? stored.theme,
      isVoice: patch.isVoice ?? stored.isVoice,
      avatarCricle: patch.avatarCricle ?? stored.avatarCricle,
      hideMessageName: patch.hideMessageName ?? stored.hideMessageName,
      hideMessageTime: patch.hideMessageTime ?? stored.hideMessageTime,
    };
    await accounts.storeSetting(userId, next);
    return next;
  }

  /** Keeps a signed-in user's language choice. */
  async setLang(userId: number, lang: Language): Promise<void> {
    await this.services.accounts.setLang(userId, lang);
  }
}
