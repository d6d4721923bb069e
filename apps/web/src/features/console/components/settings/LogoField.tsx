import { UploadOutlined } from "@ant-design/icons";
import { CONSOLE_IMAGE_TYPES, LOGO_MAX_BYTES } from "@parley/protocol";
import { Button, Input, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../../lib/feedback";
import { siteRelative } from "../../../../lib/site-address";
import { uploadLogo } from "../../console.queries";
import { TEXT_MAX } from "./config-rules";
import styles from "./settings.module.css";

const PICTURE_TYPES: ReadonlySet<string> = new Set(CONSOLE_IMAGE_TYPES);

/**
 * The logo of Settings → System (`sysInfo.logo`): an address typed in, or a picture
 * uploaded (`common/upload/uploadImage`), which fills the address in; with a preview.
 * The picture is checked here for type and size first; the server judges its bytes.
 */
export function LogoField({
  value,
  onChange,
  disabled,
}: {
  value?: string;
  onChange?: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation("console");
  const [busy, setBusy] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);
  const address = value ?? "";

  const send = async (file: File) => {
    if (!PICTURE_TYPES.has(file.type)) {
      toast("error", t("settings.system.logoType"));
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      toast("error", t("settings.system.logoSize"));
      return;
    }
    setBusy(true);
    try {
      onChange?.(siteRelative(await uploadLogo(file)));
    } catch {
      // The call's own refusal was shown by the feedback layer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.conLogo}>
      {address !== "" && broken !== address && (
        <img
          className={styles.conLogoPreview}
          src={address}
          alt={t("settings.system.logoPreview")}
          onError={() => setBroken(address)}
        />
      )}
      <div className={styles.conLogoControls}>
        <Input
          value={address}
          maxLength={TEXT_MAX.logo}
          placeholder="https://"
          disabled={disabled}
          aria-label={t("settings.system.logo")}
          onChange={(event) => onChange?.(event.target.value)}
        />
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
            {t("settings.system.logoUpload")}
          </Button>
        </Upload>
      </div>
    </div>
  );
}
