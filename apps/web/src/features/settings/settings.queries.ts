import { type CallRequest, settings } from "@parley/protocol";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { call } from "../../api/http";
import { toast } from "../../lib/feedback";
import { useSessionStore } from "../../stores/session.store";

/** Saves the user's own settings; the fields sent replace those of the session's user. */
export function useSaveSettingMutation() {
  const { t } = useTranslation("settings");
  const user = useSessionStore((s) => s.user);
  const setUser = useSessionStore((s) => s.setUser);
  return useMutation({
    mutationFn: async (change: CallRequest<typeof settings.setting>) => {
      await call(settings.setting, change);
      return change;
    },
    onSuccess: (change) => {
      if (user) setUser({ ...user, setting: { ...user.setting, ...change } });
      toast("success", t("saved"));
    },
  });
}
