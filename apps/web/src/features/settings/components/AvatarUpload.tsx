import { CameraOutlined } from "@ant-design/icons";
import { PeopleLimits } from "@parley/protocol";
import { Button, Upload } from "antd";
import ImgCrop from "antd-img-crop";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/feedback";
import { AVATAR_TYPES, avatarProblem } from "../settings-rules";
import { useUploadAvatarMutation } from "../settings.queries";

/**
 * A cropped picture at the avatar's size (SPEC §9: 240×240), as PNG; the crop as it came
 * when the browser cannot draw it (the server scales it to 240×240 either way).
 */
async function atAvatarSize(file: Blob): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement("canvas");
    canvas.width = PeopleLimits.avatarSize;
    canvas.height = PeopleLimits.avatarSize;
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const png = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/png"),
    );
    return png ? new File([png], "avatar.png", { type: "image/png" }) : file;
  } catch {
    return file;
  }
}

/**
 * Change my photo (SPEC §2 Settings): a JPG, PNG or GIF of at most 5 MB, refused before
 * anything is sent; cropped square in antd-img-crop's dialog, then uploaded as 240×240.
 */
export function AvatarUpload() {
  const { t } = useTranslation("settings");
  const save = useUploadAvatarMutation();

  // A picture refused before the crop still reaches the Upload (antd-img-crop hands it
  // on uncropped): it is stopped there by name.
  const refused = useRef(new WeakSet<File>());
  const check = (file: File): boolean => {
    const problem = avatarProblem(file);
    if (!problem) return true;
    refused.current.add(file);
    toast("warning", t(problem));
    return false;
  };

  return (
    <ImgCrop
      aspect={1}
      quality={0.92}
      rotationSlider
      showReset
      modalTitle={t("avatar.cropTitle")}
      modalOk={t("avatar.cropOk")}
      modalCancel={t("cancel")}
      resetText={t("avatar.cropReset")}
      beforeCrop={check}
      modalProps={{ centered: true }}
    >
      <Upload
        accept={AVATAR_TYPES.join(",")}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) =>
          refused.current.has(file) ? Upload.LIST_IGNORE : true
        }
        customRequest={({ file, onSuccess, onError }) => {
          // antd hands the cropped picture over as a File.
          if (!(file instanceof Blob)) return;
          void atAvatarSize(file).then((avatar) =>
            save.mutate(avatar, {
              onSuccess: (url) => {
                toast("success", t("avatar.saved"));
                onSuccess?.(url);
              },
              onError: (error) => onError?.(error),
            }),
          );
        }}
      >
        <Button icon={<CameraOutlined />} loading={save.isPending}>
          {t("avatar.change")}
        </Button>
      </Upload>
    </ImgCrop>
  );
}
