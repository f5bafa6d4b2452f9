// Rewrites built JavaScript so that every character outside Latin-1 is written as a \uXXXX
// escape: `node scripts/ascii-dist.mjs <dist directory>…`, run after tsc by the server's build
// and by the builds of the workspace packages it loads.
//
// Why: V8 keeps a source string at one byte a character only while every character in it is
// Latin-1; one em dash in a comment or one "≥" in a message stores the whole file at two bytes a
// character, for as long as the module is loaded (its source stays resident for lazy
// compilation and Function.prototype.toString). tsc has no option to escape its output.
//
// What is escaped where, found with TypeScript's parser (not a regular expression over the text):
// - string literals, template pieces and regular expression literals: \uXXXX (a surrogate pair
//   as two escapes), which cooks to the same value; a character escaped in the source (`\—`, an
//   identity escape) loses its backslash, as `\\u2014` would mean something else;
// - comments: \uXXXX too, which changes nothing but the bytes;
// - identifiers: \uXXXX, which is still the same name.
// A tagged template's raw text would change, and anything else is unexpected: those stop the
// build with one line naming the file and line, rather than change what the code does. Each
// rewritten file is parsed again and its literals' cooked values compared with the original's.
// Lines with an escape get longer, so their columns no longer match the source map exactly.
//
// Then it drops the comments and the indentation, for the same reason: the source stays resident
// (tsc keeps every doc comment and indents by four spaces: about a third of the built server's
// source, some 0.7 MB of heap for as long as it runs). A comment becomes the line breaks it held
// (a space when none), so every line keeps its number and stack traces their lines; licences
// (/*!, @license, @preserve) and //# sourceMappingURL= are kept. Indentation goes from every
// line that does not start inside a string or template, whose text it is. The result is parsed
// again and its literals' and names' values compared with the original's.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

// Code units, not code points (no u flag): an astral character is two, each escaped.
const OUTSIDE_LATIN1 = /[\u0100-\uffff]/;
const OUTSIDE_LATIN1_ALL = /[\u0100-\uffff]/g;

const STRING_LIKE = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
]);
const COOKED = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.PrivateIdentifier,
]);

const hex = (unit) => `\\u${unit.toString(16).toUpperCase().padStart(4, '0')}`;

/** Parses `text` as an ES module. */
const parse = (file, text) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);

/** Visits every node and token of `source`, the tokens included (getChildren). */
function walk(source, visit) {
  const go = (node) => {
    visit(node);
    for (const child of node.getChildren(source)) go(child);
  };
  go(source);
}

