/** A running mosquitto and the one user it lets in. */
export interface TestBroker {
  readonly port: number;
  readonly username: string;
  readonly password: string;
  /** The `network.mqtt` settings of a server using this broker (enabled, its user). */
  clientSettings(): {
    enable: true;
    host: string;
    port: number;
    username: string;
    password: string;
  };
  /** Every line mosquitto logged. */
  output(): string;
  /** Stops the broker (SIGTERM, waiting for its exit). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  close(): Promise<void>;
}

/**
 * Starts Debian's mosquitto on a free loopback port with one user and no anonymous access; with
 * `tls`, over TLS with a self-signed certificate for localhost.
 */
export declare function startBroker(options?: { tls?: boolean }): Promise<TestBroker>;
