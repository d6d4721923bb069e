import { ApiOutlined, DeleteOutlined, SyncOutlined } from "@ant-design/icons";
import { type Hook, LANGUAGE_TAGS } from "@parley/protocol";
import {
  Alert,
  Button,
  Collapse,
  Flex,
  Input,
  Popconfirm,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { siteAbsolute } from "../../../lib/site-address";
import { useLanguage } from "../../../i18n";
import { formatFullTime } from "../../../lib/time";
import {
  useAddHookMutation,
  useDeleteHookMutation,
  useHooksQuery,
  useRotateHookMutation,
} from "../hooks.queries";
import styles from "./groups.module.css";

/**
 * The group's incoming webhooks (issue 48), for its owner and administrators: add one (its
 * address shown once), see each one's latest deliveries, delete it.
 */
export function GroupHooks({ groupId }: { groupId: number }) {
  const { t } = useTranslation("groups");
  const locale = LANGUAGE_TAGS[useLanguage()];
  const hooks = useHooksQuery(groupId, true);
  const add = useAddHookMutation(groupId);
  const remove = useDeleteHookMutation(groupId);
  const rotate = useRotateHookMutation(groupId);
  const [name, setName] = useState("");
  const [made, setMade] = useState<{ name: string; url: string } | null>(null);
  const create = () => {
    const given = name.trim();
    if (given === "") return;
    add.mutate(given, {
      onSuccess: ({ url }) => {
        setMade({ name: given, url });
        setName("");
      },
    });
  };

  const last = (hook: Hook) => {
    const [newest] = hook.deliveries;
    if (!newest) return t("hooks.never");
    const when = formatFullTime(newest.at, locale);
    return newest.ok === 1
      ? t("hooks.posted", { when })
      : t("hooks.failed", { when, why: newest.detail });
  };

  return (
    <section aria-label={t("hooks.title")} className={styles.hooks}>
      <div className={styles.settingText}>
        <span>{t("hooks.title")}</span>
        <span className={styles.settingHint}>{t("hooks.hint")}</span>
      </div>
      {made && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setMade(null) }}
          title={t("hooks.madeTitle", { name: made.name })}
          description={
            <>
              <Typography.Paragraph
                copyable={{ text: siteAbsolute(made.url) }}
                code
                style={{ wordBreak: "break-all", marginBottom: 4 }}
              >
                {siteAbsolute(made.url)}
              </Typography.Paragraph>
              <Typography.Text type="secondary">
                {t("hooks.urlOnce")}
              </Typography.Text>
            </>
          }
          style={{ margin: "8px 0" }}
        />
      )}
      {(hooks.data ?? []).length === 0 && !hooks.isLoading && (
        <Typography.Paragraph type="secondary" style={{ margin: "8px 0" }}>
          {t("hooks.none")}
        </Typography.Paragraph>
      )}
      {(hooks.data ?? []).length > 0 && (
        <Collapse
          size="small"
          style={{ margin: "8px 0" }}
          items={(hooks.data ?? []).map((hook) => ({
            key: hook.hook_id,
            label: (
              <Flex gap={8} align="center" wrap>
                <ApiOutlined />
                <Typography.Text strong>{hook.name}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {last(hook)}
                </Typography.Text>
              </Flex>
            ),
            extra: (
              <Flex gap={4}>
                <Popconfirm
                  title={t("hooks.rotateTitle", { name: hook.name })}
                  okText={t("hooks.rotate")}
                  onConfirm={() =>
                    rotate.mutate(hook.hook_id, {
                      onSuccess: ({ url }) => setMade({ name: hook.name, url }),
                    })
                  }
                >
                  <Button
                    size="small"
                    type="text"
                    icon={<SyncOutlined />}
                    aria-label={t("hooks.rotateNamed", { name: hook.name })}
                    onClick={(event) => event.stopPropagation()}
                  />
                </Popconfirm>
                <Popconfirm
                  title={t("hooks.deleteTitle", { name: hook.name })}
                  okText={t("hooks.delete")}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutate(hook.hook_id)}
                >
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t("hooks.deleteNamed", { name: hook.name })}
                    onClick={(event) => event.stopPropagation()}
                  />
                </Popconfirm>
              </Flex>
            ),
            children:
              hook.deliveries.length === 0 ? (
                <Typography.Text type="secondary">
                  {t("hooks.never")}
                </Typography.Text>
              ) : (
                <ul className={styles.hookLog}>
                  {hook.deliveries.map((delivery, index) => (
                    <li key={index}>
                      <Typography.Text
                        type={delivery.ok === 1 ? "success" : "danger"}
                      >
                        {delivery.ok === 1 ? "✓" : "✕"}
                      </Typography.Text>{" "}
                      {formatFullTime(delivery.at, locale)} · {delivery.detail}
                    </li>
                  ))}
                </ul>
              ),
          }))}
        />
      )}
      <Flex gap={8}>
        <Input
          value={name}
          maxLength={16}
          placeholder={t("hooks.namePlaceholder")}
          aria-label={t("hooks.name")}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={create}
        />
        <Button
          type="primary"
          disabled={name.trim() === ""}
          loading={add.isPending}
          onClick={create}
        >
          {t("hooks.add")}
        </Button>
      </Flex>
    </section>
  );
}
