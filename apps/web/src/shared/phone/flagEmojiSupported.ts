let supported: boolean | null = null;

/**
 * Whether this system draws flag emoji (Windows and some Linux desktops show two letters or boxes
 * instead): a flag drawn on a canvas has coloured pixels, its fallback does not.
 */
export function flagEmojiSupported(): boolean {
  if (supported !== null) return supported;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 20;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return (supported = false);
    context.font = '16px "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif';
    context.textBaseline = 'top';
    context.fillText('\u{1F1E8}\u{1F1ED}', 0, 0);
    const pixels = context.getImageData(0, 0, 20, 20).data;
    let coloured = false;
    for (let i = 0; i < pixels.length && !coloured; i += 4) {
      const [r, g, b, a] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!, pixels[i + 3]!];
      coloured = a > 0 && (Math.abs(r - g) > 40 || Math.abs(g - b) > 40);
    }
    supported = coloured;
  } catch {
    supported = false;
  }
  return supported;
}
