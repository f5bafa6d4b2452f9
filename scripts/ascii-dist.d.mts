/**
 * `text` (an ES module or script named `file`, for messages) with every character outside
 * Latin-1 written as a \uXXXX escape, reading the same; throws one line when it cannot be.
 */
export declare function escapeOutsideLatin1(file: string, text: string): string;
/**
 * `text` (an ES module or script named `file`) without its comments and indentation, every line
 * kept (a comment becomes the line breaks it held); licences and sourceMappingURL stay. Throws one
 * line when the result does not read the same.
 */
export declare function stripLayout(file: string, text: string): string;
/** Rewrites the .js, .mjs and .cjs files under `dirs` in place; returns how many changed. */
export declare function escapeDirectories(dirs: string[]): number;
