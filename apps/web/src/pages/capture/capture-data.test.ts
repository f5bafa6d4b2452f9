import type { InputSourceDiscovery } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import { ServerError } from '../../api/connection.js';
import {
  captureChoices,
  cropAt,
  decimatedSize,
  grabberStatus,
  handleAt,
  isMissingCommand,
  modesOf,
  rateChoices,
  storedChoice,
} from './capture-data.js';

const screens: InputSourceDiscovery = {
  sourceType: 'screen',
  video_sources: [
    {
      device: 'x11',
      device_name: 'X11',
      type: 'screen',
      video_inputs: [
        {
          name: ':0',
          inputIdx: 0,
          formats: [{ resolutions: [{ width: 1920, height: 1080, fps: [10, 25] }] }],
        },
      ],
    },
  ],
};
const video: InputSourceDiscovery = {
  sourceType: 'video',
  video_sources: [
    {
      device: '/dev/video0',
      device_name: 'USB Video',
      type: 'v4l2',
      video_inputs: [
        {
          name: 'Camera 1',
          inputIdx: 0,
          formats: [
            { format: 'MJPEG', resolutions: [{ width: 1280, height: 720, fps: [30, 60] }] },
            { format: 'YUYV', resolutions: [{ width: 640, height: 480, fps: [] }] },
          ],
        },
      ],
    },
  ],
};

describe('the capture choices', () => {
  it('lists every input of every source, screens first', () => {
    const choices = captureChoices(screens, video);
    expect(choices.map((c) => c.id)).toEqual(['screen:x11:0', 'video:/dev/video0:0']);
    expect(captureChoices(undefined, undefined)).toEqual([]);
  });

  it('finds the choice the stored groups enable', () => {
    const choices = captureChoices(screens, video);
    expect(
      storedChoice(choices, { framegrabber: { enable: true, device: 'x11', input: 0 } })?.id,
    ).toBe('screen:x11:0');
    expect(
      storedChoice(choices, { grabberV4L2: { enable: true, device: '/dev/video0', input: 0 } })?.id,
    ).toBe('video:/dev/video0:0');
    expect(
      storedChoice(choices, { framegrabber: { enable: false, device: 'x11' } }),
    ).toBeUndefined();
  });

  it('tells a server without inputsource from another refusal', () => {
    const unknown = new ServerError({
      error: 'Invalid command',
      errorData: [{ description: '/command: unknown command "inputsource" (known: config)' }],
    });
    expect(isMissingCommand(unknown)).toBe(true);
    expect(isMissingCommand(new ServerError({ error: 'No Authorization' }))).toBe(false);
    expect(isMissingCommand(new Error('socket closed'))).toBe(false);
  });

  it('offers the modes and rates a source has, keeping the stored rate', () => {
    const input = video.video_sources?.[0]?.video_inputs[0];
    if (!input) throw new Error('no input');
    expect(modesOf(input)).toEqual([
      { format: 'MJPEG', width: 1280, height: 720, fps: [30, 60] },
      { format: 'YUYV', width: 640, height: 480, fps: [] },
    ]);
    expect(rateChoices([30, 60], 15)).toEqual([15, 30, 60]);
    expect(rateChoices([], 'x')).toEqual([]);
  });

  it('works out the size handed on after crops and decimation', () => {
    const none = { left: 0, right: 0, top: 0, bottom: 0 };
    expect(decimatedSize({ width: 640, height: 360 }, none, 4)).toEqual({ width: 160, height: 90 });
    expect(decimatedSize({ width: 640, height: 360 }, { ...none, top: 20 }, 4)).toEqual({
      width: 160,
      height: 85,
    });
  });
});

describe('the crop handles', () => {
  const size = { width: 1000, height: 500 };
  const none = { left: 0, right: 0, top: 0, bottom: 0 };

  it('place a handle on the picture captured with the saved crop', () => {
    const saved = { ...none, top: 100 };
    // The picture shows rows 100–499: a top crop of 200 is a quarter into it.
    expect(handleAt('top', size, saved, { ...saved, top: 200 })).toBe(0.25);
    // Less than saved: at the edge.
    expect(handleAt('top', size, saved, { ...saved, top: 50 })).toBe(0);
    expect(handleAt('left', size, none, { ...none, left: 100 })).toBe(0.1);
  });

  it('turn a handle into a crop in the source pixels, short of the opposite edge', () => {
    const saved = { ...none, top: 100 };
    expect(cropAt('top', 0.25, size, saved, saved)).toBe(200);
    expect(cropAt('right', 0.1, size, none, none)).toBe(100);
    expect(cropAt('bottom', 1, size, none, { ...none, top: 300 })).toBe(199);
  });
});

describe("the grabber's status", () => {
  it("is read from the server's report, when there is one", () => {
    expect(grabberStatus({ screen: { active: [], available: [] } }, 'screen')).toBeUndefined();
    expect(
      grabberStatus(
        { screen: { state: 'retrying', lastError: 'display :0 gone', fps: 0 } },
        'screen',
      ),
    ).toEqual({ state: 'retrying', error: 'display :0 gone', fps: 0 });
    expect(
      grabberStatus(
        { status: [{ kind: 'video', state: 'running', signal: { detected: false } }] },
        'video',
      ),
    ).toEqual({ state: 'running', signal: false });
    expect(grabberStatus(undefined, 'video')).toBeUndefined();
  });
});
