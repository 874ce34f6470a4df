import { useId } from 'react';

interface LogoProps {
  size?: number;
  /** Accessible name; omit when a visible text next to the logo already names it. */
  label?: string;
}

/** The Sitelens mark: a lens ring with a glint, drawn inline so it scales and needs no request. */
export function Logo({ size = 32, label }: LogoProps) {
  const gradient = useId();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#15aabf" />
          <stop offset="1" stopColor="#1c5fd6" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="23" fill="none" stroke={`url(#${gradient})`} strokeWidth="10" />
      <circle cx="32" cy="32" r="9" fill="#1c5fd6" />
      <circle cx="28.5" cy="28.5" r="3" fill="#ffffff" opacity="0.85" />
    </svg>
  );
}
