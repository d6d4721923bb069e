import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from "@ant-design/icons";
import { fileExtension } from "@parley/protocol";

/** The icon of a file by its extension (fetched with the first file message drawn). */
export function FileTypeIcon({ name }: { name: string }) {
  const ext = fileExtension(name);
  if (ext === "pdf") return <FilePdfOutlined style={{ color: "#e5484d" }} />;
  if (["doc", "docx"].includes(ext))
    return <FileWordOutlined style={{ color: "#2b6cd4" }} />;
  if (["xls", "xlsx", "csv"].includes(ext))
    return <FileExcelOutlined style={{ color: "#1f9d55" }} />;
  if (["ppt", "pptx"].includes(ext))
    return <FilePptOutlined style={{ color: "#e8590c" }} />;
  if (["zip", "rar", "7z", "gz", "tar"].includes(ext))
    return <FileZipOutlined style={{ color: "#b7791f" }} />;
  if (["txt", "md"].includes(ext)) return <FileTextOutlined />;
  if (["jpg", "jpeg", "png", "gif", "webp", "bmp"].includes(ext))
    return <FileImageOutlined style={{ color: "#7c3aed" }} />;
  return <FileOutlined />;
}
