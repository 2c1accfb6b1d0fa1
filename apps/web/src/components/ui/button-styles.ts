/** Class names of link-buttons, so every call to action looks the same and keeps its contrast. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2';

export const buttonStyles = {
  /** Blue on white pages. */
  primary: `${base} bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700`,
  /** Outlined, on white pages. */
  secondary: `${base} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:outline-blue-700`,
  /** White, on dark or blue backgrounds. */
  inverse: `${base} bg-white text-blue-800 hover:bg-blue-50 focus-visible:outline-white`,
  /** Outlined white, on dark or blue backgrounds. */
  inverseOutline: `${base} border border-white/70 text-white hover:bg-white/10 focus-visible:outline-white`,
} as const;
