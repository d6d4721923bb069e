import { Button, Form, Modal, Radio, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LanguageMenu } from "../../../components/LanguageMenu";
import { useSessionStore } from "../../../stores/session.store";
import { useLogoutMutation } from "../../accounts";
import { useSaveSettingMutation } from "../settings.queries";

/** Settings (SPEC §2): the language and logout; the send shortcut. */
export function SettingsDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("settings");
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const logout = useLogoutMutation();
  const saveSetting = useSaveSettingMutation();

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t("title")}
      width={480}
      destroyOnHidden
    >
      <Tabs
        items={[
          {
            key: "account",
            label: t("account"),
            children: (
              <Form layout="vertical">
                <Form.Item label={t("language")}>
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
                  {t("logout")}
                </Button>
              </Form>
            ),
          },
          {
            key: "common",
            label: t("common"),
            children: (
              <Form layout="vertical">
                <Form.Item label={t("sendKey")}>
                  <Radio.Group
                    value={user?.setting.sendKey ?? 1}
                    disabled={saveSetting.isPending}
                    onChange={(e) =>
                      saveSetting.mutate({
                        sendKey: e.target.value === 2 ? 2 : 1,
                      })
                    }
                    options={[
                      { value: 1, label: t("sendKeyEnter") },
                      { value: 2, label: t("sendKeyCtrlEnter") },
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
