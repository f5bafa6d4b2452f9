// Loaded into a benchmark's server child (bench/support/server-child.mjs): counts the frames the
// visible source hands instance 0 (its `rawColors`, once per frame of the source), which for an
// effect is the pictures it showed. Answers `frames` with the count so far.
let server;
let frames = 0;
let counted;

export function start(started) {
  server = started;
  return {};
}

export function message(what) {
  if (what !== 'frames') return {};
  // The instance is looked up on each question: a restart replaces it.
  const instance = server.runtime.instance(0);
  if (instance && instance !== counted) {
    counted = instance;
    instance.on('rawColors', () => frames++);
  }
  return { frames };
}