const TEMPLATE_PIECE = new Set([
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/** Whether `node` is a piece of a tagged template (whose tag sees the raw text too). */
function inTaggedTemplate(node) {
  if (!TEMPLATE_PIECE.has(node.kind)) return false;
  let up = node.parent;
  if (up && ts.isTemplateSpan(up)) up = up.parent;
  if (up && ts.isTemplateExpression(up)) up = up.parent;
  return up !== undefined && ts.isTaggedTemplateExpression(up);
}

/** Spans [start, end) of the text, each with what it is: 'literal', 'tagged', 'comment' or 'name'. */
function spansOf(source) {
  const text = source.text;
  const spans = [];
  const comments = new Set();
  const addComments = (ranges) => {
    for (const range of ranges ?? []) {
      if (comments.has(range.pos)) continue;
      comments.add(range.pos);
      spans.push({ start: range.pos, end: range.end, kind: 'comment' });
    }
  };
  walk(source, (node) => {
    addComments(ts.getLeadingCommentRanges(text, node.pos));
    addComments(ts.getTrailingCommentRanges(text, node.end));
    if (STRING_LIKE.has(node.kind)) {
      const tagged = inTaggedTemplate(node);
      spans.push({
        start: node.getStart(source),
        end: node.end,
        kind: tagged ? 'tagged' : 'literal',
      });
    } else if (
      node.kind === ts.SyntaxKind.Identifier ||
      node.kind === ts.SyntaxKind.PrivateIdentifier
    ) {
      spans.push({ start: node.getStart(source), end: node.end, kind: 'name' });
    }
  });
  return spans.sort((a, b) => a.start - b.start);
}

/** The cooked values of the literals and names of `source`, in order. */
function cookedValues(source) {
  const values = [];
  walk(source, (node) => {
    if (COOKED.has(node.kind)) values.push(node.text);
  });
  return values;
}

/** The cooked values of the code's literals and names: those of doc comments (JSDoc) left out. */
function codeValues(source) {
  const values = [];
  const go = (node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode)
      return;
    if (COOKED.has(node.kind)) values.push(node.text);
    for (const child of node.getChildren(source)) go(child);
  };
  go(source);
  return values;
}

/** `text` with its characters outside Latin-1 escaped; throws one line when it cannot be. */
export function escapeOutsideLatin1(file, text) {
  if (!OUTSIDE_LATIN1.test(text)) return text;
  const source = parse(file, text);
  const spans = spansOf(source);
  const where = (index) => `${file}:${source.getLineAndCharacterOfPosition(index).line + 1}`;
  let out = '';
  let copied = 0;
  let span = 0;
  for (const match of text.matchAll(OUTSIDE_LATIN1_ALL)) {
    const index = match.index;
    while (span < spans.length && spans[span].end <= index) span++;
    const inside = spans[span] && spans[span].start <= index ? spans[span] : undefined;
    const kind = inside?.kind ?? 'code';
    if (kind === 'tagged' || kind === 'code') {
      const what = kind === 'tagged' ? 'a tagged template, whose raw text would change' : 'code';
      throw new Error(`ascii-dist: ${where(index)}: a character outside Latin-1 in ${what}`);
    }
    const unit = text.charCodeAt(index);
    let from = index;
    if (kind === 'literal') {
      let backslashes = 0;
      while (text[index - 1 - backslashes] === '\\') backslashes++;
      if (backslashes % 2 === 1) {
        // `\—` is the character itself; a backslashed line separator would be a continuation.
        if (unit === 0x2028 || unit === 0x2029) {
          throw new Error(`ascii-dist: ${where(index)}: a backslashed line separator`);
        }
        from = index - 1;
      }
    }
    if (kind === 'name' && unit >= 0xd800 && unit <= 0xdfff) {
      throw new Error(`ascii-dist: ${where(index)}: a name outside the Basic Multilingual Plane`);
    }
    out += text.slice(copied, from) + hex(unit);
    copied = index + 1;
  }
  out += text.slice(copied);
  const before = cookedValues(source);
  const after = cookedValues(parse(file, out));
  const differs = before.length !== after.length || before.some((value, i) => value !== after[i]);
  const broken = parse(file, out).parseDiagnostics?.length > 0;
  if (differs || broken) {
    throw new Error(`ascii-dist: ${file}: the escaped file does not read as the original`);
  }
  return out;
}

/** Comments kept: licences, and the source map and source name that tools read. */
const KEPT_COMMENT = /^(?:\/\*!|\/[/*][#@] source(?:Mapping)?URL=)|@license|@preserve/;

/** `text` without its comments (but their line breaks) and its indentation; see the header. */
export function stripLayout(file, text) {
  const source = parse(file, text);
  const shebang = text.startsWith('#!') ? text.indexOf('\n') + 1 || text.length : 0;
  let bare = '';
  let copied = 0;
  for (const span of spansOf(source)) {
    if (span.kind !== 'comment' || span.start < shebang) continue;
    const comment = text.slice(span.start, span.end);
    if (KEPT_COMMENT.test(comment)) continue;
    const breaks = comment.match(/\r\n|[\n\r\u2028\u2029]/g);
    bare += text.slice(copied, span.start) + (breaks ? breaks.join('') : ' ');
    copied = span.end;
  }
  bare += text.slice(copied);
  // Line starts inside a literal (a template's lines, a string's continuation) are its text.
  const literals = spansOf(parse(file, bare)).filter((span) => span.kind !== 'comment');
  let out = '';
  let literal = 0;
  copied = 0;
  for (const match of bare.matchAll(/(?:^|\n)([ \t]+)/g)) {
    const start = match.index + match[0].length - match[1].length;
    while (literal < literals.length && literals[literal].end <= start) literal++;
    const inside = literals[literal] && literals[literal].start < start;
    if (inside) continue;
    out += bare.slice(copied, start);
    copied = start + match[1].length;
  }
  out += bare.slice(copied);
  const before = codeValues(source);
  const result = parse(file, out);
  const after = codeValues(result);
  const differs = before.length !== after.length || before.some((value, i) => value !== after[i]);
  if (differs || result.parseDiagnostics?.length > 0) {
    throw new Error(`ascii-dist: ${file}: the file without comments does not read as the original`);
  }
  return out;
}

/** The .js, .mjs and .cjs files under `dir`. */
function scriptsUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.[cm]?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** Rewrites the scripts under `dirs` in place (escaped, then stripped); returns how many changed. */
export function escapeDirectories(dirs) {
  let rewritten = 0;
  for (const dir of dirs) {
    for (const file of scriptsUnder(dir)) {
      const text = readFileSync(file, 'utf8');
      const escaped = stripLayout(file, escapeOutsideLatin1(file, text));
      if (escaped !== text) {
        writeFileSync(file, escaped);
        rewritten++;
      }
    }
  }
  return rewritten;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    process.stderr.write('usage: node scripts/ascii-dist.mjs <dist directory>…\n');
    process.exit(2);
  }
  try {
    escapeDirectories(dirs);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
