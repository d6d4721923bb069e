import { im } from "@parley/protocol";
import { useMutation } from "@tanstack/react-query";
import { Button, Form, Modal, Radio, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { call } from "../../../api/http";
import { LanguageMenu } from "../../../components/LanguageMenu";
import { toast } from "../../../lib/feedback";
import { useSessionStore } from "../../../stores/session.store";
import { useLogoutMutation } from "../../auth";

/** Settings (SPEC §2): the language and logout; the send shortcut. */
export function SettingsDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("chat");
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const setUser = useSessionStore((s) => s.setUser);
  const logout = useLogoutMutation();
  const saveSendKey = useMutation({
    mutationFn: async (sendKey: 1 | 2) => {
      await call(im.setting, { sendKey });
      return sendKey;
    },
    onSuccess: (sendKey) => {
      if (user) setUser({ ...user, setting: { ...user.setting, sendKey } });
      toast("success", t("settings.saved"));
    },
  });

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t("settings.title")}
      width={480}
      destroyOnHidden
    >
      <Tabs
        items={[
          {
            key: "account",
            label: t("settings.account"),
            children: (
              <Form layout="vertical">
                <Form.Item label={t("settings.language")}>
                  <LanguageMenu />
                </Form.Item>
                <Button
                  danger
                  onClick={() =>
                    logout.mutate(undefined, {
                      onSettled: () =>
                        void navigate("/login", { replace: true }),
                    })
                  }
                >
                  {t("nav.logout")}
                </Button>
              </Form>
            ),
          },
          {
            key: "common",
            label: t("settings.common"),
            children: (
              <Form layout="vertical">
                <Form.Item label={t("settings.sendKey")}>
                  <Radio.Group
                    value={user?.setting.sendKey ?? 1}
                    disabled={saveSendKey.isPending}
                    onChange={(e) =>
                      saveSendKey.mutate(e.target.value === 2 ? 2 : 1)
                    }
                    options={[
                      { value: 1, label: t("settings.sendKeyEnter") },
                      { value: 2, label: t("settings.sendKeyCtrlEnter") },
                    ]}
                  />
                </Form.Item>
              </Form>
            ),
          },
        ]}
      />
    </Modal>
  );
}
