/**
 * Hands `blob` to the browser as a download named `name`. The link is in the page while
 * it is clicked, and the file's address is let go only after the click was taken: some
 * browsers drop a download whose link is detached or whose address is already gone.
 */
export function saveFile(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
}
