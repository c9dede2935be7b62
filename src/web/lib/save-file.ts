/** Hands a downloaded file to the browser as a download (the billing export and the history download). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later, not at once: the browser may still be reading the object URL for the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
