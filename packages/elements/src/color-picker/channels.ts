import type { FieldIssue } from '../shared/field.js';
import { messageOf, phraseOf, type Translator } from '../shared/translate.js';

/** The colour channels: phrase of the label, English fallback, and the suffix of input ids. */
export const CHANNELS = [
  { phrase: 'edt_msg_color_red', fallback: 'Red', id: 'red' },
  { phrase: 'edt_msg_color_green', fallback: 'Green', id: 'green' },
  { phrase: 'edt_msg_color_blue', fallback: 'Blue', id: 'blue' },
] as const;

/** Index of the alpha channel in an RGBA value. */
export const ALPHA = 3;

/** The translated label of red, green or blue (0, 1, 2), else of alpha. */
export function channelLabel(channel: number, translator?: Translator): string {
  const known = CHANNELS[channel];
  return known
    ? phraseOf(known.phrase, known.fallback, translator)
    : phraseOf('edt_msg_color_alpha', 'Alpha (opacity)', translator);
}

/**
 * The message for an issue of a colour, in the current language. A red, green or blue channel is
 * named, and what is wrong with it said plainly ("Green: Enter 255 or less."), rather than the
 * general rule for all three, which left people to find the wrong one. Alpha's own message already
 * names it; issues of the whole value (too few items…) keep theirs.
 */
export function colorMessage(issue: FieldIssue, translator?: Translator): string {
  if (issue.code !== 'color_channel') return messageOf(issue, translator);
  const channel = Number(issue.pointer.slice(issue.pointer.lastIndexOf('/') + 1));
  return `${channelLabel(channel, translator)}: ${messageOf(channelIssue(issue.params.value), translator)}`;
}

/** What is wrong with one channel of red, green or blue, as the number rules put it. */
function channelIssue(value: unknown): { code: string; params: Record<string, unknown> } {
  // Text is what the user typed and could not be read as a number; nothing typed is a gap.
  if (value === '' || value === undefined || value === null)
    return { code: 'required', params: {} };
  if (typeof value !== 'number' || !Number.isFinite(value)) return { code: 'number', params: {} };
  if (!Number.isInteger(value)) return { code: 'integer', params: { value } };
  if (value < 0) return { code: 'minimum', params: { minimum: 0, value } };
  return { code: 'maximum', params: { maximum: 255, value } };
}
