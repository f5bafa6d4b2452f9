// The parts of the English phrase file that vite.config.ts's `phraseParts` plugin makes.
declare module 'glowkit-phrases:ui' {
  const phrases: Readonly<Record<string, string>>;
  export default phrases;
}

declare module 'glowkit-phrases:forms' {
  const phrases: Readonly<Record<string, string>>;
  export default phrases;
}

declare module 'glowkit-phrases:log' {
  const phrases: Readonly<Record<string, string>>;
  export default phrases;
}

declare module 'glowkit-phrases:system' {
  const phrases: Readonly<Record<string, string>>;
  export default phrases;
}
