import './VinylLoader.css';

// The loading logo: a vinyl record of our own drawing, spinning (still when the person asked
// for reduced motion). Its label is in the series' accent (VinylLoader.css, decision 026).

export function VinylRecord({ size = 64, spinning = false }: { size?: number; spinning?: boolean }) {
  return (
    <svg
      className={spinning ? 'vinyl-record vinyl-record--spinning' : 'vinyl-record'}
      width={size}
      height={size}
      viewBox="0 0 100 100"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="50" cy="50" r="48" fill="#141414" />
      {[42, 37, 32, 27].map((r) => (
        <circle key={r} cx="50" cy="50" r={r} fill="none" stroke="#2e2e2e" strokeWidth="1.2" />
      ))}
      <path d="M50 6 A44 44 0 0 1 88 28" fill="none" stroke="#5a5a5a" strokeWidth="2.5" strokeLinecap="round" opacity="0.7" />
      <circle className="vinyl-record__label" cx="50" cy="50" r="17" fill="#e0533d" />
      <circle cx="50" cy="50" r="17" fill="none" stroke="#f4a259" strokeWidth="2" />
      <path d="M38 46 h24 M41 54 h18" stroke="#fff4e6" strokeWidth="2" strokeLinecap="round" opacity="0.85" />
      <circle cx="50" cy="50" r="2.6" fill="#f4f1ea" />
    </svg>
  );
}

/** Shown while sign-in state or data loads. */
export function VinylLoader({ label = 'Loading…', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div className={fullPage ? 'vinyl-loader vinyl-loader--page' : 'vinyl-loader'} role="status" aria-live="polite">
      <VinylRecord size={fullPage ? 96 : 64} spinning />
      <span className="vinyl-loader__label">{label}</span>
    </div>
  );
}
