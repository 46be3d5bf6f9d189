import type { CSSProperties } from 'react';

export interface FullScreenLoaderProps {
  /** Visible and announced text. */
  text?: string;
  className?: string;
}

// Inline styles: no global CSS leaks across remotes.
const overlay: CSSProperties = {
  position: 'fixed',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.75rem',
  background: 'var(--hive-loader-bg, #fff)',
  color: 'var(--hive-loader-fg, #1f2937)',
  zIndex: 1000,
};

const spinner: CSSProperties = {
  width: '2rem',
  height: '2rem',
  borderRadius: '50%',
  border: '3px solid currentColor',
  borderRightColor: 'transparent',
  animation: 'hive-loader-spin 0.8s linear infinite',
};

const KEYFRAMES = '@keyframes hive-loader-spin{to{transform:rotate(360deg)}}';

/** Covers the screen until the app is ready (SPEC.md 2: text "Loading"). */
export function FullScreenLoader({ text = 'Loading', className }: FullScreenLoaderProps) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className={className} style={overlay}>
      <style>{KEYFRAMES}</style>
      <span aria-hidden="true" style={spinner} />
      <span>{text}</span>
    </div>
  );
}
