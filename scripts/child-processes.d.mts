/** The pids of this process's children, from /proc. */
export declare function childProcesses(): number[];
