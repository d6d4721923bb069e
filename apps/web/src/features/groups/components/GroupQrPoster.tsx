import { DownloadOutlined, LinkOutlined } from "@ant-design/icons";
import { GroupLimits, isLanguage } from "@parley/protocol";
import { Avatar, Button, Modal, Result, Spin } from "antd";
import {
  type CSSProperties,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_TAGS } from "../../../i18n";
import { useNow } from "../../../hooks/useNow";
import { toast } from "../../../lib/feedback";
import { useGlobalConfig } from "../../system";
import { useGroupInfoQuery } from "../groups.queries";
import {
  absoluteLink,
  firstCharacter,
  fitLine,
  formatQrExpire,
  type Measure,
  POSTER,
  POSTER_FONTS,
  type PosterContent,
  type PosterSpot,
  posterFileName,
  posterScale,
  type QrModules,
  qrFit,
  qrPath,
  renderPosterPng,
} from "../qr-poster";
import styles from "./GroupQrPoster.module.css";

const DAY_MS = 24 * 60 * 60 * 1000;

function subscribeToResize(callback: () => void): () => void {
  window.addEventListener("resize", callback);
  return () => window.removeEventListener("resize", callback);
}

/** The poster's scale for the window, kept current. */
function usePosterScale(): number {
  return useSyncExternalStore(subscribeToResize, () =>
    posterScale(window.innerWidth, window.innerHeight),
  );
}

/** The QR code of a link, computed by the `qrcode` package, loaded only when a poster opens. */
function useQrModules(link: string | null): QrModules | "failed" | null {
  const [result, setResult] = useState<{
    link: string;
    qr: QrModules | "failed";
  } | null>(null);
  useEffect(() => {
    if (!link) return;
    let live = true;
    import("qrcode").then(
      ({ create }) => {
        const { modules } = create(link, { errorCorrectionLevel: "M" });
        if (live)
          setResult({
            link,
            qr: {
              size: modules.size,
              dark: (row, col) => modules.get(row, col) === 1,
            },
          });
      },
      () => {
        if (live) setResult({ link, qr: "failed" });
      },
    );
    return () => {
      live = false;
    };
  }, [link]);
  return result && result.link === link ? result.qr : null;
}

/** Text widths from a canvas, or null where there is none (the page's CSS cuts instead). */
function useMeasure(): Measure | null {
  return useMemo(() => {
    const ctx = document.createElement("canvas").getContext("2d");
    if (!ctx) return null;
    return (text, font) => {
      ctx.font = font;
      return ctx.measureText(text).width;
    };
  }, []);
}

/** The avatar, loaded so a canvas may draw it; null when it cannot be (another site). */
function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    if (!src) {
      resolve(null);
      return;
    }
    const image = new Image();
    // Without CORS an avatar from another site would taint the canvas and stop the save.
    image.crossOrigin = "anonymous";
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = src;
    setTimeout(() => resolve(null), 5000);
  });
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by then; the address is only memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A line of the poster at its spot, sized and cut as the download draws it. */
function lineStyle(
  spot: PosterSpot,
  size: number,
  color: string,
  weight: 400 | 600,
): CSSProperties {
  const height = Math.round(spot.size * 1.5);
  return {
    top: spot.y - height / 2,
    left: (POSTER.width - spot.maxWidth) / 2,
    width: spot.maxWidth,
    height,
    lineHeight: `${height}px`,
    fontSize: size,
    fontWeight: weight,
    color,
  };
}

/**
 * The group QR poster (SPEC §2, §9): the group's avatar and name, the QR of its join link,
 * how long the link is good for and how to use it, at 500×720 (scaled down to fit a phone);
 * Download saves it as a 1000×1440 PNG named after the group. Each opening asks the server
 * for a fresh link, so it is good for the full 7 days.
 */
