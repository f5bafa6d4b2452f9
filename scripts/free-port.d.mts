/** A loopback port nothing listens on now, not handed out before in this process. */
export declare function freePort(): Promise<number>;
