import { createContext, useContext, useEffect } from 'react';

/** Lets a renderer hand its PNG snapshot to the frame's menu. */
export const PngExportContext = createContext<((snapshot: (() => string | null) | null) => void) | null>(null);

/** Registers how to draw the widget as a PNG data URL, for as long as the renderer is mounted. */
export function useRegisterPng(snapshot: () => string | null): void {
  const register = useContext(PngExportContext);
  useEffect(() => {
    register?.(snapshot);
    return () => register?.(null);
  }, [register, snapshot]);
}
