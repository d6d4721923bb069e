/**
 * Saves text as a file the browser downloads: a Blob behind a link clicked once, its
 * address let go afterwards. The export's CSV carries its own BOM, so spreadsheets read it
 * as UTF-8.
 */
export function downloadText(
  filename: string,
  text: string,
  type = "text/csv;charset=utf-8",
): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; a tick later its address can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
