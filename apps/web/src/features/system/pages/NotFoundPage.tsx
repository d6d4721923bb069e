import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";

/** 404, or the closed-system page when `msg` carries the closing text (SPEC §2). */
export function NotFoundPage() {
  const { t } = useTranslation("errors");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const msg = params.get("msg");
  return (
    <Result
      status={msg ? "warning" : "404"}
      title={msg ? t("closed.title") : "404"}
      subTitle={msg ?? t("notFound")}
      extra={
        msg ? null : (
          <Button
            type="primary"
            onClick={() => void navigate("/", { replace: true })}
          >
            {t("backHome")}
          </Button>
        )
      }
      style={{ paddingTop: "12vh" }}
    />
  );
}
