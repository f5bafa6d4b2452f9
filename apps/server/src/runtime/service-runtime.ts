import { EventEmitter } from 'node:events';
import type { Configuration } from '../store/config-store.js';
import { type InstanceInfo, InstanceRuntime } from './instance-runtime.js';

/** What the runtime tells listeners, in the order things happen. */
export interface RuntimeEvents {
  'instance-started': [InstanceInfo];
  'instance-stopped': [InstanceInfo];
}

/**
 * The running service built from a configuration: its instances, created in the order of the
 * configuration's `instances` array and closed in reverse order.
 */
export class ServiceRuntime extends EventEmitter<RuntimeEvents> {
  #instances: InstanceRuntime[] = [];

  /** The instances running now, in creation order. */
  get instances(): InstanceInfo[] {
    return this.#instances.map((i) => i.info);
  }

  /** Creates the instances of a configuration, in array order. */
  start(configuration: Configuration): void {
    if (this.#instances.length > 0)
      throw new Error('the runtime is already running; stop it first');
    for (const stored of configuration.instances) {
      const instance = new InstanceRuntime(stored);
      this.#instances.push(instance);
      this.emit('instance-started', instance.info);
    }
  }

  /** Closes every instance, the last created first. */
  async stop(): Promise<void> {
    const instances = this.#instances;
    this.#instances = [];
    for (const instance of instances.reverse()) {
      await instance.close();
      this.emit('instance-stopped', instance.info);
    }
  }
}
