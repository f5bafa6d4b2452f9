/** The Hyperion corpus's option schemas by file name (empty without GLOWKIT_CORPUS); see vitest.config.ts. */
declare const __GLOWKIT_CORPUS_SCHEMAS__: Record<string, Record<string, unknown>>;
