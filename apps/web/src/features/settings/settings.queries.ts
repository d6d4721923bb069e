import {
  type CallRequest,
  people,
  settings,
  type UserInfo,
  type UserSetting,
} from "@parley/protocol";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { call, upload } from "../../api/http";
import { toast } from "../../lib/feedback";
import { useSessionStore } from "../../stores/session.store";

type SettingChange = CallRequest<typeof settings.setting>;

/** Replaces fields of the signed-in user, as the store holds them (a no-op once signed out). */
function patchUser(patch: (user: UserInfo) => Partial<UserInfo>): void {
  const { user, setUser } = useSessionStore.getState();
  if (user) setUser({ ...user, ...patch(user) });
}

/**
 * Saves the user's own settings at once: the change shows before the server answers (a theme
 * must not lag the click) and is put back if the server refuses it.
 */
export function useSaveSettingMutation() {
  const { t } = useTranslation("settings");
  return useMutation({
    mutationFn: async (change: SettingChange) => {
      await call(settings.setting, change);
      return change;
    },
    onMutate: (change) => {
      const before = useSessionStore.getState().user?.setting;
      patchUser((user) => ({ setting: { ...user.setting, ...change } }));
      return { before };
    },
    onError: (_error, change, context) => {
      const before = context?.before;
      if (!before) return;
      // Only the fields this change touched go back: a later change may have landed.
      const restored = Object.fromEntries(
        Object.keys(change).map((field) => [
          field,
          // A change's fields are settings' fields (the call's schema is UserSetting's).
          before[field as keyof UserSetting],
        ]),
      );
      patchUser((user) => ({ setting: { ...user.setting, ...restored } }));
    },
    onSuccess: () => {
      toast("success", t("saved"));
    },
  });
}

/** Saves my profile (SPEC §5 Settings) and shows it as stored everywhere this session draws me. */
export function useUpdateProfileMutation() {
  return useMutation({
    mutationFn: async (profile: CallRequest<typeof people.updateUserInfo>) =>
      (await call(people.updateUserInfo, profile)).data,
    onSuccess: (stored) => {
      patchUser(() => ({ ...stored, displayName: stored.realname }));
    },
  });
}

/** A new password; the server ends my other sessions, this one stays. */
export function useEditPasswordMutation() {
  return useMutation({
    mutationFn: async (body: CallRequest<typeof people.editpassword>) =>
      (await call(people.editpassword, body)).msg,
  });
}

/** A new account; the server ends every session of mine, this one too. */
export function useEditAccountMutation() {
  return useMutation({
    mutationFn: async (body: CallRequest<typeof people.editAccount>) =>
      (await call(people.editAccount, body)).msg,
  });
}

/** Uploads my new avatar (multipart `file`, `type=1`) and shows it at once. */
export function useUploadAvatarMutation() {
  return useMutation({
    mutationFn: async (file: Blob) =>
      (await upload(people.uploadAvatar, file, { type: "1" })).data,
    onSuccess: (avatar) => {
      patchUser(() => ({ avatar }));
    },
  });
}