export function GroupQrPoster({
  groupId,
  open,
  onClose,
}: {
  groupId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("groups");
  const scale = usePosterScale();
  return (
    <Modal
      open={open}
      title={t("qr.open")}
      onCancel={onClose}
      footer={null}
      centered
      destroyOnHidden
      width={Math.round(POSTER.width * scale) + 32}
      styles={{ container: { padding: "16px 16px 20px" } }}
    >
      {open && <PosterBody groupId={groupId} scale={scale} />}
    </Modal>
  );
}

function PosterBody({ groupId, scale }: { groupId: number; scale: number }) {
  const { t, i18n } = useTranslation("groups");
  const info = useGroupInfoQuery(groupId);
  const { refetch } = info;
  const config = useGlobalConfig();
  const now = useNow();
  const measure = useMeasure();
  const [saving, setSaving] = useState(false);
  const [avatarFailed, setAvatarFailed] = useState(false);

  // A fresh link on every opening: the one loaded with the title bar may be days old, and
  // its "7 days" would not be true any more. Until it comes, the spinner.
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    let live = true;
    void refetch().then(() => {
      if (live) setFresh(true);
    });
    return () => {
      live = false;
    };
  }, [refetch]);

  const data = fresh ? info.data : undefined;
  const link = data?.qrUrl
    ? absoluteLink(data.qrUrl, window.location.href)
    : null;
  const qr = useQrModules(link);
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];

  const frame = {
    width: Math.round(POSTER.width * scale),
    height: Math.round(POSTER.height * scale),
  };

  if (info.isError || (data && !data.qrUrl) || qr === "failed")
    return (
      <div className={styles.state} style={frame}>
        <Result
          status="warning"
          title={t("qr.loadFailed")}
          extra={
            <Button onClick={() => void refetch()}>{t("qr.retry")}</Button>
          }
        />
      </div>
    );
  if (!data || !link || !qr)
    return (
      <div
        className={styles.state}
        style={frame}
        role="status"
        aria-label={t("qr.loading")}
      >
        <Spin size="large" />
      </div>
    );

  const content: PosterContent = {
    name: data.displayName || data.name,
    members: t("members.count", { count: data.groupUserCount }),
    hint: t("qr.hint"),
    expiry: t("qr.expiry", {
      count: GroupLimits.qrValidMs / DAY_MS,
      date: formatQrExpire(data.qrExpire, locale, now),
    }),
    footer: config?.sysInfo.name ?? "",
    qr,
    avatar: null,
  };
  const { colors } = POSTER;
  const line = (
    value: string,
    spot: PosterSpot,
    color: string,
    weight: 400 | 600,
  ) => {
    const fitted = fitLine(measure, value, spot, weight);
    return (
      <div
        className={styles.line}
        style={lineStyle(spot, fitted.size, color, weight)}
        title={fitted.text === value ? undefined : value}
      >
        {fitted.text}
      </div>
    );
  };
  const box = POSTER.qr.size;
  const fit = qrFit(qr.size, box);
  const avatar = POSTER.avatar;
  const ringSize = avatar.size + 2 * avatar.ring;

  const download = async () => {
    setSaving(true);
    try {
      const image = await loadImage(data.avatar);
      const blob = await renderPosterPng(
        {
          ...content,
          avatar: image,
          ...(image
            ? {
                avatarSize: {
                  width: image.naturalWidth,
                  height: image.naturalHeight,
                },
              }
            : {}),
        },
        document.createElement("canvas"),
      );
      saveFile(blob, posterFileName(content.name));
    } catch {
      toast("error", t("qr.downloadFailed"));
    } finally {
      setSaving(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast("success", t("qr.copied"));
    } catch {
      toast("error", t("qr.copyFailed"));
    }
  };

  return (
    <>
      <div className={styles.frame} style={frame}>
        <div
          className={styles.poster}
          data-testid="qr-poster"
          style={{
            width: POSTER.width,
            height: POSTER.height,
            transform: `scale(${String(scale)})`,
            fontFamily: POSTER_FONTS,
            background: `linear-gradient(${colors.top}, ${colors.bottom})`,
          }}
        >
          <div
            className={styles.avatarRing}
            style={{
              top: avatar.top - avatar.ring,
              left: (POSTER.width - ringSize) / 2,
              width: ringSize,
              height: ringSize,
            }}
          >
            <Avatar
              size={avatar.size}
              src={avatarFailed ? undefined : data.avatar || undefined}
              onError={() => {
                setAvatarFailed(true);
                return false;
              }}
              style={{ background: colors.avatar, fontSize: 36 }}
            >
              {firstCharacter(content.name)}
            </Avatar>
          </div>
          {line(content.name, POSTER.name, colors.onBrand, 600)}
          {line(content.members, POSTER.members, colors.onBrandSoft, 400)}
          <div
            className={styles.card}
            style={{
              left: POSTER.card.x,
              top: POSTER.card.y,
              width: POSTER.card.width,
              height: POSTER.card.height,
              borderRadius: POSTER.card.radius,
            }}
          />
          <svg
            className={styles.qr}
            role="img"
            aria-label={t("qr.codeLabel", { name: content.name })}
            viewBox={`0 0 ${String(qr.size)} ${String(qr.size)}`}
            width={fit.side}
            height={fit.side}
            shapeRendering="crispEdges"
            style={{
              left: (POSTER.width - box) / 2 + fit.offset,
              top: POSTER.qr.top + fit.offset,
            }}
          >
            <path d={qrPath(qr)} fill={colors.qr} />
          </svg>
          {line(content.hint, POSTER.hint, colors.ink, 600)}
          {line(content.expiry, POSTER.expiry, colors.muted, 400)}
          {content.footer &&
            line(content.footer, POSTER.footer, colors.onBrandSoft, 400)}
        </div>
      </div>
      <div className={styles.actions}>
        <Button icon={<LinkOutlined />} onClick={() => void copy()}>
          {t("qr.copy")}
        </Button>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={saving}
          onClick={() => void download()}
        >
          {t("qr.download")}
        </Button>
      </div>
    </>
  );
}
