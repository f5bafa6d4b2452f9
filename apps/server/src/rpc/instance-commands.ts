import {
  errorReply,
  type InstanceRequest,
  MAX_LISTED_INSTANCE_ID,
  successReply,
} from '@glowkit/protocol';
import { defaultInstanceSettings } from '../config/defaults.js';
import type { Logger } from '../logger.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import type { ConfigStore, Configuration } from '../store/config-store.js';
import type { CommandContext } from './command.js';
import type { Outcome } from './outcome.js';
import { storeFailure } from './store-failure.js';

/** What the instance commands need from the server. */
export interface InstanceDeps {
  runtime: ServiceRuntime;
  store: ConfigStore;
  logger: Logger;
}

const missing = (name: string, tan: number, id: number): Outcome => ({
  reply: errorReply(
    name,
    tan,
    `Instance [${id}] does not exist.`,
    [`/instance: no instance ${id} is configured; serverinfo's "instance" lists them`],
    { code: 'instance-not-found', params: { id } },
  ),
});

/**
 * Changes the stored instances as one configuration change (a snapshot is kept, as for a
 * restore), answering "Database Error" when the store refuses.
 */
function storeChange(
  name: string,
  tan: number,
  deps: InstanceDeps,
  reason: string,
  change: (configuration: Configuration) => void,
): Outcome | undefined {
  try {
    const configuration = deps.store.read();
    change(configuration);
    deps.store.replace(configuration, reason);
    deps.logger.info({ reason }, 'instances changed');
    return undefined;
  } catch (error) {
    return storeFailure(name, tan, error, deps.logger, 'the instance change was not stored');
  }
}

/** Records that an instance runs at start (or not); the reply when the store refuses. */
function enable(
  name: string,
  tan: number,
  deps: InstanceDeps,
  id: number,
  enabled: boolean,
): Outcome | undefined {
  try {
    deps.store.setInstanceEnabled(id, enabled);
    return undefined;
  } catch (error) {
    const notDone = `instance ${id} was not ${enabled ? 'started' : 'stopped'}`;
    return storeFailure(name, tan, error, deps.logger, notDone);
  }
}

/** `instance`: switchTo, startInstance, stopInstance, createInstance, deleteInstance, saveName. */
export async function instanceCommand({
  value,
  name,
  tan,
  session,
  deps,
}: CommandContext<InstanceRequest, InstanceDeps>): Promise<Outcome> {
  const { runtime } = deps;
  if (value.subcommand === 'createInstance') return createInstance(value.name, name, tan, deps);
  const id = value.instance;
  const known = runtime.info(id);
  if (!known) return missing(name, tan, id);
  switch (value.subcommand) {
    case 'switchTo': {
      if (!known.running) {
        return {
          reply: errorReply(
            name,
            tan,
            `Instance [${id}] is not running`,
            [
              `/instance: instance ${id} "${known.name}" is configured but stopped; start it with startInstance first`,
            ],
            { code: 'instance-not-running', params: { id } },
          ),
        };
      }
      if (session.state) session.state.instance = id;
      return { reply: successReply(name, tan, { instance: id }) };
    }
    case 'startInstance': {
      if (known.running) {
        return {
          reply: successReply(name, tan, undefined, [
            `Instance [${id}] - '${known.name}' is already running.`,
          ]),
        };
      }
      const failed = enable(name, tan, deps, id, true);
      if (failed) return failed;
      await runtime.startInstance(id);
      return { reply: successReply(name, tan) };
    }
    case 'stopInstance': {
      if (!known.running) {
        return {
          reply: successReply(name, tan, undefined, [
            `Instance [${id}] - '${known.name}' is not running.`,
          ]),
        };
      }
      const failed = enable(name, tan, deps, id, false);
      if (failed) return failed;
      await runtime.stopInstance(id);
      return { reply: successReply(name, tan) };
    }
    case 'deleteInstance': {
      // Hyperion.ng never deletes its main instance either (it answers success and does nothing):
      // every client falls back to it. Saying so tells the caller nothing happened.
      if (id === 0) {
        return {
          reply: errorReply(name, tan, 'Instance [0] cannot be deleted', [
            '/instance: instance 0 is the main instance and always stays; stop it with stopInstance instead',
          ]),
        };
      }
      const failed = storeChange(name, tan, deps, `delete instance ${id}`, (c) => {
        c.instances = c.instances.filter((i) => i.id !== id);
      });
      if (failed) return failed;
      await runtime.remove(id);
      if (session.state?.instance === id) session.state.instance = undefined;
      return { reply: successReply(name, tan) };
    }
    case 'saveName': {
      const newName = value.name;
      if (runtime.instances.some((i) => i.name === newName && i.id !== id)) {
        return nameTaken(name, tan, newName);
      }
      const failed = storeChange(name, tan, deps, `rename instance ${id}`, (c) => {
        for (const i of c.instances) if (i.id === id) i.name = newName;
      });
      if (failed) return failed;
      runtime.rename(id, newName);
      return { reply: successReply(name, tan) };
    }
  }
}

/** The refusal of a name another instance has (Hyperion.ng's words). */
function nameTaken(name: string, tan: number, newName: string): Outcome {
  return {
    reply: errorReply(
      name,
      tan,
      `Instance name '${newName}' is already in use`,
      ['/name: choose a name no other instance has'],
      { code: 'instance-name-taken', params: { name: newName } },
    ),
  };
}

/** `instance createInstance`: a new stopped instance with default settings, at the first free id. */
function createInstance(newName: string, name: string, tan: number, deps: InstanceDeps): Outcome {
  const { runtime } = deps;
  if (runtime.instances.some((i) => i.name === newName)) {
    return nameTaken(name, tan, newName);
  }
  const taken = new Set(runtime.instances.map((i) => i.id));
  let free = 0;
  while (taken.has(free)) free++;
  // Only ids the commands can name: 255 is left to a restore.
  if (free > MAX_LISTED_INSTANCE_ID) {
    return {
      reply: errorReply(
        name,
        tan,
        'No free instance number',
        [`instances 0 to ${MAX_LISTED_INSTANCE_ID} exist already: delete one first`],
        { code: 'instance-none-free' },
      ),
    };
  }
  const stored = {
    id: free,
    name: newName,
    enabled: false,
    settings: defaultInstanceSettings(),
  };
  const failed = storeChange(name, tan, deps, `create instance ${free}`, (c) => {
    c.instances.push(stored);
  });
  if (failed) return failed;
  runtime.add(stored);
  return { reply: successReply(name, tan, { instance: free }) };
}
