/**
 * Writes one effect into `dir`: its script `file` with `source`, an option schema with no
 * options, and a definition that names it `name`.
 */
export declare function writeEffect(dir: string, name: string, file: string, source: string): void;
