// The soak's baseline: an idle Node process with the same probe as the server (soak-probe.mjs,
// which answers the same IPC messages). Its event-loop delay is what the machine alone causes
// (other processes taking the cores), measured in the same run as the server's.
import './soak-probe.mjs';

process.on('message', (m) => {
  if (m === 'stop') process.exit(0);
});
