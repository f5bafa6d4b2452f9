import type { LogLevelString, LogMessage } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import { clockTime, filterLines, linesText, logFileName, PageLines } from './log-lines.js';

const message = (text: string, levelString: LogLevelString = 'INFO', sub = ''): LogMessage => ({
  loggerName: 'glowkit',
  loggerSubName: sub,
  function: '',
  line: '0',
  fileName: '',
  message: text,
  levelString,
  utime: String(Date.UTC(2026, 10, 28, 4, 15, 2)),
});

describe('PageLines', () => {
  it('keeps the last lines only, and holds what comes while paused until it resumes', () => {
    const lines = new PageLines(3);
    lines.add([message('a'), message('b'), message('c'), message('d')]);
    expect(lines.lines.map((l) => l.message.message)).toEqual(['b', 'c', 'd']);
    lines.setPaused(true);
    lines.add([message('e')]);
    expect(lines.lines.map((l) => l.message.message)).toEqual(['b', 'c', 'd']);
    expect(lines.held).toBe(1);
    lines.setPaused(false);
    expect(lines.lines.map((l) => l.message.message)).toEqual(['c', 'd', 'e']);
    expect(lines.held).toBe(0);
  });
});

describe('filterLines', () => {
  it('shows the chosen level and the more severe ones, and what contains the search', () => {
    const lines = new PageLines();
    lines.add([
      message('listening', 'INFO'),
      message('TCP client connected', 'DEBUG'),
      message('authorization failed', 'WARNING', 'I0'),
      message('restart failed', 'ERROR'),
    ]);
    const texts = (level: LogLevelString, search = '') =>
      filterLines(lines.lines, level, search).map((l) => l.message.message);
    expect(texts('DEBUG')).toHaveLength(4);
    expect(texts('WARNING')).toEqual(['authorization failed', 'restart failed']);
    expect(texts('DEBUG', 'FAILED')).toEqual(['authorization failed', 'restart failed']);
    expect(texts('DEBUG', 'i0')).toEqual(['authorization failed']);
    expect(texts('ERROR', 'listening')).toEqual([]);
  });
});

describe('linesText and logFileName', () => {
  it('gives one line per message with its UTC time, level and source', () => {
    const lines = new PageLines();
    lines.add([message('ready', 'INFO'), message('refused', 'WARNING', 'I1')]);
    expect(linesText(lines.lines)).toBe(
      '2026-11-28T04:15:02.000Z INFO    glowkit: ready\n2026-11-28T04:15:02.000Z WARNING glowkit/I1: refused\n',
    );
    expect(linesText([])).toBe('');
    expect(logFileName(new Date(2026, 10, 28, 4, 15, 2))).toBe('glowkit-2026-11-28-041502.log');
    const local = { ...message('x'), utime: String(new Date(2026, 10, 28, 4, 15, 2, 7).getTime()) };
    expect(clockTime(local)).toBe('04:15:02.007');
  });
});
