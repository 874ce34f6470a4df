import { useEffect } from 'react';

const SMALL_SCREEN_MAX = 1024;
const BASE_WIDTH = 1200;

/** The app's zoom at a window width: up to 1024 px it is laid out at 1200 px and scaled down. */
export function smallScreenZoom(width: number): number {
  return width <= SMALL_SCREEN_MAX ? width / BASE_WIDTH : 1;
}

/**
 * At widths up to 1024 px the whole app is laid out at 1200 px and scaled down (spec 000 §9).
 * CSS `zoom` on the app's root element (#root) is used rather than a transform, which would
 * turn the fixed header and sidebar into scrolling boxes. Popovers render in portals outside
 * #root, so Floating UI places them with unzoomed coordinates and they stay where they belong;
 * a portal that should look like the app (the tour's card) zooms itself with smallScreenZoom.
 */
export function useSmallScreenScale(): void {
  useEffect(() => {
    const root = document.getElementById('root') ?? document.documentElement;
    const apply = () => {
      const zoom = smallScreenZoom(window.innerWidth);
      root.style.zoom = zoom === 1 ? '' : String(zoom);
      root.style.setProperty('--sl-zoom', String(zoom));
    };
    apply();
    window.addEventListener('resize', apply);
    return () => {
      window.removeEventListener('resize', apply);
      root.style.zoom = '';
      root.style.removeProperty('--sl-zoom');
    };
  }, []);
}
