import type { IconDefinition } from "@ant-design/icons-svg/es/types";

/**
 * An icon of `@ant-design/icons-svg` (the same drawings antd's icons use) as a bare SVG:
 * the screens that load no antd draw antd's icons without antd's icon runtime.
 */
export function SvgIcon({
  icon,
  className,
}: {
  icon: IconDefinition;
  className?: string;
}) {
  const { icon: drawing } = icon;
  if (typeof drawing === "function") return null;
  return (
    <svg
      viewBox={drawing.attrs.viewBox}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {(drawing.children ?? []).map((child, index) => (
        <path key={index} d={child.attrs.d} />
      ))}
    </svg>
  );
}
