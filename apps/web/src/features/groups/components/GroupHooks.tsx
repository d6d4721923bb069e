import {
  ApiOutlined,
  DeleteOutlined,
  SendOutlined,
  SyncOutlined,
} from "@ant-design/icons";
import {
  type Hook,
  isHookUrl,
  LANGUAGE_TAGS,
  triggerWords,
} from "@parley/protocol";
import {
  Alert,
  Button,
  Collapse,
  Flex,
  Input,
  Popconfirm,
  Segmented,
  Tag,
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

/** What is shown once: an incoming hook's address, or an outgoing hook's signing key. */
type Made = { name: string } & ({ url: string } | { secret: string });

/**
 * The group's webhooks (issue 48), for its owner and administrators: add an incoming one
 * (its address shown once) or an outgoing one (an address, trigger words; its signing key
 * shown once), see each one's latest deliveries, give it a new secret, delete it.
 */
export function GroupHooks({ groupId }: { groupId: number }) {
  const { t } = useTranslation("groups");
  const locale = LANGUAGE_TAGS[useLanguage()];
  const hooks = useHooksQuery(groupId, true);
  const add = useAddHookMutation(groupId);
  const remove = useDeleteHookMutation(groupId);
  const rotate = useRotateHookMutation(groupId);
  const [kind, setKind] = useState<"incoming" | "outgoing">("incoming");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [triggers, setTriggers] = useState("");
  const [made, setMade] = useState<Made | null>(null);
  const outgoing = kind === "outgoing";
  const urlOk = isHookUrl(url.trim());
  const triggersOk = triggerWords(triggers) !== null;
  const ready = name.trim() !== "" && (!outgoing || (urlOk && triggersOk));
  const create = () => {
    const given = name.trim();
    if (!ready) return;
    add.mutate(
      outgoing
        ? { kind, name: given, url: url.trim(), triggers }
        : { kind, name: given },
      {
        onSuccess: (answer) => {
          setMade({ name: given, ...answer });
          setName("");
          setUrl("");
          setTriggers("");
        },
      },
    );
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
              {"secret" in made && (
                <Typography.Text>{t("hooks.keyIs")}</Typography.Text>
              )}
              <Typography.Paragraph
                copyable={{
                  text: "secret" in made ? made.secret : siteAbsolute(made.url),
                }}
                code
                style={{ wordBreak: "break-all", marginBottom: 4 }}
              >
                {"secret" in made ? made.secret : siteAbsolute(made.url)}
              </Typography.Paragraph>
              <Typography.Text type="secondary">
                {"secret" in made ? t("hooks.keyOnce") : t("hooks.urlOnce")}
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
                {hook.kind === "outgoing" ? (
                  <SendOutlined aria-label={t("hooks.outgoing")} />
                ) : (
                  <ApiOutlined aria-label={t("hooks.incoming")} />
                )}
                <Typography.Text strong>{hook.name}</Typography.Text>
                {hook.triggers?.split(",").map((word) => (
                  <Tag key={word}>{word}</Tag>
                ))}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {last(hook)}
                </Typography.Text>
              </Flex>
            ),
            extra: (
              <Flex gap={4}>
                <Popconfirm
                  title={t(
                    hook.kind === "outgoing"
                      ? "hooks.rotateKeyTitle"
                      : "hooks.rotateTitle",
                    { name: hook.name },
                  )}
                  okText={t(
                    hook.kind === "outgoing"
                      ? "hooks.rotateKey"
                      : "hooks.rotate",
                  )}
                  onConfirm={() =>
                    rotate.mutate(hook.hook_id, {
                      onSuccess: (answer) =>
                        setMade({ name: hook.name, ...answer }),
                    })
                  }
                >
                  <Button
                    size="small"
                    type="text"
                    icon={<SyncOutlined />}
                    aria-label={t(
                      hook.kind === "outgoing"
                        ? "hooks.rotateKeyNamed"
                        : "hooks.rotateNamed",
                      { name: hook.name },
                    )}
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
            children: (
              <>
                {hook.kind === "outgoing" && (
                  <Typography.Paragraph
                    type="secondary"
                    style={{ wordBreak: "break-all", marginBottom: 4 }}
                  >
                    {t("hooks.postsTo", { url: hook.url })}
                    <br />
                    {t("hooks.token")}{" "}
                    <Typography.Text code copyable>
                      {hook.token}
                    </Typography.Text>
                  </Typography.Paragraph>
                )}
                {hook.deliveries.length === 0 ? (
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
                        {formatFullTime(delivery.at, locale)} ·{" "}
                        {delivery.detail}
                      </li>
                    ))}
                  </ul>
                )}
              </>
            ),
          }))}
        />
      )}
      <Flex vertical gap={8}>
        <Segmented<"incoming" | "outgoing">
          value={kind}
          onChange={(value) => setKind(value)}
          options={[
            { value: "incoming", label: t("hooks.incoming") },
            { value: "outgoing", label: t("hooks.outgoing") },
          ]}
        />
        {outgoing && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t("hooks.outgoingHint")}
          </Typography.Text>
        )}
        <Input
          value={name}
          maxLength={16}
          placeholder={t("hooks.namePlaceholder")}
          aria-label={t("hooks.name")}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={create}
        />
        {outgoing && (
          <>
            <Input
              value={url}
              maxLength={1000}
              placeholder="https://ci.example.com/parley"
              aria-label={t("hooks.url")}
              status={url.trim() !== "" && !urlOk ? "error" : undefined}
              onChange={(event) => setUrl(event.target.value)}
            />
            <Input
              value={triggers}
              placeholder={t("hooks.triggersPlaceholder")}
              aria-label={t("hooks.triggers")}
              status={
                triggers.trim() !== "" && !triggersOk ? "error" : undefined
              }
              onChange={(event) => setTriggers(event.target.value)}
              onPressEnter={create}
            />
          </>
        )}
        <Button
          type="primary"
          disabled={!ready}
          loading={add.isPending}
          onClick={create}
        >
          {t("hooks.add")}
        </Button>
      </Flex>
    </section>
  );
}
